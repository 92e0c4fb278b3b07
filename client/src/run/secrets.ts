// `{{$secret NAME}}` values live in the editor's secret storage; `{{$env NAME}}`
// in the extension host's environment. The runner's lookup is synchronous, so
// the secrets a query uses are read first. Each secret is bound to the hosts
// it was set for (kept beside it, common/src/accounts/secretBinding.ts): a run
// that would send it to another host asks first, naming the host, and sends
// nothing without a yes.

import * as vscode from 'vscode';
import { envVar } from '../../../common/src/envVar';
import type { QueryNode } from '../../../common/src/syntaxTree';
import type { VariableScope } from '../../../common/src/resolve';
import type { VariableUse } from '../../../common/src/syntaxTree';
import { secretsOf, type PreparedRequest } from '../../../common/src/runner/request';
import { unboundSecrets } from '../../../common/src/accounts/secretBinding';
import { hostSet } from '../../../common/src/gate/unaskedGate';

const KEY_PREFIX = 'mwquery.secret.';
/** Beside each secret: the hosts it may be sent to (a JSON array of host keys). */
const HOSTS_PREFIX = 'mwquery.secretHosts.';
const SEND = 'Send';

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
    lookup: (use) => (use.kind === 'secret' ? values.get(use.name) : use.kind === 'env' ? envVar(use.name) : undefined),
    missing,
  };
}

/** The hosts a secret was set for (none for one stored before secrets were bound: its first run asks). */
export async function secretHosts(secrets: vscode.SecretStorage, name: string): Promise<Set<string>> {
  try {
    const stored: unknown = JSON.parse((await secrets.get(HOSTS_PREFIX + name)) ?? '[]');
    return hostSet(Array.isArray(stored) ? stored.filter((h): h is string => typeof h === 'string') : []);
  } catch {
    return new Set();
  }
}

async function bindSecret(secrets: vscode.SecretStorage, name: string, hosts: Iterable<string>): Promise<void> {
  const all = new Set([...(await secretHosts(secrets, name)), ...hostSet(hosts)]);
  await secrets.store(HOSTS_PREFIX + name, JSON.stringify([...all]));
}

/**
 * Before a run: every secret `requests` carry goes only to hosts it is bound
 * to (each request's endpoint, or each of `endpoints` when given: the wikis
 * of an `@endpoints` run). For each other host, "Send secret NAME to HOST?"
 * (Send remembers the host); false, with nothing sent, unless every answer
 * is Send.
 */
export async function admitSecrets(
  secrets: vscode.SecretStorage,
  requests: readonly PreparedRequest[],
  endpoints?: readonly string[],
  options: { ask?: boolean } = {},
): Promise<{ admitted: true } | { admitted: false; message: string }> {
  const bound = new Map<string, Set<string>>();
  for (const request of requests)
    for (const name of secretsOf(request)) if (!bound.has(name)) bound.set(name, await secretHosts(secrets, name));
  for (const request of requests) {
    for (const unbound of unboundSecrets(request, (name) => bound.get(name) ?? new Set(), endpoints ?? [request.endpoint])) {
      // A run of many queries (the Testing view) asks nothing: a question could wait unseen and stall it.
      if (options.ask === false)
        return {
          admitted: false,
          message: `Secret "${unbound.name}" was not set for ${unbound.shown}, and a test run asks no questions: nothing was sent. Run the query once from the editor to allow that host, then run the tests again.`,
        };
      // A notification (modal dialogs are refused in extension tests): the run waits for the answer; no answer, no request.
      const choice = await Promise.resolve(
        vscode.window.showWarningMessage(
          `Send secret "${unbound.name}" to ${unbound.shown}? It was not set for that host.`,
          SEND,
          'Cancel',
        ),
      ).catch(() => undefined);
      if (choice !== SEND)
        return { admitted: false, message: `Secret "${unbound.name}" was not sent to ${unbound.shown}: nothing was sent.` };
      await bindSecret(secrets, unbound.name, [unbound.host]);
      bound.get(unbound.name)?.add(unbound.host);
    }
  }
  return { admitted: true };
}

/**
 * Stores a secret: asks for its name, value and hosts, unless given (the
 * command `mwquery.setSecret(name, value, hosts)`, for automation; the value
 * is never shown or logged). `hostHint`: the host of the query it is set for.
 */
export async function setSecret(
  secrets: vscode.SecretStorage,
  name?: string,
  given?: string,
  hosts?: readonly string[],
  hostHint?: string,
): Promise<void> {
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
  // Set from a query: its host. Else asked (automation without hosts binds none: the first run asks).
  const where =
    hosts ??
    (hostHint !== undefined
      ? [hostHint]
      : given === undefined
        ? ((
            await vscode.window.showInputBox({
              prompt: `Hosts secret "${key}" may be sent to (commas between), e.g. wiki.example.org`,
              ignoreFocusOut: true,
            })
          )?.split(/[\s,]+/) ?? [])
        : []);
  await secrets.store(secretKey(key), value);
  await secrets.store(HOSTS_PREFIX + key, '[]');
  await bindSecret(secrets, key, where);
  const bound = [...(await secretHosts(secrets, key))];
  void vscode.window.showInformationMessage(`Secret "${key}" is stored${bound.length ? `, for ${bound.join(', ')}` : ''}.`);
}

export async function clearSecret(secrets: vscode.SecretStorage, name?: string): Promise<void> {
  const key = name ?? (await vscode.window.showInputBox({ prompt: 'Name of the secret to clear', ignoreFocusOut: true }));
  if (!key) return;
  await secrets.delete(secretKey(key));
  await secrets.delete(HOSTS_PREFIX + key);
  void vscode.window.showInformationMessage(`Secret "${key}" is cleared.`);
}
