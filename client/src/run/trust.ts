// Workspace trust: what the extension may do in an untrusted workspace. A
// `.mwq` file from an unknown source names the endpoint its queries go to (and
// may pull `{{$env …}}` values into them), so in an untrusted workspace
// nothing is sent to a wiki: queries are checked (the language server reads
// the text only) but not run, and no catalogue is fetched, neither by itself
// nor on request. Copying a request (masked) sends nothing and stays allowed.
//
// Pure (no `vscode` import), so that the rule is unit-tested as it is
// (test/unit/trust.test.ts); the editor's `vscode.workspace.isTrusted` is
// passed in by the caller (trustedHere.ts).

export type GatedAction =
  /** Run, Run all pages, Next page, the panel's Next page / All pages. */
  | 'run'
  /** Open the request in the wiki's ApiSandbox (the browser then sends it). */
  | 'openInApiSandbox'
  /** Fetch a wiki's catalogue (paraminfo, siteinfo), asked by a person. */
  | 'fetchCatalogue'
  /** Fetch a wiki's catalogue because a document was opened or changed (nobody asked). */
  | 'fetchCatalogueAutomatically'
  /** Copy as URL / cURL: masked text to the clipboard; nothing is sent. */
  | 'copy'
  /** Export rows already fetched to a file. */
  | 'export';

export type GateDecision =
  { allowed: true } | { allowed: false; message: string; /** Say it (a warning), or stay silent (automatic work). */ tell: boolean };

const NEEDS_TRUST: Readonly<Record<GatedAction, boolean>> = {
  run: true,
  openInApiSandbox: true,
  fetchCatalogue: true,
  fetchCatalogueAutomatically: true,
  copy: false,
  export: false,
};

export const UNTRUSTED_RUN_MESSAGE = 'Queries do not run in an untrusted workspace. Trust the workspace to run them.';
export const UNTRUSTED_CATALOGUE_MESSAGE =
  "Wiki catalogues are not fetched in an untrusted workspace; queries are checked against the bundled one. Trust the workspace to fetch the wiki's own.";

/** Whether `action` may happen in a workspace whose trust is `isTrusted`, and what to say if not. */
export function trustGate(action: GatedAction, isTrusted: boolean): GateDecision {
  if (isTrusted || !NEEDS_TRUST[action]) return { allowed: true };
  switch (action) {
    case 'fetchCatalogueAutomatically':
      return { allowed: false, message: UNTRUSTED_CATALOGUE_MESSAGE, tell: false };
    case 'fetchCatalogue':
      return { allowed: false, message: UNTRUSTED_CATALOGUE_MESSAGE, tell: true };
    default:
      return { allowed: false, message: UNTRUSTED_RUN_MESSAGE, tell: true };
  }
}
