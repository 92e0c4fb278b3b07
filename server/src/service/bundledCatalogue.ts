// The catalogue shipped with the extension: the paraminfo of MediaWiki's query modules plus
// the descriptors of the `main` and `query` modules and the test wiki's other actions
// (actions.json, scripts/catalogue/fetch-actions.ts). Bundled into the server,
// so nothing is read from disk at run time; required on first use, so the
// server answers `initialize` before it builds the catalogue.

import { buildCatalogue, type Catalogue } from './catalogue';

let bundled: Catalogue | undefined;

export function bundledCatalogue(): Catalogue {
  bundled ??= buildCatalogue(bundledDocuments(), { origin: 'bundled' });
  return bundled;
}

function bundledDocuments(): unknown[] {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return [require('../../catalogue/paraminfo.json'), require('../../catalogue/main-query.json'), require('../../catalogue/actions.json')];
  /* eslint-enable @typescript-eslint/no-require-imports */
}
