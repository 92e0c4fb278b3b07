// The editor's side of the gate for requests nobody asked for
// (common/src/gate/unaskedGate.ts): the facts it needs, gathered in one
// place. A host is chosen when the person ran a query against it, named it
// (the `mwquery.endpoint` setting, an environment of the settings or
// `.mwquery.json`), or answered "Always" / "This time" to "Fetch the
// catalogue of HOST?". The catalogue's auto-fetch, the content checks, the
// live values and the "All pages" lens all ask `verdict()`.

import * as vscode from 'vscode';
import { hostKey, hostSet, unaskedGate, type Carried, type UnaskedVerdict } from '../../common/src/gate/unaskedGate';
import { isWikimediaEndpoint } from '../../common/src/wikimediaHosts';
import type { Environments } from './environments';

const RAN_AGAINST_KEY = 'mwquery.ranAgainst';
/** Endpoints a query ran against that are remembered. */
const RAN_AGAINST_KEPT = 200;
/** Per host, the answer to "Fetch the catalogue of HOST?": 'always' or 'never' (globalState). */
const HOST_CHOICES_KEY = 'mwquery.catalogueHosts';
export type HostChoice = 'always' | 'never';

export class ChosenHosts {
  /** "This time" answers, for this window only. */
  private readonly sessionChoices = new Map<string, HostChoice>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly environments: Environments,
  ) {}

  /** Endpoints the person named: those a query ran against, environments, the setting. */
  endpoints(): Set<string> {
    const known = new Set(this.context.globalState.get<string[]>(RAN_AGAINST_KEY, []));
    for (const env of this.environments.list()) known.add(env.endpoint);
    const setting = vscode.workspace.getConfiguration('mwquery').get<string>('endpoint', '').trim();
    if (setting) known.add(setting);
    return known;
  }

  /** Whether the person chose the host of `endpoint` (see above). */
  has(endpoint: string): boolean {
    const host = hostKey(endpoint);
    if (host === undefined) return false;
    return hostSet(this.endpoints()).has(host) || this.hostChoice(endpoint) === 'always';
  }

  /** After a query ran: its endpoints are chosen from now on. Returns those that were not known. */
  async ranAgainst(endpoints: readonly string[]): Promise<string[]> {
    const list = this.context.globalState.get<string[]>(RAN_AGAINST_KEY, []);
    const fresh = [...new Set(endpoints)].filter((e) => !list.includes(e));
    if (fresh.length) await this.context.globalState.update(RAN_AGAINST_KEY, [...list, ...fresh].slice(-RAN_AGAINST_KEPT));
    return fresh;
  }

  /** The answer to the catalogue's question about this host, if any. */
  hostChoice(endpoint: string): HostChoice | undefined {
    const host = hostKey(endpoint);
    if (host === undefined) return undefined;
    const choices = this.context.globalState.get<Record<string, HostChoice>>(HOST_CHOICES_KEY, {});
    return Object.prototype.hasOwnProperty.call(choices, host) ? choices[host] : this.sessionChoices.get(host);
  }

  /** Keeps an answer: for good ('always'/'never'), or for this window ('this time'). */
  async answer(endpoint: string, choice: HostChoice | 'this time'): Promise<void> {
    const host = hostKey(endpoint);
    if (host === undefined) return;
    if (choice === 'this time') {
      this.sessionChoices.set(host, 'always');
      return;
    }
    const choices = { ...this.context.globalState.get<Record<string, HostChoice>>(HOST_CHOICES_KEY, {}) };
    choices[host] = choice;
    // Bounded: the oldest answers go first.
    await this.context.globalState.update(HOST_CHOICES_KEY, Object.fromEntries(Object.entries(choices).slice(-200)));
  }

  /**
   * Whether a request nobody asked for may go to `endpoint`: the workspace
   * trusted, the host chosen (or `anyHost`: the catalogue's autoFetch
   * `always`), nothing `carried` that is a secret or an environment value, a
   * contact for a Wikimedia wiki.
   */
  verdict(
    endpoint: string,
    options: {
      carries?: Carried;
      anyHost?: boolean;
      contact?: string;
      /** The contact question comes later (ContactGate). */ contactAsked?: boolean;
    } = {},
  ): UnaskedVerdict {
    return unaskedGate({
      trusted: vscode.workspace.isTrusted,
      hostChosen: this.has(endpoint),
      anyHost: options.anyHost,
      carries: options.carries,
      contactMissing: !options.contactAsked && !options.contact && isWikimediaEndpoint(endpoint),
    });
  }
}
