// The catalogue shipped with the extension: the seed's paraminfo document plus
// the descriptors of the `main` and `query` modules. Bundled into the server,
// so nothing is read from disk at run time.

import paraminfo from '../../catalogue/paraminfo.json';
import mainQuery from '../../catalogue/main-query.json';
import { buildCatalogue, type Catalogue } from './catalogue';

let bundled: Catalogue | undefined;

export function bundledCatalogue(): Catalogue {
  bundled ??= buildCatalogue([paraminfo, mainQuery], { origin: 'bundled' });
  return bundled;
}
