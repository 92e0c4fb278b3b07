// The tree view's ▸ clicked: the members of that subcategory, asked of the
// wiki the run went to, as the next query (the run's categorymembers query
// with the subcategory as cmtitle: common/src/chart/categoryExpand.ts). A
// person's click asks for it, so it is not a request nobody asked for (no
// unasked gate); it goes through the ordinary run (the run's session
// options: contact, maxlag, the account, the size cap), in a trusted
// workspace only, one page, at most MAX_EXPANSIONS per run.

import type * as vscode from 'vscode';
import { MAX_EXPANSIONS, membersQuery } from '../../../common/src/chart/categoryExpand';
import type { PanelCategoryMembers } from '../../../common/src/panelProtocol';
import { startRun } from '../../../common/src/runner/startRun';
import type { Row } from '../../../common/src/row';
import { ResultsPanel } from '../resultsPanel';
import type { ActiveRun } from './activeRun';
import { trustedHere } from './trustedHere';

/** Members sent to the panel at most per subcategory (the first page's). */
const MAX_MEMBERS = 5000;

/** Asks for `category`'s members and sends them (or why not) to the panel showing `run`. */
export async function expandCategory(run: ActiveRun, category: string, log: vscode.LogOutputChannel): Promise<void> {
  const send = (members: PanelCategoryMembers) => ResultsPanel.currentPanel?.showCategoryMembers(members, run.info);
  if (!trustedHere(log)) return;
  const params = membersQuery(run.request.params, category);
  if (!params || !run.sessionOptions) return send({ category, rows: [], note: 'only a categorymembers query on one wiki is expanded' });
  if ((run.expansions ?? 0) >= MAX_EXPANSIONS)
    return send({ category, rows: [], note: `${MAX_EXPANSIONS} subcategories expanded at most` });
  run.expansions = (run.expansions ?? 0) + 1;
  const session = startRun({ query: run.query, request: { ...run.request, params } }, { session: run.sessionOptions });
  const rows: Row[] = [];
  const outcome = await session.nextPage({
    onPage: (page) => page.batches.forEach((b) => b.rows.forEach((r) => rows.length < MAX_MEMBERS && rows.push(r))),
  });
  log.info(`Expanded ${category}: ${rows.length} members`);
  send({ category, rows, ...(outcome.error ? { note: outcome.error.message } : {}) });
}
