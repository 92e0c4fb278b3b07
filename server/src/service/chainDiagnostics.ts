// Diagnostics of `{{#Query name.field}}` values (docs/chaining.md):
//   unknown-query  error    no query of that name in the file
//   chain-cycle    error    the queries take values from each other in a circle
//   unknown-field  warning  the field is not among those the source's rows are known to have
//   bad-chain      error    `{{#` not as the whole value, no field, or two chained parameters

import { chainRefOf, CHAIN_OPEN, findCycle, queryNamed, type ChainedParam } from '../../../common/src/chain/chainRef';
import { hasKnownField, knownFields } from '../../../common/src/chain/fields';
import type { ParsedDocument, Span } from '../../../common/src/syntaxTree';
import { nearest } from './nearest';

export interface ChainProblem {
  span: Span;
  code: 'unknown-query' | 'chain-cycle' | 'unknown-field' | 'bad-chain';
  severity: 'error' | 'warning';
  message: string;
}

export function chainProblems(parsed: ParsedDocument): ChainProblem[] {
  const out: ChainProblem[] = [];
  let names: string[] | undefined;
  const queries = parsed.queries;
  // Runs over every query at each validation: skip the ones without `{{#` at once.
  for (let q = 0; q < queries.length; q++) {
    const query = queries[q]!;
    if (!hasChain(query.params)) continue;
    const chained: ChainedParam[] = [];
    for (const p of query.params) {
      if (!p.value.includes(CHAIN_OPEN)) continue;
      const ref = chainRefOf(p.value, p.valueSpan.start);
      if (ref) chained.push({ name: p.name, ref });
      else
        out.push({
          span: p.valueSpan,
          code: 'bad-chain',
          severity: 'error',
          message: 'A value from another query is the whole value: `{{#Query name.field}}`.',
        });
    }
    for (const extra of chained.slice(1)) {
      out.push({
        span: extra.ref.nameSpan,
        code: 'bad-chain',
        severity: 'error',
        message: `Only one parameter of a query can take values from another query (\`${chained[0]!.name}\` already does).`,
      });
    }
    for (const { ref } of chained) {
      const source = queryNamed(parsed, ref.queryName);
      const nameSpan = ref.nameSpan.end > ref.nameSpan.start ? ref.nameSpan : { start: ref.nameSpan.start - 3, end: ref.fieldSpan.end + 2 };
      if (!source) {
        names ??= queries.map((q) => q.name).filter((n) => n !== '');
        const guess = nearest(ref.queryName, names);
        out.push({
          span: nameSpan,
          code: 'unknown-query',
          severity: 'error',
          message: `No query named "${ref.queryName}" in this file${guess ? `; did you mean "${guess}"?` : '.'}`,
        });
        continue;
      }
      const cycle = findCycle(parsed, query);
      if (cycle) {
        out.push({
          span: nameSpan,
          code: 'chain-cycle',
          severity: 'error',
          message: `The queries take values from each other in a cycle: ${cycle.map((n) => `"${n}"`).join(' → ')}.`,
        });
        continue;
      }
      if (ref.field === '') {
        out.push({
          span: nameSpan,
          code: 'bad-chain',
          severity: 'error',
          message: 'Name the field whose values are taken: `{{#Query name.title}}`.',
        });
        continue;
      }
      if (!hasKnownField(source, ref.field)) {
        const fields = knownFields(source);
        const guess = nearest(ref.field, fields);
        out.push({
          span: ref.fieldSpan,
          code: 'unknown-field',
          severity: 'warning',
          message: `The rows of "${ref.queryName}" are not known to have a field \`${ref.field}\`${guess ? `; did you mean \`${guess}\`?` : '.'}`,
        });
      }
    }
  }
  return out;
}

function hasChain(params: readonly { value: string }[]): boolean {
  for (let i = 0; i < params.length; i++) if (params[i]!.value.includes(CHAIN_OPEN)) return true;
  return false;
}
