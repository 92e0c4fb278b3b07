// A wiki's catalogue snapshot (common/src/catalogue/fetchCatalogue.ts) as the
// language service's Catalogue: its modules, its namespaces, and an origin
// that messages can name ("the catalogue of host (fetched …)").

import { describeSnapshot, type CatalogueSnapshot, type SnapshotNamespace } from '../../../common/src/catalogue/snapshot';
import { buildCatalogue, type Catalogue, type Namespace } from '../service/catalogue';

export function catalogueFromSnapshot(snapshot: CatalogueSnapshot): Catalogue {
  return buildCatalogue(snapshot.documents, {
    namespaces: snapshot.namespaces.map(toNamespace),
    origin: describeSnapshot(snapshot),
  });
}

/** `4 TestWiki (Project; also WP)`: the local name, with the canonical name and aliases a user may know it by. */
function toNamespace(ns: SnapshotNamespace): Namespace {
  const also = [ns.canonical, ...(ns.aliases ?? [])].filter((n): n is string => !!n && n !== ns.name);
  return { id: ns.id, name: also.length ? `${ns.name} (${also.join(', ')})` : ns.name };
}
