// A row of results: one object of an answer's list (a page, a revision, a log
// entry …) or a `{ key, value }` pair of an object part. Its own module, so
// that the results, the panel, the charts and the writers need not reach into
// the runner for a type.

export type Row = Record<string, unknown>;

/**
 * The field a run over many wikis gives each row first (runner/manyWikis.ts
 * withWiki), and that a comparison of such runs keys on (results/compare.ts).
 * A row's own `wiki` field is kept as `wiki.row`.
 */
export const WIKI_FIELD = 'wiki';
export const OWN_WIKI_FIELD = 'wiki.row';
