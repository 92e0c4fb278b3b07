// The web extension (package.json "browser"): VS Code's web worker extension
// host (vscode.dev, github.dev, a browser VS Code) loads this bundle,
// dist/web/extension.js. No Node here (scripts/check-web-imports.mjs).

import type * as vscode from 'vscode';
import { startWebLanguageClient } from './languageClient';

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  await startWebLanguageClient(context);
}

export function deactivate(): void {}
