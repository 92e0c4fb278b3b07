// Which wiki a whole document is checked against (one catalogue per document):
//   1. the first `@endpoint = …` in the file, if its value has no `{{…}}`;
//   2. else the endpoint of the first URL line (likewise literal; not an
//      ApiSandbox link that names no script path, whose api.php is found when run);
//   3. else the default endpoint (the `mwquery.endpoint` setting / environment);
//   4. else none: the bundled catalogue.
// A templated `@endpoint` (`{{$env WIKI}}`) cannot be known without running, so
// the choice goes on down the list. The client uses this to know which
// catalogues to fetch; the server to pick the one to check against.

import { isHttpUrl } from '../url';
import type { ParsedDocument } from '../syntaxTree';

export function documentEndpoint(doc: ParsedDocument, defaultEndpoint?: string): string | undefined {
  const literal = (text: string | undefined) => {
    const value = text?.trim();
    return value && !value.includes('{{') && isHttpUrl(value) ? value : undefined;
  };
  const def = doc.variables.find((v) => v.name === 'endpoint');
  const fromDef = literal(def?.value);
  if (fromDef) return fromDef;
  for (const query of doc.queries) {
    const url = query.urls[0];
    if (url) {
      // An ApiSandbox link naming no script path: its api.php is only known when run (runner/scriptPath.ts).
      if (url.sandbox === 'guess') break;
      const fromUrl = literal(url.endpoint);
      if (fromUrl) return fromUrl;
      break;
    }
  }
  return literal(defaultEndpoint);
}
