// The rules that look at the whole document: syntax, variables, `@expect`
// lines and chained values. Each is a function of the document; the list is
// DOCUMENT_RULES (as graphql-js composes its validation rules).

import { queryAtLine } from '../../../../common/src/parser';
import type { ParsedDocument, VariableUse } from '../../../../common/src/syntaxTree';
import { lineIndexAt } from '../../../../common/src/lines';
import type { FixData } from '../fixes';
import { MAX_VARIABLE_DEPTH, type VariableScope } from '../../../../common/src/resolve';
import { expectationProblems } from '../expectDiagnostics';
import { chainProblems } from '../chainDiagnostics';
import { watchProblems } from '../watchDiagnostics';
import type { DiagnosticCode } from './codes';
import type { Collector } from './collector';

export type DocumentRule = (parsed: ParsedDocument, scope: VariableScope, out: Collector) => void;

/** `a|b=value`: two names pasted as one (the quick fix writes one line each). */
const PASTED_NAMES = /^([A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)+)=(.*)$/;

function checkSyntax(parsed: ParsedDocument, _scope: VariableScope, out: Collector): void {
  for (const problem of parsed.problems) {
    // A query is not run while one of its lines is not a parameter (the runner refuses it): say so.
    const lineIndex = lineIndexAt(parsed.lines, problem.span.start);
    const inQuery = queryAtLine(parsed, lineIndex);
    const message =
      inQuery && problem.span.start >= inQuery.span.start && problem.span.start <= inQuery.span.end
        ? `${problem.message} The query does not run until this line is fixed.`
        : problem.message;
    const line = parsed.lines[lineIndex]!;
    const pasted = PASTED_NAMES.exec(parsed.text.slice(problem.span.start, line.end).trimEnd());
    const fix: FixData | undefined = pasted ? { fix: 'splitNames', names: pasted[1]!.split('|'), value: pasted[2]! } : undefined;
    out.add(problem.span, 'syntax', message, fix ? { data: fix } : undefined);
  }
}

function checkVariables(parsed: ParsedDocument, scope: VariableScope, out: Collector): void {
  for (const use of parsed.uses) {
    if (use.kind === 'variable') {
      const def = scope.definitionAt(use.name, use.span.start);
      if (!def) {
        out.add(
          use.span,
          'undefined-variable',
          `\`{{${use.name}}}\` is not defined above this line; define it with \`@${use.name} = value\`.`,
        );
      } else if (def.value.includes('{{') && isSent(parsed, use.span.start)) {
        checkDepth(use, scope, out);
      }
    } else if (use.kind === 'unknown-function') {
      out.add(use.span, 'undefined-variable', `\`${use.fn}\` is not a known function; use \`{{$env NAME}}\` or \`{{$secret NAME}}\`.`);
    } else if (use.name === '') {
      out.add(use.span, 'undefined-variable', `\`{{${use.fn}}}\` needs a name: \`{{${use.fn} NAME}}\`.`);
    }
  }
}

/**
 * A use whose value is sent as it stands: in a query, or in `@endpoint` /
 * `@endpoints`. A use inside another definition is checked where that one is
 * used (its depth counts from there), so a long chain is reported once, where it is sent.
 */
function isSent(parsed: ParsedDocument, offset: number): boolean {
  const def = parsed.variables.find((d) => d.valueSpan.start <= offset && offset < d.valueSpan.end);
  return !def || def.name === 'endpoint' || def.name === 'endpoints';
}

/** A use that reaches past the nesting limit: the runner would refuse the query (resolve.ts, MAX_VARIABLE_DEPTH). */
function checkDepth(use: VariableUse, scope: VariableScope, out: Collector): void {
  const resolved = scope.resolve(`{{${use.name}}}`, use.span.start);
  const deepest = resolved.tooDeep?.[0];
  if (deepest === undefined) return;
  out.add(
    use.span,
    'variable-too-deep',
    `\`{{${use.name}}}\` reaches through more than ${MAX_VARIABLE_DEPTH} nested variables, the limit (\`{{${deepest}}}\` is past it); the query does not run. Define the value with fewer variables in between.`,
  );
}

function checkExpectations(parsed: ParsedDocument, _scope: VariableScope, out: Collector): void {
  for (const p of expectationProblems(parsed)) out.add(p.span, p.code as DiagnosticCode, p.message);
}

function checkChains(parsed: ParsedDocument, _scope: VariableScope, out: Collector): void {
  for (const p of chainProblems(parsed)) out.add(p.span, p.code as DiagnosticCode, p.message);
}

function checkWatches(parsed: ParsedDocument, _scope: VariableScope, out: Collector): void {
  for (const p of watchProblems(parsed)) out.add(p.span, p.code, p.message);
}

export const DOCUMENT_RULES: readonly DocumentRule[] = [checkSyntax, checkVariables, checkExpectations, checkChains, checkWatches];
