// A row of results: one object of an answer's list (a page, a revision, a log
// entry …) or a `{ key, value }` pair of an object part. Its own module, so
// that the results, the panel, the charts and the writers need not reach into
// the runner for a type.

export type Row = Record<string, unknown>;
