// The module catalogue as the language service sees it: one model built from a
// paraminfo document, whether formatversion 1 (markers are empty strings) or
// formatversion 2 (markers are booleans), bundled or fetched from a wiki.

import { modulesOfDocument } from '../../../common/src/catalogue/snapshot';
import { isModuleGroup, type ModuleGroup } from '../../../common/src/moduleSlots';
import type { ActionMarks } from '../../../common/src/apiActions';

export interface InfoCondition {
  name: string;
  values?: (string | number)[];
}

/** One of a module's examples from paraminfo: a query string and what it does (wikitext). */
export interface HelpExample {
  query: string;
  description?: string;
}

export interface ParamInfo {
  /** Unprefixed name, as in paraminfo (`limit`, `contentformat-{slot}`). */
  name: string;
  /** The wiki's help text (wikitext, helptext.ts makes it Markdown); absent in catalogues without help texts. */
  description?: string;
  /** The module's examples that use this parameter. */
  examples?: readonly HelpExample[];
  index: number;
  /** A type name; `enum` when paraminfo gave an array of values. */
  type: string;
  /** Allowed values of an enumeration (also of `submodule` parameters). */
  values?: string[];
  default?: string;
  multi: boolean;
  /** Most values a multi-valued parameter takes (paraminfo's `limit`, else `lowlimit`). */
  maxValues?: number;
  highMaxValues?: number;
  min?: number;
  max?: number;
  highmax?: number;
  required: boolean;
  deprecated: boolean;
  deprecatedValues: ReadonlySet<string>;
  sensitive: boolean;
  allSpecifier?: string;
  allowsDuplicates: boolean;
  extraNamespaces: readonly number[];
  subtypes?: readonly string[];
  info: readonly InfoCondition[];
  /** For templated parameters: placeholder -> unprefixed name of the parameter giving its values. */
  templateVars?: Readonly<Record<string, string>>;
  submodules?: Readonly<Record<string, string>>;
  submoduleParamPrefix?: string;
}

export interface ModuleInfo {
  name: string;
  path: string;
  group?: ModuleGroup;
  /** An action module other than `query` (`action=parse`), not a query submodule. */
  isAction?: boolean;
  prefix: string;
  generator: boolean;
  deprecated: boolean;
  readRights: boolean;
  /** paraminfo's `writerights` and `mustbeposted` (an action module's; common/src/apiActions.ts reads them). */
  writeRights: boolean;
  mustBePosted: boolean;
  source?: string;
  sourceName?: string;
  licenseTag?: string;
  helpUrls: readonly string[];
  /** The wiki's help text (wikitext); absent in catalogues without help texts. */
  description?: string;
  examples: readonly HelpExample[];
  params: readonly ParamInfo[];
  templatedParams: readonly ParamInfo[];
  paramByName: ReadonlyMap<string, ParamInfo>;
}

export interface Namespace {
  id: number;
  name: string;
}

/** MediaWiki's standard namespaces, used when no wiki has told us its own. */
export const STANDARD_NAMESPACES: readonly Namespace[] = [
  { id: -2, name: 'Media' },
  { id: -1, name: 'Special' },
  { id: 0, name: '(Main)' },
  { id: 1, name: 'Talk' },
  { id: 2, name: 'User' },
  { id: 3, name: 'User talk' },
  { id: 4, name: 'Project' },
  { id: 5, name: 'Project talk' },
  { id: 6, name: 'File' },
  { id: 7, name: 'File talk' },
  { id: 8, name: 'MediaWiki' },
  { id: 9, name: 'MediaWiki talk' },
  { id: 10, name: 'Template' },
  { id: 11, name: 'Template talk' },
  { id: 12, name: 'Help' },
  { id: 13, name: 'Help talk' },
  { id: 14, name: 'Category' },
  { id: 15, name: 'Category talk' },
];

/** Who owns a full parameter name as sent on the wire. */
export interface ParamOwner {
  module: ModuleInfo;
  param: ParamInfo;
  asGenerator: boolean;
}

export class Catalogue {
  readonly modules: ReadonlyMap<string, ModuleInfo>;
  readonly actions: ReadonlyMap<string, ModuleInfo>;
  readonly byGroup: Readonly<Record<ModuleGroup, readonly ModuleInfo[]>>;
  readonly generators: readonly ModuleInfo[];
  /** True when the modules carry the wiki's help texts (a live catalogue fetched with them). */
  readonly hasHelpTexts: boolean;
  private ownerIndex?: Map<string, ParamOwner[]>;

  constructor(
    modules: readonly ModuleInfo[],
    /** The `main` module's own parameters. */
    readonly main: ModuleInfo,
    /** The `query` module's own parameters. */
    readonly query: ModuleInfo,
    readonly namespaces: readonly Namespace[] = STANDARD_NAMESPACES,
    /** Where this catalogue came from, for messages ("bundled", a wiki's URL). */
    readonly origin = 'bundled',
    /** The other action modules (`parse`, `compare`, `edit`, …), by name; `query` is not among them. */
    actions: readonly ModuleInfo[] = [],
  ) {
    this.actions = new Map([...actions].sort((a, b) => a.name.localeCompare(b.name)).map((m) => [m.name, m]));
    const sorted = [...modules].sort((a, b) => a.name.localeCompare(b.name));
    this.modules = new Map(sorted.map((m) => [m.name, m]));
    this.byGroup = {
      list: sorted.filter((m) => m.group === 'list'),
      prop: sorted.filter((m) => m.group === 'prop'),
      meta: sorted.filter((m) => m.group === 'meta'),
    };
    this.generators = sorted.filter((m) => m.generator);
    this.hasHelpTexts = sorted.some((m) => m.description !== undefined);
  }

  module(name: string): ModuleInfo | undefined {
    return this.modules.get(name);
  }

  /** An action module other than `query` (`parse`, `edit`), as paraminfo describes it. */
  action(name: string): ModuleInfo | undefined {
    return this.actions.get(name);
  }

  /** The ids of the wiki's namespaces (not the virtual Special and Media): asked per namespace value, so made once. */
  namespaceIds(): ReadonlySet<number> {
    this.namespaceIdSet ??= new Set(this.namespaces.filter((ns) => ns.id >= 0).map((ns) => ns.id));
    return this.namespaceIdSet;
  }
  private namespaceIdSet?: Set<number>;

  /**
   * Every module parameter that could be sent under `fullName`: as a list,
   * prop or meta module (`prefix + name`) or as a generator (`g` + prefix + name).
   * Templated names are matched by pattern.
   */
  ownersOf(fullName: string): readonly ParamOwner[] {
    this.ownerIndex ??= this.buildOwnerIndex();
    const direct = this.ownerIndex.get(fullName) ?? [];
    const templated = this.templatedOwners(fullName);
    return templated.length ? [...direct, ...templated] : direct;
  }

  private buildOwnerIndex(): Map<string, ParamOwner[]> {
    const index = new Map<string, ParamOwner[]>();
    const add = (key: string, owner: ParamOwner) => {
      const list = index.get(key);
      if (list) list.push(owner);
      else index.set(key, [owner]);
    };
    for (const module of this.modules.values()) {
      for (const param of module.params) {
        add(module.prefix + param.name, { module, param, asGenerator: false });
        if (module.generator) add('g' + module.prefix + param.name, { module, param, asGenerator: true });
      }
    }
    return index;
  }

  private templatedOwners(fullName: string): ParamOwner[] {
    const owners: ParamOwner[] = [];
    for (const module of this.modules.values()) {
      for (const param of module.templatedParams) {
        const head = param.name.slice(0, param.name.indexOf('{'));
        for (const asGenerator of module.generator ? [false, true] : [false]) {
          const prefix = (asGenerator ? 'g' : '') + module.prefix + head;
          if (fullName.startsWith(prefix) && fullName.length > prefix.length) owners.push({ module, param, asGenerator });
        }
      }
    }
    return owners;
  }
}

type Json = Record<string, unknown>;

/** What makes an action module write, for common/src/apiActions.ts (`writeRefusal`). */
export function actionMarks(module: ModuleInfo): ActionMarks {
  return { writeRights: module.writeRights, mustBePosted: module.mustBePosted, takesToken: module.paramByName.has('token') };
}

/** How a module is named where it is used: `list`, `prop`, `meta`, `action` (or `module` when unknown). */
export function moduleRole(module: ModuleInfo): string {
  return module.isAction ? 'action' : (module.group ?? 'module');
}

/** True for a formatversion-1 marker (`""`) or a formatversion-2 `true`. */
function marker(value: unknown): boolean {
  return value === '' || value === true;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => String(v)) : [];
}

export function readParam(raw: Json): ParamInfo {
  const rawType = raw.type;
  let type = typeof rawType === 'string' ? rawType : 'string';
  let values: string[] | undefined;
  if (Array.isArray(rawType)) {
    type = 'enum';
    values = rawType.map((v) => String(v));
  }
  const submodules = raw.submodules && typeof raw.submodules === 'object' ? (raw.submodules as Record<string, string>) : undefined;
  if (type === 'submodule' && submodules) {
    type = 'enum';
    values = Object.keys(submodules);
  }
  const multi = marker(raw.multi);
  const info = Array.isArray(raw.info)
    ? (raw.info as Json[]).map((i) => ({
        name: String(i.name ?? ''),
        ...(Array.isArray(i.values) ? { values: i.values as (string | number)[] } : {}),
      }))
    : [];
  let def: string | undefined;
  if (raw.default !== undefined && raw.default !== null && raw.default !== false) {
    def = String(raw.default);
  }
  return {
    name: String(raw.name ?? ''),
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    index: asNumber(raw.index) ?? 0,
    type,
    values,
    default: def,
    multi,
    maxValues: multi ? (asNumber(raw.limit) ?? asNumber(raw.lowlimit) ?? 50) : undefined,
    highMaxValues: multi ? asNumber(raw.highlimit) : undefined,
    min: asNumber(raw.min),
    max: asNumber(raw.max),
    highmax: asNumber(raw.highmax),
    required: marker(raw.required),
    deprecated: marker(raw.deprecated),
    deprecatedValues: new Set(asStrings(raw.deprecatedvalues)),
    sensitive: marker(raw.sensitive),
    allSpecifier: typeof raw.allspecifier === 'string' ? raw.allspecifier : undefined,
    allowsDuplicates: marker(raw.allowsduplicates),
    extraNamespaces: Array.isArray(raw.extranamespaces) ? raw.extranamespaces.map(Number) : [],
    subtypes: Array.isArray(raw.subtypes) ? asStrings(raw.subtypes) : undefined,
    info,
    templateVars: raw.templatevars && typeof raw.templatevars === 'object' ? (raw.templatevars as Record<string, string>) : undefined,
    submodules,
    submoduleParamPrefix: typeof raw.submoduleparamprefix === 'string' ? raw.submoduleparamprefix : undefined,
  };
}

/** At most this many examples of a module are kept (a hostile wiki could send thousands). */
const MAX_EXAMPLES = 20;

function readExamples(value: unknown): HelpExample[] {
  const examples: HelpExample[] = [];
  for (const raw of Array.isArray(value) ? (value as Json[]).slice(0, MAX_EXAMPLES) : []) {
    if (!raw || typeof raw !== 'object' || typeof raw.query !== 'string') continue;
    examples.push({ query: raw.query, ...(typeof raw.description === 'string' ? { description: raw.description } : {}) });
  }
  return examples;
}

/** The parameter names an example's query sends (`list=allpages&apfrom=B` → list, apfrom). */
function namesSent(example: HelpExample): Set<string> {
  return new Set(example.query.split('&').map((pair) => pair.slice(0, Math.max(0, pair.indexOf('=')))));
}

export function readModule(raw: Json): ModuleInfo {
  const examples = readExamples(raw.examples);
  const sent = examples.map(namesSent);
  const prefix = typeof raw.prefix === 'string' ? raw.prefix : '';
  // A parameter's examples: those that send it, as `prefix+name` or, for a generator, `g+prefix+name`.
  const withExamples = (param: ParamInfo): ParamInfo => {
    const used = examples.filter((_, i) => sent[i]!.has(prefix + param.name) || sent[i]!.has(`g${prefix}${param.name}`));
    return used.length ? { ...param, examples: used } : param;
  };
  const params = Array.isArray(raw.parameters) ? (raw.parameters as Json[]).map((p) => withExamples(readParam(p))) : [];
  const templatedParams = Array.isArray(raw.templatedparameters) ? (raw.templatedparameters as Json[]).map(readParam) : [];
  const group = raw.group;
  return {
    name: String(raw.name ?? ''),
    path: String(raw.path ?? raw.name ?? ''),
    group: typeof group === 'string' && isModuleGroup(group) ? group : undefined,
    prefix,
    generator: marker(raw.generator),
    deprecated: marker(raw.deprecated),
    readRights: marker(raw.readrights),
    writeRights: marker(raw.writerights),
    mustBePosted: marker(raw.mustbeposted),
    source: typeof raw.source === 'string' ? raw.source : undefined,
    sourceName: typeof raw.sourcename === 'string' ? raw.sourcename : undefined,
    licenseTag: typeof raw.licensetag === 'string' ? raw.licensetag : undefined,
    helpUrls: asStrings(raw.helpurls),
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    examples,
    params,
    templatedParams,
    paramByName: new Map(params.map((p) => [p.name, p])),
  };
}

/** The `modules` array of a paraminfo answer (`{paraminfo: {modules}}` or `{modules}`). */
export function modulesOf(document: unknown): Json[] {
  return modulesOfDocument(document) as Json[];
}

/**
 * Builds a catalogue from paraminfo documents: the `query+…` submodules, the
 * `main` and `query` modules and the other actions, from one document or several.
 */
export function buildCatalogue(
  documents: readonly unknown[],
  options: { namespaces?: readonly Namespace[]; origin?: string } = {},
): Catalogue {
  const modules: ModuleInfo[] = [];
  const actions: ModuleInfo[] = [];
  let main: ModuleInfo | undefined;
  let query: ModuleInfo | undefined;
  for (const document of documents) {
    for (const raw of modulesOf(document)) {
      const module = readModule(raw);
      if (module.path === 'main') main = module;
      else if (module.path === 'query') query = module;
      else if (module.path.startsWith('query+')) modules.push(module);
      else if (!module.path.includes('+')) actions.push({ ...module, isAction: true });
    }
  }
  const empty = (name: string): ModuleInfo => ({
    name,
    path: name,
    prefix: '',
    generator: false,
    deprecated: false,
    readRights: false,
    writeRights: false,
    mustBePosted: false,
    helpUrls: [],
    examples: [],
    params: [],
    templatedParams: [],
    paramByName: new Map(),
  });
  return new Catalogue(modules, main ?? empty('main'), query ?? empty('query'), options.namespaces, options.origin, actions);
}
