// Validation of a parsed `.mwq` document against a catalogue: every row of the
// diagnostics table in the design (section 4). Codes the API itself reports
// carry the API's code and severity; editor-only checks use kebab-case codes.

import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParamNode, ParsedDocument, QueryNode, Span, ValueItem } from '../../../common/src/parser';
import { VariableScope } from '../../../common/src/resolve';
import { isOnlyReferences } from '../../../common/src/variables';
import type { Catalogue, ModuleGroup, ModuleInfo, ParamInfo } from './catalogue';
import { nearest } from './nearest';
import { QueryContext, type ResolvedParam } from './queryContext';
import { isFalseLooking, isInteger, isTimestamp, isUserReference } from './values';
import type { FixData } from './fixes';
import { expectationProblems } from './expectDiagnostics';
import { chainProblems } from './chainDiagnostics';
import { chainRefOf } from '../../../common/src/chain/chainRef';

export const SOURCE = 'mwquery';

/** Parameters the runner sets itself (JSON, formatversion 2). */
export const RUNNER_PARAMETERS = new Set(['format', 'formatversion', 'utf8', 'ascii', 'callback']);

/** Successors named in deprecation messages. */
const REPLACEMENTS: Record<string, string> = {
  deletedrevs: 'use `list=alldeletedrevisions` or `prop=deletedrevisions`',
};

const PAGE_SOURCES = ['titles', 'pageids', 'revids'];

class Collector {
  readonly diagnostics: Diagnostic[] = [];
  constructor(private readonly document: TextDocument) {}

  add(span: Span, severity: DiagnosticSeverity, code: string, message: string, extra: Partial<Diagnostic> = {}): void {
    this.diagnostics.push({
      range: { start: this.document.positionAt(span.start), end: this.document.positionAt(span.end) },
      severity,
      code,
      source: SOURCE,
      message,
      ...extra,
    });
  }

  deprecation(span: Span, message: string, fix?: FixData): void {
    this.add(span, DiagnosticSeverity.Warning, 'deprecation', message, {
      tags: [DiagnosticTag.Deprecated],
      ...(fix ? { data: fix } : {}),
    });
  }
}

/**
 * Diagnostics of each query, keyed by the query's text (and the values of the
 * variables it uses), so an edit re-checks only the query it touched. Ranges
 * are stored relative to the query's first line.
 */
export class QueryDiagnosticsCache {
  private catalogue?: Catalogue;
  private entries = new Map<string, Diagnostic[]>();

  /** Starts a validation pass; entries not used in it are dropped at `end`. */
  begin(catalogue: Catalogue): Map<string, Diagnostic[]> {
    if (this.catalogue !== catalogue) this.entries.clear();
    this.catalogue = catalogue;
    return new Map();
  }

  get(key: string): Diagnostic[] | undefined {
    return this.entries.get(key);
  }

  end(used: Map<string, Diagnostic[]>): void {
    this.entries = used;
  }
}

export function validate(document: TextDocument, parsed: ParsedDocument, catalogue: Catalogue, cache?: QueryDiagnosticsCache): Diagnostic[] {
  const out = new Collector(document);
  const scope = new VariableScope(parsed);
  for (const problem of parsed.problems) out.add(problem.span, DiagnosticSeverity.Error, 'syntax', problem.message);
  checkVariables(parsed, scope, out);
  for (const p of expectationProblems(parsed)) out.add(p.span, DiagnosticSeverity.Error, p.code, p.message);
  for (const p of chainProblems(parsed)) out.add(p.span, p.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning, p.code, p.message);
  const used = cache?.begin(catalogue);
  for (const query of parsed.queries) {
    const key = cache ? queryKey(parsed, query, scope) : '';
    let relative = cache?.get(key) ?? used?.get(key);
    if (!relative) {
      const queryOut = new Collector(document);
      new QueryValidator(new QueryContext(query, catalogue), scope, queryOut).run();
      relative = queryOut.diagnostics.map((d) => shiftLines(d, -query.firstLine));
    }
    used?.set(key, relative);
    for (const d of relative) out.diagnostics.push(shiftLines(d, query.firstLine));
  }
  if (cache && used) cache.end(used);
  return out.diagnostics.sort(byPosition);
}

/**
 * What a query's diagnostics depend on: its text, and the values of the
 * variables it uses, as a hash. (The text itself would do, but a slice keeps
 * the whole document it was cut from alive for as long as the cache holds it.)
 */
function queryKey(parsed: ParsedDocument, query: QueryNode, scope: VariableScope): string {
  // Incremental parsing hands back the same node for a query whose text did
  // not change: its text hash is computed once.
  let textHash = textHashes.get(query);
  if (textHash === undefined) {
    const hash = new TextHash();
    hash.add(parsed.text, query.span.start, query.span.end);
    textHash = hash.digest();
    textHashes.set(query, textHash);
  }
  if (!query.params.some((p) => p.uses.length)) return textHash;
  const hash = new TextHash();
  hash.add(textHash, 0, textHash.length);
  for (const param of query.params) {
    if (param.uses.length === 0) continue;
    const resolved = scope.resolve(param.value, param.valueSpan.start);
    const text = `\u0000${resolved.complete ? '1' : '0'}${resolved.text}`;
    hash.add(text, 0, text.length);
  }
  return hash.digest();
}

const textHashes = new WeakMap<QueryNode, string>();

/** Two independent 32-bit FNV-1a style hashes and the length: collisions are out of reach for editor use. */
class TextHash {
  private a = 0x811c9dc5;
  private b = 0x01000193 ^ 0x5bd1e995;
  private length = 0;

  add(text: string, start: number, end: number): void {
    let a = this.a;
    let b = this.b;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
    this.a = a;
    this.b = b;
    this.length += end - start;
  }

  digest(): string {
    return `${(this.a >>> 0).toString(36)}.${(this.b >>> 0).toString(36)}.${this.length}`;
  }
}

function shiftLines(d: Diagnostic, by: number): Diagnostic {
  return {
    ...d,
    range: {
      start: { line: d.range.start.line + by, character: d.range.start.character },
      end: { line: d.range.end.line + by, character: d.range.end.character },
    },
  };
}

function checkVariables(parsed: ParsedDocument, scope: VariableScope, out: Collector): void {
  for (const use of parsed.uses) {
    if (use.kind === 'variable') {
      if (!scope.definitionAt(use.name, use.span.start)) {
        out.add(use.span, DiagnosticSeverity.Error, 'undefined-variable', `\`{{${use.name}}}\` is not defined above this line; define it with \`@${use.name} = value\`.`);
      }
    } else if (use.kind === 'unknown-function') {
      out.add(use.span, DiagnosticSeverity.Error, 'undefined-variable', `\`${use.fn}\` is not a known function; use \`{{$env NAME}}\` or \`{{$secret NAME}}\`.`);
    } else if (use.name === '') {
      out.add(use.span, DiagnosticSeverity.Error, 'undefined-variable', `\`{{${use.fn}}}\` needs a name: \`{{${use.fn} NAME}}\`.`);
    }
  }
}

class QueryValidator {
  private readonly catalogue: Catalogue;
  private readonly query: QueryNode;

  constructor(
    private readonly ctx: QueryContext,
    private readonly scope: VariableScope,
    private readonly out: Collector,
  ) {
    this.catalogue = ctx.catalogue;
    this.query = ctx.query;
  }

  run(): void {
    for (const node of this.query.params) this.checkParam(node);
    this.checkRequired();
    this.checkPageSources();
    this.checkInfoConditions();
  }

  private checkParam(node: ParamNode): void {
    const last = this.ctx.lastByName.get(node.name);
    if (last !== node && last) {
      this.out.add(node.nameSpan, DiagnosticSeverity.Warning, 'duplicate-parameter', `\`${node.name}\` is given again on line ${last.line + 1}; the API uses only the last value.`, {
        tags: [DiagnosticTag.Unnecessary],
        data: { fix: 'removeParam' } satisfies FixData,
      });
    }
    if (RUNNER_PARAMETERS.has(node.name)) {
      if (!node.fromUrl) {
        this.out.add(node.nameSpan, DiagnosticSeverity.Hint, 'runner-parameter', `\`${node.name}\` is set by the runner (JSON, formatversion 2); this line is ignored.`, {
          tags: [DiagnosticTag.Unnecessary],
          data: { fix: 'removeParam' } satisfies FixData,
        });
      }
      return;
    }
    if (node.name === 'action') {
      if (node.value !== 'query') {
        this.out.add(node.hasEquals ? node.valueSpan : node.nameSpan, DiagnosticSeverity.Error, 'unsupported-action', 'Query files run `action=query`; other actions are not supported.');
      }
      return;
    }
    if (node.name === 'list' || node.name === 'prop' || node.name === 'meta') {
      this.checkModuleList(node, node.name);
      this.checkMultiCount(node, this.catalogue.query.paramByName.get(node.name), node.items.length);
      return;
    }
    if (node.name === 'generator') {
      this.checkGenerator(node);
      return;
    }
    const resolved = this.ctx.resolve(node.name);
    if (!resolved) {
      this.reportUnknownParam(node);
      return;
    }
    const { param } = resolved;
    if (param.deprecated) {
      this.out.deprecation(node.nameSpan, `\`${node.name}\` is deprecated${resolved.module ? ` (${describeOwner(resolved)})` : ''}.`, { fix: 'removeParam' });
    }
    this.checkValue(node, resolved);
  }

  private checkModuleList(node: ParamNode, group: ModuleGroup): void {
    if (!node.hasEquals || node.value === '') return;
    for (const item of node.items) {
      const module = this.catalogue.module(item.text);
      if (module && module.group === group) {
        if (module.deprecated) this.deprecatedModule(item, module);
        continue;
      }
      if (module && module.group) {
        this.out.add(item, DiagnosticSeverity.Warning, 'unrecognizedvalues', `\`${item.text}\` is a ${module.group} module: use \`${module.group}=${item.text}\`.`, {
          data: { fix: 'moveModule', module: item.text, from: group, to: module.group } satisfies FixData,
        });
        continue;
      }
      const suggestion = nearest(item.text, this.catalogue.byGroup[group].map((m) => m.name));
      this.out.add(
        item,
        DiagnosticSeverity.Warning,
        'unrecognizedvalues',
        `\`${item.text}\` is not a ${group} module${suggestion ? `; did you mean \`${suggestion}\`?` : ` of ${this.describeCatalogue()}.`}`,
        suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {},
      );
    }
  }

  private deprecatedModule(item: ValueItem, module: ModuleInfo): void {
    const replacement = REPLACEMENTS[module.name];
    this.out.deprecation(item, `The ${module.group ?? ''} module \`${module.name}\` is deprecated${replacement ? `; ${replacement}` : ''}.`, {
      fix: 'removeValue',
    });
  }

  private checkGenerator(node: ParamNode): void {
    const name = node.value;
    const span = node.hasEquals ? node.valueSpan : node.nameSpan;
    // An empty or unknown generator is `badgenerator` too, as the API itself
    // reports it (ApiQuery: "Unknown "generator=bogus"", code badgenerator;
    // seen on MediaWiki 1.39 by test/live/agreement.test.ts), not `badvalue`.
    if (name === '') {
      this.out.add(span, DiagnosticSeverity.Error, 'badgenerator', '`generator` needs the name of a generator module.');
      return;
    }
    const module = this.catalogue.module(name);
    if (!module) {
      const suggestion = nearest(name, this.catalogue.generators.map((m) => m.name));
      this.out.add(span, DiagnosticSeverity.Error, 'badgenerator', `\`${name}\` is not a module${suggestion ? `; did you mean \`${suggestion}\`?` : '.'}`, suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {});
      return;
    }
    if (!module.generator) {
      this.out.add(span, DiagnosticSeverity.Error, 'badgenerator', `\`${name}\` cannot be used as a generator; use \`${module.group ?? 'list'}=${name}\` instead.`, {
        ...(module.group ? { data: { fix: 'moveModule', module: name, from: 'generator', to: module.group } satisfies FixData } : {}),
      });
      return;
    }
    if (module.deprecated) this.deprecatedModule({ text: name, ...span }, module);
  }

  private reportUnknownParam(node: ParamNode): void {
    const owners = this.catalogue.ownersOf(node.name);
    const owner = owners.find((o) => !o.asGenerator) ?? owners[0];
    if (owner) {
      const slot = owner.asGenerator ? 'generator' : owner.module.group ?? 'list';
      const usedElsewhere = this.ctx.uses.find((u) => u.module === owner.module);
      const message = usedElsewhere
        ? `\`${node.name}\` belongs to \`${slot}=${owner.module.name}\`, but this query uses \`${owner.module.name}\` as \`${usedElsewhere.slot}\`${usedElsewhere.slot === 'generator' ? ` (write \`g${owner.module.prefix}${owner.param.name}\`)` : ` (write \`${owner.module.prefix}${owner.param.name}\`)`}.`
        : `\`${node.name}\` belongs to \`${slot}=${owner.module.name}\`, which this query does not use.`;
      this.out.add(node.nameSpan, DiagnosticSeverity.Warning, 'unrecognizedparams', message, {
        data: { fix: 'addModule', slot, module: owner.module.name } satisfies FixData,
      });
      return;
    }
    const suggestion = nearest(node.name, this.ctx.available().keys());
    this.out.add(
      node.nameSpan,
      DiagnosticSeverity.Warning,
      'unrecognizedparams',
      `Unrecognized parameter \`${node.name}\`${suggestion ? `; did you mean \`${suggestion}\`?` : ': no module of this query takes it.'}`,
      suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {},
    );
  }

  private checkValue(node: ParamNode, resolved: ResolvedParam): void {
    const { param } = resolved;
    if (param.sensitive && node.value !== '' && !isOnlyReferences(node.value)) {
      this.out.add(node.valueSpan, DiagnosticSeverity.Warning, 'secret-in-file', `\`${node.name}\` is a secret; keep it out of the file with \`{{$secret ${node.name}}}\`.`, {
        data: { fix: 'useSecret', name: node.name } satisfies FixData,
      });
    }
    if (chainRefOf(node.value, node.valueSpan.start)) return; // values from another query's rows (chainDiagnostics.ts)
    const value = this.scope.resolve(node.value, node.valueSpan.start);
    if (!value.complete) return; // depends on $env, $secret or an undefined variable
    const usesVariables = value.text !== node.value;
    // An empty value has no width to underline: point at the name instead.
    const valueSpan = node.hasEquals && node.value !== '' ? node.valueSpan : node.nameSpan;
    if (param.type === 'boolean') {
      if (node.hasEquals && isFalseLooking(value.text)) {
        this.out.add(node.valueSpan, DiagnosticSeverity.Warning, 'boolean-value', `\`${node.name}=${value.text}\` still turns \`${node.name}\` on: a flag is on whenever it is present. Remove the line to turn it off.`, {
          data: { fix: 'dropValue' } satisfies FixData,
        });
      }
      return;
    }
    if (param.multi) {
      if (value.text === '') return;
      const items: ValueItem[] = usesVariables || node.fromUrl
        ? value.text.split('|').map((text) => ({ text, start: valueSpan.start, end: valueSpan.end }))
        : node.items;
      if (this.checkMultiCount(node, param, items.length)) return;
      for (const item of items) this.checkMultiItem(node, param, item);
      this.checkShow(node, param, items);
      return;
    }
    this.checkSingle(node, param, value.text, valueSpan);
  }

  /** Reports `toomanyvalues`; true when reported. */
  private checkMultiCount(node: ParamNode, param: ParamInfo | undefined, count: number): boolean {
    const limit = param?.maxValues;
    if (limit === undefined || count <= limit) return false;
    this.out.add(node.valueSpan, DiagnosticSeverity.Error, 'toomanyvalues', `\`${node.name}\` takes at most ${limit} values${param?.highMaxValues ? ` (${param.highMaxValues} for accounts with apihighlimits)` : ''}; this gives ${count}.`);
    return true;
  }

  private checkMultiItem(node: ParamNode, param: ParamInfo, item: ValueItem): void {
    const text = item.text;
    if (param.allSpecifier !== undefined && text === param.allSpecifier) return;
    switch (param.type) {
      case 'enum': {
        const values = param.values ?? [];
        if (!values.includes(text)) {
          const what = text === '*' ? `\`*\` (all values) is not accepted by \`${node.name}\`` : `\`${text}\` is not a value of \`${node.name}\``;
          const suggestion = text === '*' ? undefined : nearest(text, values);
          this.out.add(item, DiagnosticSeverity.Warning, 'unrecognizedvalues', `${what}${suggestion ? `; did you mean \`${suggestion}\`?` : `. Allowed: ${listValues(values)}.`}`, suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {});
        } else if (param.deprecatedValues.has(text)) {
          this.out.deprecation(item, `The value \`${text}\` of \`${node.name}\` is deprecated.`, { fix: 'removeValue' });
        }
        return;
      }
      case 'namespace':
        if (!this.isNamespace(text, param)) {
          this.out.add(item, DiagnosticSeverity.Warning, 'unrecognizedvalues', `\`${text}\` is not a namespace of ${this.describeCatalogue()}.`);
        }
        return;
      case 'integer':
      case 'limit':
        if (!isInteger(text)) this.out.add(item, DiagnosticSeverity.Error, 'badinteger', `\`${text}\` is not an integer (\`${node.name}\`).`);
        return;
      case 'user':
        if (!isUserReference(text, param.subtypes)) this.out.add(item, DiagnosticSeverity.Error, 'baduser', badUserMessage(node.name, text, param));
        return;
      case 'timestamp':
        if (!isTimestamp(text)) this.out.add(item, DiagnosticSeverity.Error, 'badtimestamp', badTimestampMessage(node.name, text));
        return;
    }
  }

  private checkShow(node: ParamNode, param: ParamInfo, items: ValueItem[]): void {
    if (param.type !== 'enum') return;
    const given = new Set(items.map((i) => i.text));
    for (const item of items) {
      if (!item.text.startsWith('!') && given.has('!' + item.text) && param.values?.includes('!' + item.text)) {
        this.out.add(node.valueSpan, DiagnosticSeverity.Error, 'show', `\`${node.name}\` cannot hold both \`${item.text}\` and \`!${item.text}\`.`);
        return;
      }
    }
  }

  private checkSingle(node: ParamNode, param: ParamInfo, text: string, span: Span): void {
    switch (param.type) {
      case 'enum': {
        const values = param.values ?? [];
        if (!values.includes(text)) {
          const suggestion = nearest(text, values.filter((v) => v !== ''));
          this.out.add(span, DiagnosticSeverity.Error, 'badvalue', `\`${text}\` is not a value of \`${node.name}\`${suggestion ? `; did you mean \`${suggestion}\`?` : `. Allowed: ${listValues(values)}.`}`, suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {});
        } else if (param.deprecatedValues.has(text)) {
          this.out.deprecation(span, `The value \`${text}\` of \`${node.name}\` is deprecated.`, { fix: 'removeParam' });
        }
        return;
      }
      case 'limit':
        if (text === 'max') return;
        this.checkInteger(node, param, text, span);
        return;
      case 'integer':
        this.checkInteger(node, param, text, span);
        return;
      case 'namespace':
        if (!this.isNamespace(text, param)) {
          this.out.add(span, DiagnosticSeverity.Error, 'badvalue', `\`${text}\` is not a namespace \`${node.name}\` accepts${param.extraNamespaces.length ? '' : ' (special namespaces such as -1 are not accepted here)'}.`);
        }
        return;
      case 'timestamp':
        if (!isTimestamp(text)) this.out.add(span, DiagnosticSeverity.Error, 'badtimestamp', badTimestampMessage(node.name, text));
        return;
      case 'user':
        if (!isUserReference(text, param.subtypes)) this.out.add(span, DiagnosticSeverity.Error, 'baduser', badUserMessage(node.name, text, param));
        return;
    }
  }

  private checkInteger(node: ParamNode, param: ParamInfo, text: string, span: Span): void {
    if (!isInteger(text)) {
      this.out.add(span, DiagnosticSeverity.Error, 'badinteger', text === '' ? `\`${node.name}\` needs an integer${param.type === 'limit' ? ' or `max`' : ''}.` : `\`${text}\` is not an integer${param.type === 'limit' ? ' (or `max`)' : ''}.`);
      return;
    }
    const n = Number(text);
    if ((param.min !== undefined && n < param.min) || (param.max !== undefined && n > param.max)) {
      const range = `${param.min ?? '…'}–${param.max ?? '…'}`;
      const high = param.highmax !== undefined ? ` (${param.highmax} for accounts with apihighlimits)` : '';
      this.out.add(span, DiagnosticSeverity.Warning, 'outofrange', `\`${node.name}\` must be within ${range}${high}; the API will clamp ${text}${param.type === 'limit' ? '. Use `max` for the most allowed' : ''}.`);
    }
  }

  private isNamespace(text: string, param: ParamInfo): boolean {
    if (!isInteger(text)) return false;
    const id = Number(text);
    return this.catalogue.namespaceIds().has(id) || param.extraNamespaces.includes(id);
  }

  private checkRequired(): void {
    for (const use of this.ctx.uses) {
      const prefix = (use.slot === 'generator' ? 'g' : '') + use.module.prefix;
      const missing = use.module.params.filter((p) => p.required && !this.ctx.has(prefix + p.name)).map((p) => prefix + p.name);
      for (const name of missing) {
        this.out.add(use.item, DiagnosticSeverity.Error, 'missingparam', `\`${use.slot}=${use.module.name}\` needs \`${name}\`.`, {
          data: { fix: 'addParam', name } satisfies FixData,
        });
      }
    }
  }

  private checkPageSources(): void {
    const given = this.query.params.filter((p) => PAGE_SOURCES.includes(p.name) && this.ctx.lastByName.get(p.name) === p);
    for (const node of given.slice(1)) {
      this.out.add(node.nameSpan, DiagnosticSeverity.Error, 'multisource', `\`${node.name}\` cannot be used with \`${given[0]!.name}\`: give the pages one way only.`);
    }
  }

  /** Number of pages the query names directly, or undefined when a generator picks them. */
  private pageCount(): number | undefined {
    if (this.ctx.has('generator')) return undefined;
    let count = 0;
    for (const name of ['titles', 'pageids']) {
      const node = this.ctx.lastByName.get(name);
      if (node && node.value !== '') count += node.items.length;
    }
    return count;
  }

  private checkInfoConditions(): void {
    for (const [name, node] of this.ctx.lastByName) {
      const resolved = this.ctx.resolve(name);
      if (!resolved?.module || resolved.param.info.length === 0) continue;
      const prefix = (resolved.asGenerator ? 'g' : '') + resolved.module.prefix;
      for (const condition of resolved.param.info) {
        switch (condition.name) {
          case 'useronly':
            if (!this.ctx.has(prefix + 'user')) this.mix(node, `\`${name}\` can only be used with \`${prefix}user\`.`);
            break;
          case 'nonuseronly':
            if (this.ctx.has(prefix + 'user')) this.mix(node, `\`${name}\` cannot be used with \`${prefix}user\`.`);
            break;
          case 'singlepageonly': {
            const pages = this.ctx.has('revids') ? Infinity : this.pageCount();
            if (pages !== undefined && pages > 1) {
              this.mix(node, `\`${name}\` can only be used with a single page${this.ctx.has('revids') ? ', not with `revids`' : ` (this query names ${pages})`}.`);
            }
            break;
          }
          case 'modes': {
            const mode = this.deletedRevsMode(prefix);
            const modes = (condition.values ?? []).map(Number);
            if (modes.length && !modes.includes(mode)) {
              this.mix(node, `\`${name}\` cannot be used in mode ${mode} (${MODE_NAMES[mode]}); it applies in mode ${modes.join(' and ')}.`);
            }
            break;
          }
          case 'preloadcontentonly':
          case 'editintroonly': {
            const needed = condition.name === 'preloadcontentonly' ? 'preloadcontent' : 'editintro';
            const propNode = this.ctx.lastByName.get(prefix + 'prop');
            if (!propNode?.items.some((i) => i.text === needed)) {
              this.out.add(node.nameSpan, DiagnosticSeverity.Information, 'ignored-parameter', `\`${name}\` has an effect only with \`${prefix}prop=${needed}\`.`);
            }
            break;
          }
        }
      }
    }
  }

  private deletedRevsMode(prefix: string): number {
    if (this.ctx.has('titles') || this.ctx.has('pageids') || this.ctx.has('revids') || this.ctx.has('generator')) return 1;
    return this.ctx.has(prefix + 'user') ? 2 : 3;
  }

  private mix(node: ParamNode, message: string): void {
    this.out.add(node.nameSpan, DiagnosticSeverity.Error, 'invalidparammix', message);
  }

  private describeCatalogue(): string {
    return this.catalogue.origin === 'bundled' ? 'the bundled catalogue' : this.catalogue.origin;
  }
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

const MODE_NAMES: Record<number, string> = { 1: 'revisions of given pages', 2: 'contributions of a user', 3: 'all deleted revisions' };

function describeOwner(resolved: ResolvedParam): string {
  if (!resolved.module) return '';
  return `${resolved.asGenerator ? 'generator' : resolved.module.group ?? 'module'}=${resolved.module.name}`;
}

function listValues(values: readonly string[]): string {
  const shown = values.slice(0, 12).map((v) => (v === '' ? '(empty)' : `\`${v}\``));
  return values.length > 12 ? `${shown.join(', ')}, … (${values.length} in all)` : shown.join(', ');
}

function badTimestampMessage(name: string, text: string): string {
  return `\`${text}\` is not a timestamp for \`${name}\`: use ISO 8601 with a time (2024-01-31T12:00:00Z), 14 digits (20240131120000), Unix seconds, or \`now\`.`;
}

function badUserMessage(name: string, text: string, param: ParamInfo): string {
  return `\`${text}\` is not a user reference \`${name}\` accepts (${(param.subtypes ?? ['name']).join(', ')}).`;
}
