// Every code the checker reports, in one table: its severity and where it
// comes from (`api`: the code MediaWiki itself answers with, predicted;
// `editor`: the editor's own, kebab-case). docs/file-format.md documents each
// row (test/unit/diagnosticCodes.test.ts keeps the two in step).

export type DiagnosticLevel = 'error' | 'warning' | 'information' | 'hint';

export interface DiagnosticCodeInfo {
  severity: DiagnosticLevel;
  origin: 'api' | 'editor';
  /** One line for people. */
  what: string;
}

export const DIAGNOSTIC_CODES = {
  syntax: {
    severity: 'error',
    origin: 'editor',
    what: 'A line that is not `name=value`, a `###` name, a comment, a variable, an `@expect` or an `@watch`.',
  },
  'undefined-variable': {
    severity: 'error',
    origin: 'editor',
    what: '`{{name}}` with no `@name` above it, or an unknown `{{$function}}`.',
  },
  'variable-too-deep': {
    severity: 'error',
    origin: 'editor',
    what: '`{{name}}` whose value reaches through more variables than the nesting limit (10); the query does not run.',
  },
  'unsupported-action': { severity: 'error', origin: 'editor', what: '`action=` naming no action the catalogue knows.' },
  'write-action': {
    severity: 'error',
    origin: 'editor',
    what: '`action=` of an action that writes (paraminfo: write rights, must be posted, a token); never sent.',
  },
  'runner-parameter': {
    severity: 'hint',
    origin: 'editor',
    what: '`format`, `formatversion`, \u2026 are set by the runner, `callback`, \u2026 never sent.',
  },
  'duplicate-parameter': { severity: 'warning', origin: 'editor', what: 'The same parameter twice; the API uses the last.' },
  'secret-in-file': { severity: 'warning', origin: 'editor', what: 'A sensitive parameter (a token) written in the file.' },
  'boolean-value': { severity: 'warning', origin: 'editor', what: '`flag=false`: a flag is on whenever it is present.' },
  'ignored-parameter': { severity: 'information', origin: 'editor', what: 'A parameter that has no effect without another value.' },
  unrecognizedvalues: { severity: 'warning', origin: 'api', what: 'A module or multi-value that the API does not know.' },
  unrecognizedparams: { severity: 'warning', origin: 'api', what: 'A parameter no module of the query takes.' },
  badvalue: { severity: 'error', origin: 'api', what: "A value that is not one of the parameter's values." },
  badinteger: { severity: 'error', origin: 'api', what: 'Not an integer (or `max` for a limit).' },
  outofrange: { severity: 'warning', origin: 'api', what: "An integer outside the parameter's range; the API clamps it." },
  badtimestamp: { severity: 'error', origin: 'api', what: 'Not a timestamp the API reads.' },
  baduser: { severity: 'error', origin: 'api', what: 'Not a user reference the parameter accepts.' },
  missingparam: { severity: 'error', origin: 'api', what: 'A required parameter is missing.' },
  toomanyvalues: { severity: 'error', origin: 'api', what: 'More values than the parameter takes.' },
  badgenerator: { severity: 'error', origin: 'api', what: 'An unknown module, or one that cannot be a generator.' },
  multisource: { severity: 'error', origin: 'api', what: 'Pages given two ways (`titles`, `pageids`, `revids`).' },
  invalidparammix: { severity: 'error', origin: 'api', what: 'Parameters that cannot be used together.' },
  show: { severity: 'error', origin: 'api', what: '`X` and `!X` in one `show` parameter.' },
  deprecation: { severity: 'warning', origin: 'api', what: 'A deprecated module, parameter or value.' },
  'bad-expect': { severity: 'error', origin: 'editor', what: 'An `@expect` line that does not parse.' },
  'bad-watch': { severity: 'error', origin: 'editor', what: 'An `@watch` line whose period is not from 1 minute to 1 day.' },
  'unknown-query': { severity: 'error', origin: 'editor', what: '`{{#Name.field}}` naming no query of the file.' },
  'unknown-field': { severity: 'warning', origin: 'editor', what: '`{{#Name.field}}` with a field its rows are not known to have.' },
  'chain-cycle': { severity: 'error', origin: 'editor', what: 'Queries that take values from each other in a cycle.' },
  'bad-chain': { severity: 'error', origin: 'editor', what: 'A `{{#\u2026}}` reference that is not the whole value.' },
  'unknown-namespace': {
    severity: 'information',
    origin: 'editor',
    what: 'A namespace number the bundled catalogue does not list; checked against the wiki once its catalogue is known.',
  },
  'unknown-elsewhere': {
    severity: 'hint',
    origin: 'editor',
    what: "A module or parameter this file's wiki has that another environment of the workspace does not (compared once both catalogues are fetched).",
  },
  'unknown-on-wikis': {
    severity: 'warning',
    origin: 'editor',
    what: "A module or parameter that some wikis of the query's `@endpoints` do not have (checked with each wiki's catalogue once it is known).",
  },
  'apisandbox-link': {
    severity: 'hint',
    origin: 'editor',
    what: "An ApiSandbox link, read as its parameters (after `#`) and its wiki's api.php.",
  },
  'asks-for-nothing': {
    severity: 'warning',
    origin: 'editor',
    what: 'A query with no `list`, `prop`, `meta`, `generator` or pages: the wiki answers with nothing.',
  },
  'query-string-line': {
    severity: 'hint',
    origin: 'editor',
    what: 'An `a=b&c=d` line read as parameters; a quick fix splits it into one line each.',
  },
  'normalised-timestamp': {
    severity: 'warning',
    origin: 'editor',
    what: 'A timestamp with a field out of range (month 13, day 45), which the wiki silently rolls over.',
  },
  missingtitle: { severity: 'warning', origin: 'api', what: 'A page of `titles` that does not exist on the wiki (content check).' },
  invalidtitle: { severity: 'error', origin: 'api', what: 'A title the wiki says is not valid (content check).' },
  nosuchpageid: { severity: 'warning', origin: 'api', what: 'A page id the wiki does not have (content check).' },
  nosuchrevid: { severity: 'warning', origin: 'api', what: 'A revision id the wiki does not have (`badrevids`; content check).' },
  nosuchuser: { severity: 'warning', origin: 'api', what: 'A user name with no account on the wiki (content check).' },
  'redirect-title': {
    severity: 'hint',
    origin: 'editor',
    what: 'A page of `titles` that is a redirect, in a query without `redirects` (content check).',
  },
  'normalised-title': {
    severity: 'hint',
    origin: 'editor',
    what: 'A title the wiki reads in another form (`page_0001` → `Page 0001`; content check).',
  },
  'check-failed': {
    severity: 'error',
    origin: 'editor',
    what: 'The checker itself failed on this file (a bug): the other problems are not shown.',
  },
} as const satisfies Record<string, DiagnosticCodeInfo>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
