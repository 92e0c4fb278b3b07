// Which wiki's catalogue a document is checked against, query by query
// (docs/catalogue.md): a query's own wiki is
//   1. its URL line, if literal (not an ApiSandbox link that names no script
//      path, whose api.php is found when run);
//   2. else the last `@endpoint = …` above it, if its value has no `{{…}}`;
//   3. else the default endpoint (the `mwquery.endpoint` setting / environment);
//   4. else none: the bundled catalogue.
// So a dead or unknown URL line affects its own query only. The file's wiki
// (the status item, the question "Fetch the catalogue of HOST?") is its first
// literal `@endpoint`, else the default endpoint, else its first URL line.
// A templated `@endpoint` (`{{$env WIKI}}`) cannot be known without running,
// so the choice goes on down the list. The client uses this to know which
// catalogues to fetch; the server to pick the one to check against.

import { isHttpUrl } from '../url';
import type { ParsedDocument, QueryNode } from '../syntaxTree';

function literal(text: string | undefined): string | undefined {
  const value = text?.trim();
  return value && !value.includes('{{') && isHttpUrl(value) ? value : undefined;
}

/** A query's URL line as a literal endpoint, else undefined. */
function urlEndpoint(query: QueryNode): string | undefined {
  const url = query.urls[query.urls.length - 1];
  // An ApiSandbox link naming no script path: its api.php is only known when run (runner/scriptPath.ts).
  return url && url.sandbox !== 'guess' ? literal(url.endpoint) : undefined;
}

export function documentEndpoint(doc: ParsedDocument, defaultEndpoint?: string): string | undefined {
  const fromDef = literal(doc.variables.find((v) => v.name === 'endpoint')?.value);
  if (fromDef) return fromDef;
  const fromDefault = literal(defaultEndpoint);
  if (fromDefault) return fromDefault;
  const first = doc.queries.find((q) => q.urls.length);
  return first ? urlEndpoint(first) : undefined;
}

/** Each query's wiki (by query index), as the runner picks it (runner/request.ts), literal values only; one pass over the file. */
export function queryEndpoints(doc: ParsedDocument, defaultEndpoint?: string): (string | undefined)[] {
  const fallback = literal(defaultEndpoint);
  const defs = doc.variables.filter((v) => v.name === 'endpoint');
  const out: (string | undefined)[] = [];
  let next = 0;
  let above: string | undefined;
  for (const query of doc.queries) {
    const offset = query.params[0]?.nameSpan.start ?? query.span.end;
    while (next < defs.length && defs[next]!.nameSpan.start < offset) {
      above = literal(defs[next]!.value);
      next++;
    }
    // A templated `@endpoint` above is not known here: the default stands in (as for the file).
    out[query.index] = (query.urls.length ? urlEndpoint(query) : above) ?? fallback;
  }
  return out;
}
