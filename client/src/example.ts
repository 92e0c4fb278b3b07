// "Open an example" (the walkthrough's third step): a new, unsaved `.mwq`
// document with a query to run and a mistake to fix. Nothing is written to
// disk; the query goes to the selected environment, else to English Wikipedia.

import * as vscode from 'vscode';

export function exampleText(defaultEndpoint: string | undefined): string {
  const endpoint = defaultEndpoint
    ? `# Without an @endpoint line, the queries go to the environment picked in the status bar.\n`
    : `# Pick a wiki in the status bar and delete this line to query it instead.\n@endpoint = https://en.wikipedia.org/w/api.php\n`;
  return `# An example: put the cursor in a query, then Ctrl+Enter (Cmd+Enter) or "Run query" above it.
${endpoint}
### Pages of the main namespace
list=allpages
apnamespace=0
aplimit=10

### A mistake to fix: the cursor on the squiggle, then Ctrl+. (Cmd+.)
list=allpage
`;
}

export async function openExample(defaultEndpoint: string | undefined): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'mwquery', content: exampleText(defaultEndpoint) });
  // Beside the walkthrough (no text editor active), so that its next steps stay in view.
  const column = vscode.window.activeTextEditor ? vscode.ViewColumn.Active : vscode.ViewColumn.Beside;
  const editor = await vscode.window.showTextDocument(document, { preview: false, viewColumn: column });
  // The cursor in the first query, ready for Ctrl+Enter.
  const line = document
    .getText()
    .split('\n')
    .findIndex((l) => l.startsWith('list=allpages'));
  if (line >= 0) editor.selection = new vscode.Selection(line, 0, line, 0);
  return editor;
}
