// What the results panel does for its page by itself, without the run: a
// text opened in an editor or copied, a chart saved to a file.

import * as vscode from 'vscode';
import { hostFiles } from './hostFiles';

/** A chart from the panel (SVG text or PNG base64) in a file the user picks. */
export async function saveChart(format: 'svg' | 'png', data: string, name: string): Promise<void> {
  const base = name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 100) || 'chart';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await vscode.window.showSaveDialog({
    defaultUri: folder ? vscode.Uri.joinPath(folder, `${base}.${format}`) : undefined,
    filters: { [format.toUpperCase()]: [format] },
  });
  if (!target) return;
  try {
    const bytes = format === 'svg' ? new TextEncoder().encode(data) : Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    await hostFiles().writeChosenFile(target, bytes);
    vscode.window.setStatusBarMessage(`Saved the chart to ${vscode.workspace.asRelativePath(target)}.`, 5000);
  } catch (error) {
    void vscode.window.showErrorMessage(`Cannot save the chart: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A text from the panel in a new untitled editor tab. */
export async function openText(text: string, language: 'plaintext' | 'json'): Promise<void> {
  try {
    const doc = await vscode.workspace.openTextDocument({ content: text, language });
    // Beside the panel: in the panel's own group it would hide (and discard) the panel.
    await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Beside });
  } catch (error) {
    void vscode.window.showErrorMessage(`Cannot open the text in an editor: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A text from the panel on the clipboard, said in the status bar. */
export async function copyText(text: string, what: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`Copied ${what.replace(/[^\w ,.-]/g, '').slice(0, 60)}.`, 3000);
}
