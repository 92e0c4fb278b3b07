// The tree view's ▸ clicked: the members of that subcategory, asked of the
// wiki the run went to, as the next query (the run's categorymembers query
// with the subcategory as cmtitle: common/src/chart/categoryExpand.ts). A
// person's click asks for it, so it is not a request nobody asked for (no
// unasked gate); it goes through the ordinary run (the run's session
// options: contact, maxlag, the account, the size cap), in a trusted
// workspace only, one page, at most MAX_EXPANSIONS per run. Every click is
// answered: with the members, or with the sentence saying why there are none
// (a stored run of the history has no session to ask with). No `vscode`
// here: the host's parts come in as `ExpansionHost` (commandHandlers.ts).

import { MAX_EXPANSIONS, membersQuery } from '../../../common/src/chart/categoryExpand';
import type { PanelCategoryMembers } from '../../../common/src/panelProtocol';
import { startRun } from '../../../common/src/runner/startRun';
import type { Row } from '../../../common/src/row';
import type { ActiveRun } from './activeRun';

/** Members sent to the panel at most per subcategory (the first page's). */
const MAX_MEMBERS = 5000;

/** The answer to ▸ on a stored run of the history: it has no session, and nothing is sent. */
export const NEEDS_LIVE_RUN = 'expanding a subcategory needs a live run: this is a stored run, run the query again to expand it';
/** The answer in an untrusted workspace (the trust rule's warning says more). */
export const NOT_TRUSTED = 'not expanded: this workspace is not trusted';

export interface ExpansionHost {
  /** Whether the workspace allows a run (trustedHere: says so to the person when not). */
  trusted(): boolean;
  /** Sends the answer to the panel showing `run`; without a run, to the panel showing a stored run. */
  answer(members: PanelCategoryMembers, run: ActiveRun | undefined): void;
  log: { info(message: string): void };
}

/** Asks for `category`'s members of the live `run` (none: a stored run is shown) and answers the panel. */
export async function expandCategory(run: ActiveRun | undefined, category: string, host: ExpansionHost): Promise<void> {
  const refuse = (note: string) => {
    host.log.info(`Not expanded ${category}: ${note}`);
    host.answer({ category, rows: [], note }, run);
  };
  if (!run) return refuse(NEEDS_LIVE_RUN);
  if (!host.trusted()) return refuse(NOT_TRUSTED);
  const params = membersQuery(run.request.params, category);
  if (!params || !run.sessionOptions) return refuse('only a categorymembers query on one wiki is expanded');
  if ((run.expansions ?? 0) >= MAX_EXPANSIONS) return refuse(`${MAX_EXPANSIONS} subcategories expanded at most`);
  run.expansions = (run.expansions ?? 0) + 1;
  const session = startRun({ query: run.query, request: { ...run.request, params } }, { session: run.sessionOptions });
  const rows: Row[] = [];
  const outcome = await session.nextPage({
    onPage: (page) => page.batches.forEach((b) => b.rows.forEach((r) => rows.length < MAX_MEMBERS && rows.push(r))),
  });
  host.log.info(`Expanded ${category}: ${rows.length} members`);
  host.answer({ category, rows, ...(outcome.error ? { note: outcome.error.message } : {}) }, run);
}
