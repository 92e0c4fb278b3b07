// What changes between two wikis' catalogues: the query modules, the other
// actions (`action=parse`) and the parameters one has and the other lacks, and the parameters both have but
// read differently (type, values, limits, deprecation). What a user checks
// before moving a query file from one wiki (or MediaWiki release) to another.
// Pure: two Catalogues in, plain data out; catalogueDiffText() words it.

import type { Catalogue, ModuleInfo, ParamInfo } from './catalogue';

export interface ParamChange {
  /** The name as sent (`apnamespace`; `maxlag` for a main-module parameter). */
  param: string;
  /** One short phrase per difference: `type string → integer`, `values +a -b`, `now deprecated`. */
  changes: string[];
}

export interface ModuleChange {
  /** `list=allpages`, `prop=revisions`, `action=parse`, or `main` / `query` for the top-level parameters. */
  module: string;
  /** Differences of the module itself (`now deprecated`, `no longer a generator`). */
  changes: string[];
  paramsAdded: string[];
  paramsRemoved: string[];
  paramsChanged: ParamChange[];
}

export interface CatalogueDiff {
  /** In B, not in A. */
  modulesAdded: string[];
  /** In A, not in B. */
  modulesRemoved: string[];
  /** In both, with some difference. */
  modulesChanged: ModuleChange[];
  /** Namespaces (`2300 Gadget`) in B, not in A: values a namespace parameter takes on B only. */
  namespacesAdded: string[];
  /** Namespaces in A, not in B. */
  namespacesRemoved: string[];
}

/** The modules as the file format names them: `list=allpages`, `action=parse`, plus `main` and `query` for the top-level parameters. */
function modulesByLabel(catalogue: Catalogue): Map<string, ModuleInfo> {
  const map = new Map<string, ModuleInfo>([
    ['main', catalogue.main],
    ['query', catalogue.query],
  ]);
  for (const module of catalogue.modules.values()) map.set(`${module.group ?? 'query'}=${module.name}`, module);
  for (const action of catalogue.actions.values()) map.set(`action=${action.name}`, action);
  return map;
}

const sortedKeys = <T>(map: ReadonlyMap<string, T>): string[] => [...map.keys()].sort();

export function diffCatalogues(a: Catalogue, b: Catalogue): CatalogueDiff {
  const before = modulesByLabel(a);
  const after = modulesByLabel(b);
  const diff: CatalogueDiff = { modulesAdded: [], modulesRemoved: [], modulesChanged: [], namespacesAdded: [], namespacesRemoved: [] };
  for (const label of sortedKeys(after)) if (!before.has(label)) diff.modulesAdded.push(label);
  for (const label of sortedKeys(before)) {
    const old = before.get(label)!;
    const now = after.get(label);
    if (!now) {
      diff.modulesRemoved.push(label);
      continue;
    }
    const change = diffModule(label, old, now);
    if (change) diff.modulesChanged.push(change);
  }
  const namespaces = (c: Catalogue) => new Map(c.namespaces.filter((n) => n.id >= 0).map((n) => [n.id, `${n.id} ${n.name}`] as const));
  const nsBefore = namespaces(a);
  const nsAfter = namespaces(b);
  for (const [id, label] of [...nsAfter].sort(([x], [y]) => x - y)) if (!nsBefore.has(id)) diff.namespacesAdded.push(label);
  for (const [id, label] of [...nsBefore].sort(([x], [y]) => x - y)) if (!nsAfter.has(id)) diff.namespacesRemoved.push(label);
  return diff;
}

export function isEmptyDiff(diff: CatalogueDiff): boolean {
  return (
    !diff.modulesAdded.length &&
    !diff.modulesRemoved.length &&
    !diff.modulesChanged.length &&
    !diff.namespacesAdded.length &&
    !diff.namespacesRemoved.length
  );
}

function diffModule(label: string, a: ModuleInfo, b: ModuleInfo): ModuleChange | undefined {
  const changes: string[] = [];
  flag(changes, a.deprecated, b.deprecated, 'deprecated');
  flag(changes, a.generator, b.generator, 'a generator');
  // An action's read/write markers (common/src/apiActions.ts): a read that now writes is refused there.
  flag(changes, a.writeRights, b.writeRights, 'needing write rights');
  flag(changes, a.mustBePosted, b.mustBePosted, 'to be posted');
  if (a.prefix !== b.prefix) changes.push(`prefix ${a.prefix || '(none)'} → ${b.prefix || '(none)'}`);
  // Parameters by the name sent on the wire, templated ones (`{slot}`) included.
  const full = (m: ModuleInfo) => new Map([...m.params, ...m.templatedParams].map((p) => [m.prefix + p.name, p] as const));
  const before = full(a);
  const after = full(b);
  const paramsAdded = sortedKeys(after).filter((n) => !before.has(n));
  const paramsRemoved = sortedKeys(before).filter((n) => !after.has(n));
  const paramsChanged: ParamChange[] = [];
  for (const name of sortedKeys(before)) {
    const now = after.get(name);
    if (!now) continue;
    const c = diffParam(before.get(name)!, now);
    if (c.length) paramsChanged.push({ param: name, changes: c });
  }
  if (!changes.length && !paramsAdded.length && !paramsRemoved.length && !paramsChanged.length) return undefined;
  return { module: label, changes, paramsAdded, paramsRemoved, paramsChanged };
}

function flag(out: string[], before: boolean, after: boolean, what: string): void {
  if (before !== after) out.push(after ? `now ${what}` : `no longer ${what}`);
}

/** At most 20 items, then how many more: a wiki's value lists can be long. */
function few(items: string[]): string {
  const shown = items.slice(0, 20).map((v) => (v.length > 60 ? `${v.slice(0, 60)}…` : v));
  return items.length > 20 ? `${shown.join(' ')} … (${items.length - 20} more)` : shown.join(' ');
}

function diffParam(a: ParamInfo, b: ParamInfo): string[] {
  const out: string[] = [];
  if (a.type !== b.type) out.push(`type ${a.type} → ${b.type}`);
  const va = new Set(a.values ?? []);
  const vb = new Set(b.values ?? []);
  const added = [...vb].filter((v) => !va.has(v)).sort();
  const removed = [...va].filter((v) => !vb.has(v)).sort();
  if (a.values && b.values && (added.length || removed.length))
    out.push(`values ${few([...added.map((v) => `+${v}`), ...removed.map((v) => `-${v}`)])}`);
  const depA = a.deprecatedValues;
  const depB = b.deprecatedValues;
  const newlyDeprecated = [...depB].filter((v) => !depA.has(v)).sort();
  if (newlyDeprecated.length) out.push(`deprecated values ${few(newlyDeprecated)}`);
  flag(out, a.deprecated, b.deprecated, 'deprecated');
  flag(out, a.required, b.required, 'required');
  flag(out, a.multi, b.multi, 'multi-valued');
  const number = (label: string, x: number | string | undefined, y: number | string | undefined) => {
    if (x !== y) out.push(`${label} ${x ?? '(none)'} → ${y ?? '(none)'}`);
  };
  number('default', a.default, b.default);
  number('min', a.min, b.min);
  number('max', a.max, b.max);
  number('highmax', a.highmax, b.highmax);
  number('most values', a.maxValues, b.maxValues);
  return out;
}

/** A name from a wiki, cut for a line of text (a hostile wiki's names can be any length). */
const cut = (name: string) => (name.length > 120 ? `${name.slice(0, 120)}…` : name);

/** Readable lines: `+ list=foo`, `- meta=bar`, `~ list=allpages` with its parameters indented below, then `± namespace N Name`. */
export function catalogueDiffText(diff: CatalogueDiff): string[] {
  const lines: string[] = [];
  for (const m of diff.modulesAdded) lines.push(`+ ${cut(m)}`);
  for (const m of diff.modulesRemoved) lines.push(`- ${cut(m)}`);
  for (const m of diff.modulesChanged) {
    lines.push(`~ ${cut(m.module)}${m.changes.length ? `: ${m.changes.map(cut).join('; ')}` : ''}`);
    for (const p of m.paramsAdded) lines.push(`    + ${cut(p)}`);
    for (const p of m.paramsRemoved) lines.push(`    - ${cut(p)}`);
    for (const p of m.paramsChanged) lines.push(`    ~ ${cut(p.param)}: ${p.changes.join('; ')}`);
  }
  for (const n of diff.namespacesAdded) lines.push(`+ namespace ${cut(n)}`);
  for (const n of diff.namespacesRemoved) lines.push(`- namespace ${cut(n)}`);
  return lines;
}
