// The rules that look at one parameter's value against its type: secrets in
// the file, multi-value counts and items, enumerations, integers and limits,
// timestamps, user names and namespaces.

import type { ParamNode, Span, ValueItem } from '../../../../common/src/syntaxTree';
import { isOnlyReferences } from '../../../../common/src/variables';
import { moduleRole, type ParamInfo } from '../catalogue';
import { nearest } from '../nearest';
import { chainRefOf } from '../../../../common/src/chain/chainRef';
import type { ResolvedParam } from '../queryContext';
import { isFalseLooking, isInteger, isTimestamp, isUserReference, normalisedTimestamp } from '../values';
import type { FixData } from '../fixes';
import type { QueryCheck } from './ruleTypes';
import { PAGE_LISTS } from '../../../../common/src/moduleSlots';

export function checkValue(c: QueryCheck, node: ParamNode, resolved: ResolvedParam): void {
  const { param } = resolved;
  if (param.sensitive && node.value !== '' && !isOnlyReferences(node.value)) {
    c.out.add(
      node.valueSpan,
      'secret-in-file',
      `\`${node.name}\` is a secret; keep it out of the file with \`{{$secret ${node.name}}}\`.`,
      {
        data: { fix: 'useSecret', name: node.name } satisfies FixData,
      },
    );
  }
  if (chainRefOf(node.value, node.valueSpan.start)) return; // values from another query's rows (chainDiagnostics.ts)
  const value = c.scope.resolve(node.value, node.valueSpan.start);
  if (!value.complete) return; // depends on $env, $secret or an undefined variable
  const usesVariables = value.text !== node.value;
  // An empty value has no width to underline: point at the name instead.
  const valueSpan = node.hasEquals && node.value !== '' ? node.valueSpan : node.nameSpan;
  if (param.type === 'boolean') {
    if (node.hasEquals && isFalseLooking(value.text)) {
      c.out.add(
        node.valueSpan,
        'boolean-value',
        `\`${node.name}=${value.text}\` still turns \`${node.name}\` on: a flag is on whenever it is present. Remove the line to turn it off.`,
        {
          data: { fix: 'dropValue' } satisfies FixData,
        },
      );
    }
    return;
  }
  if (param.multi) {
    if (value.text === '') return;
    const items: ValueItem[] =
      usesVariables || node.fromUrl
        ? value.text.split('|').map((text) => ({ text, start: valueSpan.start, end: valueSpan.end }))
        : node.items;
    if (checkMultiCount(c, node, param, items.length)) return;
    for (const item of items) checkMultiItem(c, node, param, item);
    checkShow(c, node, param, items);
    return;
  }
  checkSingle(c, node, param, value.text, valueSpan);
}

/** Reports `toomanyvalues`; true when reported. Pages named as written (no URL line, no `{{…}}`) can be split into queries of `limit`. */
export function checkMultiCount(c: QueryCheck, node: ParamNode, param: ParamInfo | undefined, count: number): boolean {
  const limit = param?.maxValues;
  if (limit === undefined || count <= limit) return false;
  const splittable = PAGE_LISTS.includes(node.name) && !node.fromUrl && !node.uses.length;
  c.out.add(
    node.valueSpan,
    'toomanyvalues',
    `\`${node.name}\` takes at most ${limit} values${param?.highMaxValues ? ` (${param.highMaxValues} for accounts with apihighlimits)` : ''}; this gives ${count}.`,
    splittable ? { data: { fix: 'splitQueries', limit } satisfies FixData } : {},
  );
  return true;
}

function checkMultiItem(c: QueryCheck, node: ParamNode, param: ParamInfo, item: ValueItem): void {
  const text = item.text;
  if (param.allSpecifier !== undefined && text === param.allSpecifier) return;
  switch (param.type) {
    case 'enum': {
      const values = param.values ?? [];
      if (!values.includes(text)) {
        const what =
          text === '*' ? `\`*\` (all values) is not accepted by \`${node.name}\`` : `\`${text}\` is not a value of \`${node.name}\``;
        const suggestion = text === '*' ? undefined : nearest(text, values);
        c.out.add(
          item,
          'unrecognizedvalues',
          `${what}${suggestion ? `; did you mean \`${suggestion}\`?` : `. Allowed: ${listValues(values)}.`}`,
          suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {},
        );
      } else if (param.deprecatedValues.has(text)) {
        c.out.deprecation(item, `The value \`${text}\` of \`${node.name}\` is deprecated.`, { fix: 'removeValue' });
      }
      return;
    }
    case 'namespace':
      if (isNamespace(c, text, param)) return;
      if (unknownToBundled(c, text)) noteUnknownNamespace(c, item, text);
      else c.out.add(item, 'unrecognizedvalues', `\`${text}\` is not a namespace of ${describeCatalogue(c)}.`);
      return;
    case 'integer':
    case 'limit':
      if (!isInteger(text)) c.out.add(item, 'badinteger', `\`${text}\` is not an integer (\`${node.name}\`).`);
      return;
    case 'user':
      if (!isUserReference(text, param.subtypes)) c.out.add(item, 'baduser', badUserMessage(node.name, text, param));
      return;
    case 'timestamp':
      checkTimestamp(c, node, text, item);
      return;
  }
}

function checkShow(c: QueryCheck, node: ParamNode, param: ParamInfo, items: ValueItem[]): void {
  if (param.type !== 'enum') return;
  const given = new Set(items.map((i) => i.text));
  for (const item of items) {
    if (!item.text.startsWith('!') && given.has('!' + item.text) && param.values?.includes('!' + item.text)) {
      c.out.add(node.valueSpan, 'show', `\`${node.name}\` cannot hold both \`${item.text}\` and \`!${item.text}\`.`);
      return;
    }
  }
}

function checkSingle(c: QueryCheck, node: ParamNode, param: ParamInfo, text: string, span: Span): void {
  switch (param.type) {
    case 'enum': {
      const values = param.values ?? [];
      if (!values.includes(text)) {
        const suggestion = nearest(
          text,
          values.filter((v) => v !== ''),
        );
        c.out.add(
          span,
          'badvalue',
          `\`${text}\` is not a value of \`${node.name}\`${suggestion ? `; did you mean \`${suggestion}\`?` : `. Allowed: ${listValues(values)}.`}`,
          suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {},
        );
      } else if (param.deprecatedValues.has(text)) {
        c.out.deprecation(span, `The value \`${text}\` of \`${node.name}\` is deprecated.`, { fix: 'removeParam' });
      }
      return;
    }
    case 'limit':
      if (text === 'max') return;
      checkInteger(c, node, param, text, span);
      return;
    case 'integer':
      checkInteger(c, node, param, text, span);
      return;
    case 'namespace':
      if (isNamespace(c, text, param)) return;
      if (unknownToBundled(c, text)) noteUnknownNamespace(c, span, text);
      else {
        c.out.add(
          span,
          'badvalue',
          `\`${text}\` is not a namespace \`${node.name}\` accepts${param.extraNamespaces.length ? '' : ' (special namespaces such as -1 are not accepted here)'}.`,
        );
      }
      return;
    case 'timestamp':
      checkTimestamp(c, node, text, span);
      return;
    case 'user':
      if (!isUserReference(text, param.subtypes)) c.out.add(span, 'baduser', badUserMessage(node.name, text, param));
      return;
  }
}

function checkInteger(c: QueryCheck, node: ParamNode, param: ParamInfo, text: string, span: Span): void {
  if (!isInteger(text)) {
    c.out.add(
      span,
      'badinteger',
      text === ''
        ? `\`${node.name}\` needs an integer${param.type === 'limit' ? ' or `max`' : ''}.`
        : `\`${text}\` is not an integer${param.type === 'limit' ? ' (or `max`)' : ''}.`,
    );
    return;
  }
  const n = Number(text);
  if ((param.min !== undefined && n < param.min) || (param.max !== undefined && n > param.max)) {
    const range = `${param.min ?? '…'}–${param.max ?? '…'}`;
    const high = param.highmax !== undefined ? ` (${param.highmax} for accounts with apihighlimits)` : '';
    c.out.add(
      span,
      'outofrange',
      `\`${node.name}\` must be within ${range}${high}; ${clampedTo(param, n)}${param.type === 'limit' ? '. Use `max` for the most allowed' : ''}.`,
    );
  }
}

/** What the API reads instead of an out-of-range `n` (it clamps, with a warning). */
function clampedTo(param: ParamInfo, n: number): string {
  if (param.min !== undefined && n < param.min) return `the API will use ${param.min} instead of ${n}`;
  const max = param.max ?? n;
  if (param.highmax === undefined || param.highmax <= max) return `the API will use ${max} instead of ${n}`;
  return n <= param.highmax
    ? `the API will use ${max} instead of ${n} (accounts with apihighlimits get ${n})`
    : `the API will use ${max} instead of ${n} (${param.highmax} for accounts with apihighlimits)`;
}

/**
 * A namespace number the bundled catalogue does not list, where only the
 * wiki's own list can tell (Module 828, Draft 118, Portal 100 exist on many
 * wikis): not an error until the wiki's catalogue is known.
 */
function unknownToBundled(c: QueryCheck, text: string): boolean {
  return c.catalogue.origin === 'bundled' && isInteger(text) && Number(text) >= 0;
}

function noteUnknownNamespace(c: QueryCheck, span: Span, text: string): void {
  c.out.add(
    span,
    'unknown-namespace',
    `Namespace ${text} is not one of the standard namespaces; whether this wiki has it is checked once its own catalogue is fetched.`,
  );
}

/** `badtimestamp` as the wiki says it; a timestamp the wiki silently rolls over gets a warning saying what it will read. */
function checkTimestamp(c: QueryCheck, node: ParamNode, text: string, span: Span): void {
  if (!isTimestamp(text)) {
    c.out.add(span, 'badtimestamp', badTimestampMessage(node.name, text));
    return;
  }
  const reading = normalisedTimestamp(text);
  if (reading !== undefined) {
    c.out.add(
      span,
      'normalised-timestamp',
      `\`${text}\` has a field out of its range: the wiki reads it as ${reading}, without a warning.`,
      {
        data: { fix: 'replace', replacement: reading } satisfies FixData,
      },
    );
  }
}

function isNamespace(c: QueryCheck, text: string, param: ParamInfo): boolean {
  if (!isInteger(text)) return false;
  const id = Number(text);
  return c.catalogue.namespaceIds().has(id) || param.extraNamespaces.includes(id);
}

export function describeCatalogue(c: QueryCheck): string {
  return c.catalogue.origin === 'bundled' ? 'the bundled catalogue' : c.catalogue.origin;
}

export function describeOwner(resolved: ResolvedParam): string {
  if (!resolved.module) return '';
  return `${resolved.asGenerator ? 'generator' : moduleRole(resolved.module)}=${resolved.module.name}`;
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
