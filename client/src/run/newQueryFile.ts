// The command "New Query File": an untitled `.mwq` document with a first
// query to start from (the endpoint of the selected environment or setting).

import * as vscode from 'vscode';

export function newQueryFileText(endpoint: string | undefined): string {
  return [
    `@endpoint = ${endpoint?.trim() || 'https://en.wikipedia.org/w/api.php'}`,
    '',
    '### Recent changes',
    'list=recentchanges',
    'rcprop=title|timestamp|user|comment',
    'rclimit=20',
    '',
  ].join('\n');
}

export async function newQueryFile(endpoint: string | undefined): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'mwquery', content: newQueryFileText(endpoint) });
  return vscode.window.showTextDocument(document, { preview: false });
}
