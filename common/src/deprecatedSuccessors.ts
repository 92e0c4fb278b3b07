// What replaces a deprecated module or parameter of MediaWiki core, where its
// own help says so ("Use cmstarthexsortkey instead."): paraminfo marks a
// parameter deprecated but names no successor, so the few core renames are
// listed here, once, for the deprecation diagnostic's message and its quick
// fix *Replace with …* (docs/file-format.md, `deprecation`).

/** A parameter's successor: its unprefixed name, and how the value carries over. */
export interface ParamSuccessor {
  /** Unprefixed, in the same module (`starthexsortkey`). */
  name: string;
  /** A fixed value (`ucshow=top` for the flag `uctoponly`); absent: the value is kept. */
  value?: string;
  /** `hex`: the old value is written as the hex of its UTF-8 bytes (a raw sortkey → a hex sortkey). */
  encode?: 'hex';
}

/** By module name and unprefixed parameter name (`categorymembers.startsortkey`), so `gcm…` is found too. */
export const DEPRECATED_PARAM_SUCCESSORS: Readonly<Record<string, ParamSuccessor>> = {
  'categorymembers.startsortkey': { name: 'starthexsortkey', encode: 'hex' },
  'categorymembers.endsortkey': { name: 'endhexsortkey', encode: 'hex' },
  'usercontribs.toponly': { name: 'show', value: 'top' },
  'random.redirect': { name: 'filterredir', value: 'redirects' },
  'langlinks.url': { name: 'prop', value: 'url' },
  'iwlinks.url': { name: 'prop', value: 'url' },
  'stashimageinfo.sessionkey': { name: 'filekey' },
};

/** Deprecated modules: what to use instead, said in the diagnostic's message. */
export const DEPRECATED_MODULE_SUCCESSORS: Readonly<Record<string, string>> = {
  deletedrevs: 'use `list=alldeletedrevisions` or `prop=deletedrevisions`',
};

/** The successor of `module`'s parameter `param` (unprefixed), if core names one. */
export function paramSuccessor(module: string | undefined, param: string): ParamSuccessor | undefined {
  return module === undefined ? undefined : DEPRECATED_PARAM_SUCCESSORS[`${module}.${param}`];
}

/** The value for the successor: fixed, kept, or hex-encoded. */
export function successorValue(successor: ParamSuccessor, value: string): string {
  if (successor.value !== undefined) return successor.value;
  if (successor.encode !== 'hex') return value;
  let hex = '';
  for (const byte of new TextEncoder().encode(value)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
