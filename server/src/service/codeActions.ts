// Quick fixes for the diagnostics whose fix is clear. Each diagnostic carries
// its fix in `data` (see fixes.ts); here the fix becomes a text edit.

import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParamNode, ParsedDocument, QueryNode, ValueItem } from '../../../common/src/syntaxTree';
import type { FixData } from './fixes';
import { queryAtLine } from '../../../common/src/parser';
import { pushAll } from '../../../common/src/arrays';

export function codeActions(
  document: TextDocument,
  parsed: ParsedDocument,
  diagnostics: readonly Diagnostic[],
  range: Range,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (!overlaps(diagnostic.range, range)) continue;
    const fix = diagnostic.data as FixData | undefined;
    if (!fix || typeof fix !== 'object' || !('fix' in fix)) continue;
    const built = new FixBuilder(document, parsed, diagnostic).build(fix);
    if (Array.isArray(built)) pushAll(actions, built);
    else if (built) actions.push(built);
  }
  return actions;
}

function overlaps(a: Range, b: Range): boolean {
  const before = (p: { line: number; character: number }, q: { line: number; character: number }) =>
    p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

class FixBuilder {
  private readonly start: number;
  private readonly end: number;
  private readonly query: QueryNode | undefined;
  private readonly param: ParamNode | undefined;

  constructor(
    private readonly document: TextDocument,
    private readonly parsed: ParsedDocument,
    private readonly diagnostic: Diagnostic,
  ) {
    this.start = document.offsetAt(diagnostic.range.start);
    this.end = document.offsetAt(diagnostic.range.end);
    this.query = queryAtLine(parsed, diagnostic.range.start.line);
    this.param = this.query?.params.find(
      (p) => (p.nameSpan.start <= this.start && this.start <= p.valueSpan.end) || p.items.some((i) => i.start === this.start),
    );
  }

  build(fix: FixData): CodeAction | CodeAction[] | undefined {
    switch (fix.fix) {
      case 'replace':
        return this.action(`Change to \`${fix.replacement}\``, [this.edit(this.start, this.end, fix.replacement)], true);
      case 'removeParam':
        return (
          this.param &&
          this.action(`Remove \`${this.param.name}\``, [this.removeLines(this.param)], this.diagnostic.code !== 'duplicate-parameter')
        );
      case 'replaceParam':
        return this.replaceParam(fix.name, fix.value);
      case 'splitQueries':
        return this.splitQueries(fix.limit);
      case 'removeValue': {
        const item = this.item();
        if (!this.param || !item) return undefined;
        return this.action(`Remove \`${item.text}\` from \`${this.param.name}\``, [this.removeItem(this.param, item)], true);
      }
      case 'moveModule':
        return this.moveModule(fix.module, fix.from, fix.to);
      case 'addModule':
        return this.addModule(fix.slot, fix.module);
      case 'addParam':
        return this.addParam(fix.name);
      case 'addFlag':
        return this.addFlag(fix.name);
      case 'dropValue':
        return (
          this.param &&
          this.action(`Write \`${this.param.name}\` as a flag`, [this.edit(this.param.nameSpan.end, this.param.valueSpan.end, '')], true)
        );
      case 'splitQueryString':
        return this.splitQueryString();
      case 'splitNames': {
        const line = this.parsed.lines[this.diagnostic.range.start.line]!;
        const text = fix.names.map((name) => `${name}=${fix.value}`).join('\n');
        return this.action(
          `Split into ${fix.names.map((n) => `\`${n}=\``).join(' and ')}, one line each`,
          [this.edit(this.start, line.start + this.parsed.text.slice(line.start, line.end).trimEnd().length, text)],
          true,
        );
      }
      case 'useSecret':
        return (
          this.param &&
          this.action(
            `Keep \`${this.param.name}\` in secret storage: {{$secret ${fix.name}}}`,
            [this.edit(this.param.valueSpan.start, this.param.valueSpan.end, `{{$secret ${fix.name}}}`)],
            true,
          )
        );
    }
  }

  /** A deprecated parameter: *Replace with* its successor (preferred), or *Remove*. */
  private replaceParam(name: string, value: string | undefined): CodeAction[] | undefined {
    const param = this.param;
    if (!param) return undefined;
    const replace =
      value === undefined
        ? this.action(`Replace with \`${name}\` (same value)`, [this.edit(param.nameSpan.start, param.nameSpan.end, name)], true)
        : this.action(
            `Replace with \`${name}=${value}\``,
            [this.edit(param.nameSpan.start, param.hasEquals ? param.valueSpan.end : param.nameSpan.end, `${name}=${value}`)],
            true,
          );
    return [replace, this.action(`Remove \`${param.name}\``, [this.removeLines(param)])];
  }

  /**
   * A query naming more pages than `limit` (`titles`, `pageids`, `revids`) as
   * several queries of at most `limit` each, one after the other: the first
   * keeps its name (a `{{#Name.field}}` elsewhere still finds it), the others
   * are `Name (2 of 3)`; every other line of the query is repeated as it is.
   */
  private splitQueries(limit: number): CodeAction | undefined {
    const query = this.query;
    const param = this.param;
    if (!query || !param || limit < 1 || param.items.length <= limit) return undefined;
    const eol = this.eol();
    const lines = this.parsed.lines;
    const start = lines[query.firstLine]!.start;
    const end = lines[query.lastLine]!.end;
    const text = this.parsed.text;
    const headerEnd = query.header ? lines[query.firstLine]!.end : start;
    const values = param.items.map((i) => i.text);
    const parts = Math.ceil(values.length / limit);
    const name = query.name || 'Query';
    const chunks: string[] = [];
    for (let k = 0; k < parts; k++) {
      const header = k === 0 ? text.slice(start, headerEnd) : `### ${name} (${k + 1} of ${parts})${query.header ? '' : eol}`;
      const value = values.slice(k * limit, (k + 1) * limit).join('|');
      chunks.push(header + text.slice(headerEnd, param.valueSpan.start) + value + text.slice(param.valueSpan.end, end));
    }
    return this.action(
      `Split into ${parts} queries of at most ${limit} \`${param.name}\` each`,
      [this.edit(start, end, chunks.join(eol + eol))],
      true,
    );
  }

  /**
   * An `a=b&c=d` line as one `name=value` line each, decoded. Not offered when
   * a decoded value would read differently as a line of its own (a `{{…}}`
   * that only decoding made, a line break).
   */
  private splitQueryString(): CodeAction | undefined {
    const line = this.diagnostic.range.start.line;
    const params = this.query?.params.filter((p) => p.fromQueryString && p.line === line) ?? [];
    if (params.length === 0 || params.some((p) => /\{\{|[\r\n]/.test(p.value))) return undefined;
    const text = params.map((p) => (p.hasEquals ? `${p.name}=${p.value}` : p.name)).join('\n');
    return this.action(
      'Split into one parameter per line',
      [this.edit(params[0]!.nameSpan.start, params[params.length - 1]!.valueSpan.end, text)],
      true,
    );
  }

  private action(title: string, edits: TextEdit[], preferred = false): CodeAction {
    return {
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [this.diagnostic],
      isPreferred: preferred,
      edit: { changes: { [this.document.uri]: edits } },
    };
  }

  private edit(start: number, end: number, newText: string): TextEdit {
    return { range: { start: this.document.positionAt(start), end: this.document.positionAt(end) }, newText };
  }

  private item(): ValueItem | undefined {
    return (
      this.param?.items.find((i) => i.start === this.start && i.end === this.end) ??
      this.param?.items.find((i) => i.start <= this.start && this.start <= i.end)
    );
  }

  /** Deletes a parameter's lines, line breaks included. */
  private removeLines(param: ParamNode): TextEdit {
    const first = this.parsed.lines[param.line]!;
    const last = this.parsed.lines[param.lastLine]!;
    const next = this.parsed.lines[param.lastLine + 1];
    return next ? this.edit(first.start, next.start, '') : this.edit(first.start, last.end, '');
  }

  /** Deletes one value and one `|` next to it; the whole line when it was the only value. */
  private removeItem(param: ParamNode, item: ValueItem): TextEdit {
    const index = param.items.indexOf(item);
    if (param.items.length <= 1) return this.removeLines(param);
    if (index < param.items.length - 1) return this.edit(item.start, param.items[index + 1]!.start, '');
    return this.edit(param.items[index - 1]!.end, item.end, '');
  }

  /** Inserts a line after the query's line `afterLine`. */
  private insertLineAfter(afterLine: number, text: string): TextEdit {
    const line = this.parsed.lines[afterLine]!;
    return this.edit(line.end, line.end, `${this.eol()}${text}`);
  }

  /** Adds `module` to the query's `slot` parameter, or a new `slot=module` line. */
  private addToSlot(slot: string, module: string, afterLine: number): TextEdit {
    const existing = this.query?.params.filter((p) => p.name === slot && !p.fromUrl).at(-1);
    if (existing && slot !== 'generator' && existing.value !== '')
      return this.edit(existing.valueSpan.end, existing.valueSpan.end, `|${module}`);
    if (existing) return this.edit(existing.valueSpan.start, existing.valueSpan.end, module);
    return this.insertLineAfter(afterLine, `${slot}=${module}`);
  }

  private moveModule(module: string, from: string, to: string): CodeAction | undefined {
    const param = this.param;
    if (!param) return undefined;
    const title = `Move \`${module}\` to \`${to}=\``;
    const item = this.item();
    const wholeLine = from === 'generator' || !item || param.items.length <= 1;
    const target = this.query?.params.filter((p) => p.name === to && !p.fromUrl && p !== param).at(-1);
    if (wholeLine && !target) {
      // The line holds nothing else: rewrite it in place.
      return this.action(title, [this.edit(param.nameSpan.start, param.valueSpan.end, `${to}=${module}`)], true);
    }
    const removal = wholeLine || !item ? this.removeLines(param) : this.removeItem(param, item);
    return this.action(title, [removal, this.addToSlot(to, module, param.lastLine)], true);
  }

  private addModule(slot: string, module: string): CodeAction | undefined {
    if (!this.query || !this.param) return undefined;
    if (slot === 'generator' && this.query.params.some((p) => p.name === 'generator')) return undefined;
    const firstLine = this.query.params.find((p) => !p.fromUrl)?.line ?? this.param.line;
    const existing = this.query.params.some((p) => p.name === slot && !p.fromUrl && p.value !== '');
    const edit = existing ? this.addToSlot(slot, module, firstLine) : this.insertBefore(firstLine, `${slot}=${module}`);
    return this.action(`Add \`${slot}=${module}\``, [edit], true);
  }

  private insertBefore(line: number, text: string): TextEdit {
    const at = this.parsed.lines[line]!.start;
    return this.edit(at, at, `${text}${this.eol()}`);
  }

  /** The document's own line break, taken from its first line. */
  private eol(): string {
    const first = this.parsed.lines[0];
    if (!first || first.end >= this.parsed.text.length) return '\n';
    return this.parsed.text.startsWith('\r\n', first.end) ? '\r\n' : this.parsed.text[first.end]!;
  }

  /** A flag (`redirects`) on a line of its own, unless the query has it already. */
  private addFlag(name: string): CodeAction | undefined {
    if (!this.param || this.query?.params.some((p) => p.name === name)) return undefined;
    return this.action(`Add \`${name}\``, [this.insertLineAfter(this.param.lastLine, name)], true);
  }

  private addParam(name: string): CodeAction | undefined {
    if (!this.param) return undefined;
    return this.action(`Add \`${name}=\``, [this.insertLineAfter(this.param.lastLine, `${name}=`)], true);
  }
}
