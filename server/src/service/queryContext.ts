// What one query means against a catalogue: its action (`query`, or another
// action module such as `parse`), which modules it uses (as list, prop, meta
// or generator, or the action itself) and which full parameter names that
// makes valid.
// Diagnostics, completion and hover all start from here.

import type { ParamNode, QueryNode, ValueItem } from '../../../common/src/syntaxTree';
import { actionMarks, type Catalogue, type ModuleInfo, type ParamInfo } from './catalogue';
import { writeRefusal } from '../../../common/src/apiActions';
import { MODULE_SLOTS, type ModuleSlot } from '../../../common/src/moduleSlots';

export interface ModuleUse {
  module: ModuleInfo;
  /** `action` for an action module other than `query` (`action=parse`): its parameters have no prefix. */
  slot: ModuleSlot | 'action';
  /** Where the module is named (`list=allpages|…`, `action=parse`). */
  item: ValueItem;
  param: ParamNode;
}

export interface ResolvedParam {
  fullName: string;
  param: ParamInfo;
  /** Undefined for the `main` and `query` modules' own parameters. */
  module?: ModuleInfo;
  asGenerator: boolean;
  /** A parameter of the `main` module (as opposed to `query` or a submodule). */
  fromMain?: boolean;
  /** For templated parameters, the placeholder values (`{slot: 'main'}`). */
  templateValues?: Record<string, string>;
}

export class QueryContext {
  /** Modules named in the right slot and known to the catalogue. */
  readonly uses: ModuleUse[] = [];
  /** Last occurrence of each parameter name (the one the API keeps). */
  readonly lastByName = new Map<string, ParamNode>();
  /** The action as written (`query` when the query has no `action=` line or an empty one). */
  readonly action: string;
  /** The action is `query`: list, prop, meta, generator and the pages parameters apply. */
  readonly isQuery: boolean;
  /** The action's module, for an action other than `query` the catalogue knows. */
  readonly actionModule?: ModuleInfo;
  /** Why the action is never sent (it writes: common/src/apiActions.ts), or undefined. */
  readonly writeRefusal?: string;
  private names?: Map<string, ResolvedParam>;
  private templated?: Map<string, ResolvedParam>;

  constructor(
    readonly query: QueryNode,
    readonly catalogue: Catalogue,
  ) {
    for (const param of query.params) this.lastByName.set(param.name, param);
    const actionNode = this.lastByName.get('action');
    this.action = actionNode?.hasEquals && actionNode.value !== '' ? actionNode.value : 'query';
    this.isQuery = this.action === 'query';
    if (!this.isQuery) {
      this.actionModule = catalogue.action(this.action);
      this.writeRefusal = this.actionModule && writeRefusal(this.actionModule.name, actionMarks(this.actionModule));
      const item = { text: this.action, start: actionNode!.valueSpan.start, end: actionNode!.valueSpan.end };
      if (this.actionModule) this.uses.push({ module: this.actionModule, slot: 'action', item, param: actionNode! });
      return;
    }
    for (const slot of MODULE_SLOTS) {
      const param = this.lastByName.get(slot);
      if (!param || !param.hasEquals || param.value === '') continue;
      const items = slot === 'generator' ? [{ text: param.value, start: param.valueSpan.start, end: param.valueSpan.end }] : param.items;
      for (const item of items) {
        const module = catalogue.module(item.text);
        if (!module) continue;
        if (slot === 'generator' ? module.generator : module.group === slot) this.uses.push({ module, slot, item, param });
      }
    }
  }

  has(name: string): boolean {
    return this.lastByName.has(name);
  }

  /** Every full name this query can send, mapped to its descriptor (for completion and suggestions). */
  available(): ReadonlyMap<string, ResolvedParam> {
    if (!this.names) {
      this.names = new Map(baseNames(this.catalogue, this.isQuery));
      for (const use of this.uses)
        for (const [name, resolved] of moduleNames(use.module, use.slot === 'generator')) this.names.set(name, resolved);
      for (const [name, resolved] of this.templatedNames()) this.names.set(name, resolved);
    }
    return this.names;
  }

  /** The descriptor of a full name, without building the whole map: validation calls this per parameter. */
  resolve(fullName: string): ResolvedParam | undefined {
    if (this.names) return this.names.get(fullName);
    for (const use of this.uses) {
      const hit = moduleNames(use.module, use.slot === 'generator').get(fullName);
      if (hit) return hit;
    }
    return baseNames(this.catalogue, this.isQuery).get(fullName) ?? this.templatedNames().get(fullName);
  }

  /** Values given to a module's parameter in this query (for template placeholders). */
  private valuesOf(fullName: string, param: ParamInfo | undefined): string[] {
    const node = this.lastByName.get(fullName);
    if (!node || node.value === '') return [];
    const values = node.items.map((i) => i.text);
    if (param?.allSpecifier && values.includes(param.allSpecifier)) return param.values ?? [];
    return values;
  }

  private templatedNames(): Map<string, ResolvedParam> {
    if (this.templated) return this.templated;
    const names = new Map<string, ResolvedParam>();
    for (const use of this.uses) {
      if (use.module.templatedParams.length === 0) continue;
      const asGenerator = use.slot === 'generator';
      const prefix = (asGenerator ? 'g' : '') + use.module.prefix;
      for (const param of use.module.templatedParams) {
        for (const expanded of this.expandTemplate(use.module, prefix, param)) {
          names.set(expanded.fullName, { ...expanded, param, module: use.module, asGenerator });
        }
      }
    }
    this.templated = names;
    return names;
  }

  private expandTemplate(
    module: ModuleInfo,
    prefix: string,
    param: ParamInfo,
  ): { fullName: string; templateValues: Record<string, string> }[] {
    let results = [{ fullName: prefix + param.name, templateValues: {} as Record<string, string> }];
    for (const [placeholder, source] of Object.entries(param.templateVars ?? {})) {
      const values = this.valuesOf(prefix + source, module.paramByName.get(source));
      results = results.flatMap((r) =>
        values.map((value) => ({
          fullName: r.fullName.replace(`{${placeholder}}`, value),
          templateValues: { ...r.templateValues, [placeholder]: value },
        })),
      );
    }
    return results;
  }
}

// Name tables that depend only on the catalogue, built once and shared by
// every query (validation of big files would otherwise rebuild them per query).
const baseTables = new WeakMap<Catalogue, Map<string, ResolvedParam>[]>();
const moduleTables = new WeakMap<ModuleInfo, Map<string, ResolvedParam>[]>();

/** The `main` module's parameters, and the `query` module's when the action is `query`. */
function baseNames(catalogue: Catalogue, withQuery: boolean): Map<string, ResolvedParam> {
  let tables = baseTables.get(catalogue);
  if (!tables) {
    tables = [false, true].map((query) => {
      const table = new Map<string, ResolvedParam>();
      for (const param of catalogue.main.params) table.set(param.name, { fullName: param.name, param, asGenerator: false, fromMain: true });
      if (query) for (const param of catalogue.query.params) table.set(param.name, { fullName: param.name, param, asGenerator: false });
      return table;
    });
    baseTables.set(catalogue, tables);
  }
  return tables[withQuery ? 1 : 0]!;
}

function moduleNames(module: ModuleInfo, asGenerator: boolean): Map<string, ResolvedParam> {
  let tables = moduleTables.get(module);
  if (!tables) {
    tables = [false, true].map((gen) => {
      const prefix = (gen ? 'g' : '') + module.prefix;
      return new Map(
        module.params.map((param) => [prefix + param.name, { fullName: prefix + param.name, param, module, asGenerator: gen }]),
      );
    });
    moduleTables.set(module, tables);
  }
  return tables[asGenerator ? 1 : 0]!;
}
