// Which query a command applies to (its arguments, else the cursor), and its
// request built with the file's variables and the editor's secrets.

import * as vscode from 'vscode';
import { parseDocument } from '../../../common/src/parser';
import type { QueryNode } from '../../../common/src/syntaxTree';
import { VariableScope } from '../../../common/src/resolve';
import { buildRequest } from '../../../common/src/runner/request';
import { isRunnerError } from '../../../common/src/runner/errors';
import { queryAtLine } from '../../../common/src/parser';
import type { Prepared } from './activeRun';
import { admitSecrets, externalLookup, secretsUsedBy, setSecret } from './secrets';
import { hostKey, StandIns } from '../../../common/src/gate/unaskedGate';
import { wikiTargetsOf, type SitematrixSource } from './wikiTargets';

/** Where a command applies: its arguments (from a CodeLens) or the cursor. */
export function commandTarget(uri?: vscode.Uri, line?: number): { uri: vscode.Uri; line: number } | undefined {
  if (uri instanceof vscode.Uri && typeof line === 'number') return { uri, line };
  // The active editor, else a .mwq editor in view (e.g. beside the walkthrough, whose button was clicked).
  const active = vscode.window.activeTextEditor;
  const editor =
    active?.document.languageId === 'mwquery' ? active : vscode.window.visibleTextEditors.find((e) => e.document.languageId === 'mwquery');
  if (!editor || editor.document.languageId !== 'mwquery') {
    void vscode.window.showWarningMessage('Put the cursor in a query of a .mwq file first.');
    return undefined;
  }
  return { uri: editor.document.uri, line: editor.selection.active.line };
}

/** Builds the request of the query at a line; says why when it cannot. */
export async function prepareQuery(
  secrets: vscode.SecretStorage,
  log: vscode.LogOutputChannel,
  defaultEndpoint: string | undefined,
  uri: vscode.Uri,
  line: number,
  sitematrix?: SitematrixSource,
): Promise<Prepared | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const doc = parseDocument(document.getText());
  const query = queryAtLine(doc, line);
  if (!query || query.params.length === 0) {
    void vscode.window.showWarningMessage(`There is no query at line ${line + 1}.`);
    return undefined;
  }
  const scope = new VariableScope(doc);
  const { lookup, missing } = await externalLookup(secrets, secretsUsedBy(query, scope));
  if (missing.length) {
    const choice = await vscode.window.showErrorMessage(`The secret "${missing[0]}" is not set; the query needs it.`, 'Set secret');
    if (choice) await setSecret(secrets, missing[0], undefined, undefined, queryHost(query, scope, defaultEndpoint));
    return undefined;
  }
  // Under an `@endpoints` line: the wikis it runs on; the request is built for the first and sent to each.
  const wikis = await wikiTargetsOf(uri, query, scope, lookup, sitematrix);
  if (wikis && 'problem' in wikis) {
    log.error(`Cannot run the query at line ${line + 1}: ${wikis.problem}`);
    void vscode.window.showErrorMessage(wikis.problem);
    return undefined;
  }
  // Wikis left out (a bad line of the file, a name the sitematrix does not know): said, the others run.
  for (const note of wikis?.notes ?? []) log.warn(`@endpoints: ${note}`);
  if (wikis?.notes.length) void vscode.window.showWarningMessage(`@endpoints: ${wikis.notes[0]}`);
  try {
    // `$env` values are masked unless listed as safe.
    const safeEnvNames = vscode.workspace.getConfiguration('mwquery').get<string[]>('safeEnvironmentVariables', []);
    const request = buildRequest(query, scope, {
      external: lookup,
      defaultEndpoint: wikis ? wikis.targets[0]!.endpoint : defaultEndpoint,
      safeEnvNames,
    });
    // Its secrets go only to the hosts they were set for: asked first for another, nothing sent without a yes.
    const admitted = await admitSecrets(
      secrets,
      [request],
      wikis?.targets.map((t) => t.endpoint),
    );
    if (!admitted.admitted) {
      log.info(admitted.message);
      void vscode.window.showWarningMessage(admitted.message);
      return undefined;
    }
    return { uri, doc, query, request, ...(wikis ? { wikis: wikis.targets } : {}) };
  } catch (error) {
    // A library's own error text may quote the URL with its resolved secrets: only ours is shown.
    const message = isRunnerError(error)
      ? error.message
      : `The query cannot be run (${error instanceof Error ? error.name : typeof error}).`;
    log.error(`Cannot run the query at line ${line + 1}: ${message}`);
    // Not awaited: the command ends now; the button works while the message is shown.
    void vscode.window.showErrorMessage(message, ...(/endpoint/i.test(message) ? ['Open settings'] : [])).then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'mwquery.endpoint');
    });
    return undefined;
  }
}

/** The host a query sends to, when its endpoint names it without a `$secret`/`$env` value (Set Secret binds the secret to it). */
function queryHost(query: QueryNode, scope: VariableScope, defaultEndpoint: string | undefined): string | undefined {
  const standIns = new StandIns();
  try {
    const endpoint = buildRequest(query, scope, { external: standIns.lookup, defaultEndpoint }).endpoint;
    return standIns.carried(endpoint, []).hostUnknown ? undefined : hostKey(endpoint);
  } catch {
    return undefined;
  }
}

/** The query at a line of a file (said when there is none). */
export async function queryAt(uri: vscode.Uri, line: number): Promise<QueryNode | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const query = queryAtLine(parseDocument(document.getText()), line);
  if (!query || query.params.length === 0) {
    void vscode.window.showWarningMessage(`There is no query at line ${line + 1}.`);
    return undefined;
  }
  return query;
}
