// "Copy as…": the query at the cursor (or a CodeLens's query) as a program in
// a language picked from a quick pick, on the clipboard. No secret is read:
// the program reads `{{$env}}`/`{{$secret}}` values from its own environment.

import * as vscode from 'vscode';
import { CODE_TARGETS, codeTarget, type CodeTarget } from '../../../common/src/codegen';
import { exportModel } from '../../../common/src/codegen/model';
import { parseDocument, queryAtLine } from '../../../common/src/parser';
import { VariableScope } from '../../../common/src/resolve';
import { isRunnerError } from '../../../common/src/runner/errors';

/**
 * `mwquery.copyAsCode` [uri, line, target]: without a target id (`python`,
 * `pywikibot`, `mwclient`, `mwn`, `fetch`) a quick pick asks.
 * Resolves with the copied text, or undefined when nothing was copied.
 */
export async function copyAsCode(
  defaultEndpoint: string | undefined,
  uri?: unknown,
  line?: unknown,
  targetId?: unknown,
): Promise<string | undefined> {
  const where = placeOf(uri, line);
  if (!where) {
    void vscode.window.showWarningMessage('Put the cursor in a query of a .mwq file first.');
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(where.uri);
  const doc = parseDocument(document.getText());
  const query = queryAtLine(doc, where.line);
  if (!query || query.params.length === 0) {
    void vscode.window.showWarningMessage(`There is no query at line ${where.line + 1}.`);
    return undefined;
  }
  const target = typeof targetId === 'string' ? codeTarget(targetId) : await pickTarget();
  if (!target) return undefined;
  const contact = vscode.workspace.getConfiguration('mwquery').get<string>('contact', '').trim() || undefined;
  let program: string;
  try {
    program = target.generate(exportModel(query, new VariableScope(doc), { contact, defaultEndpoint }));
  } catch (error) {
    void vscode.window.showErrorMessage(isRunnerError(error) ? error.message : String(error));
    return undefined;
  }
  await vscode.env.clipboard.writeText(program);
  const note = contact ? '' : ' Set mwquery.contact to put your contact in its User-Agent.';
  void vscode.window.showInformationMessage(`${target.label} program copied.${note}`);
  return program;
}

function placeOf(uri: unknown, line: unknown): { uri: vscode.Uri; line: number } | undefined {
  if (uri instanceof vscode.Uri && typeof line === 'number') return { uri, line };
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'mwquery') return undefined;
  return { uri: editor.document.uri, line: editor.selection.active.line };
}

async function pickTarget(): Promise<CodeTarget | undefined> {
  const picked = await vscode.window.showQuickPick(
    CODE_TARGETS.map((t) => ({ label: t.label, description: t.id, target: t })),
    { title: 'Copy query as…', placeHolder: 'Language and library of the program' },
  );
  return picked?.target;
}
