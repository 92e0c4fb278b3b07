// `{{$secret NAME}}` values live in the editor's secret storage; `{{$env NAME}}`
// in the extension host's environment. The runner's lookup is synchronous, so
// the secrets a query uses are read first.

import * as vscode from 'vscode';
import type { QueryNode } from '../../../common/src/syntaxTree';
import type { VariableScope } from '../../../common/src/resolve';
import type { VariableUse } from '../../../common/src/syntaxTree';

const KEY_PREFIX = 'mwquery.secret.';

export function secretKey(name: string): string {
  return KEY_PREFIX + name;
}

/** Names of the secrets a query needs, its variables' definitions included. */
export function secretsUsedBy(query: QueryNode, scope: VariableScope): Set<string> {
  const names = new Set<string>();
  const visit = (uses: readonly VariableUse[], offset: number, depth: number) => {
    for (const use of uses) {
      if (use.kind === 'secret' && use.name) names.add(use.name);
      if (use.kind === 'variable' && depth < 10) {
        const def = scope.definitionAt(use.name, offset);
        if (def) visit(def.uses, def.valueSpan.start, depth + 1);
      }
    }
  };
  for (const param of query.params) visit(param.uses, param.valueSpan.start, 0);
  const endpoint = scope.definitionAt('endpoint', query.span.start);
  if (endpoint) visit(endpoint.uses, endpoint.valueSpan.start, 0);
  return names;
}

/** A synchronous lookup for the runner, or the names of secrets not set. */
export async function externalLookup(
  secrets: vscode.SecretStorage,
  names: Iterable<string>,
): Promise<{ lookup: (use: VariableUse) => string | undefined; missing: string[] }> {
  const values = new Map<string, string>();
  const missing: string[] = [];
  for (const name of names) {
    const value = await secrets.get(secretKey(name));
    if (value === undefined) missing.push(name);
    else values.set(name, value);
  }
  return {
    lookup: (use) => (use.kind === 'secret' ? values.get(use.name) : use.kind === 'env' ? process.env[use.name] : undefined),
    missing,
  };
}

/**
 * Stores a secret: asks for its name and value, unless given (the command
 * `mwquery.setSecret(name, value)`, for automation; the value is never shown
 * or logged).
 */
export async function setSecret(secrets: vscode.SecretStorage, name?: string, given?: string): Promise<void> {
  const key = name ?? (await vscode.window.showInputBox({ prompt: 'Name of the secret, as in {{$secret NAME}}', ignoreFocusOut: true }));
  if (!key) return;
  const value =
    given ??
    (await vscode.window.showInputBox({
      prompt: `Value of secret "${key}" (kept in the editor's secret storage)`,
      password: true,
      ignoreFocusOut: true,
    }));
  if (value === undefined) return;
  await secrets.store(secretKey(key), value);
  void vscode.window.showInformationMessage(`Secret "${key}" is stored.`);
}

export async function clearSecret(secrets: vscode.SecretStorage, name?: string): Promise<void> {
  const key = name ?? (await vscode.window.showInputBox({ prompt: 'Name of the secret to clear', ignoreFocusOut: true }));
  if (!key) return;
  await secrets.delete(secretKey(key));
  void vscode.window.showInformationMessage(`Secret "${key}" is cleared.`);
}
