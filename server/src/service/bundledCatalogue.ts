// The catalogue shipped with the extension: the paraminfo of MediaWiki's query modules plus
// the descriptors of the `main` and `query` modules. Bundled into the server,
// so nothing is read from disk at run time; required on first use, so the
// server answers `initialize` before it builds the catalogue.

import { buildCatalogue, type Catalogue } from './catalogue';

let bundled: Catalogue | undefined;

export function bundledCatalogue(): Catalogue {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  bundled ??= buildCatalogue([require('../../catalogue/paraminfo.json'), require('../../catalogue/main-query.json')], {
    origin: 'bundled',
  });
  return bundled;
}
