// Wikimedia's User-Agent policy asks every tool for a way to reach whoever
// runs it. Before the first request to a Wikimedia wiki with no
// `mwquery.contact` set, this asks for one (and stores it in the user's
// settings); the request is not sent without it. Other wikis are never held up.

import * as vscode from 'vscode';
import { isWikimediaEndpoint, looksLikeContact } from '../../common/src/wikimediaHosts';
import { hostOf } from '../../common/src/url';

export type ContactVerdict = { allowed: true; contact: string | undefined } | { allowed: false; message: string };

const SET = 'Set contact';
const POLICY = 'Read the policy';
const NOT_NOW = 'Not now';
const POLICY_URL = 'https://meta.wikimedia.org/wiki/User-Agent_policy';

export class ContactGate {
  /** One question at a time: concurrent requests share the answer. */
  private asking?: Promise<string | undefined>;
  /** "Not now" was answered: automatic fetches stop asking until the next window. */
  private declined = false;

  /** The contact set in the settings, if any. */
  current(): string | undefined {
    return vscode.workspace.getConfiguration('mwquery').get<string>('contact', '').trim() || undefined;
  }

  /**
   * Whether a request to `endpoint` may go, and the contact for its User-Agent.
   * `ask: false` (a run of many queries, such as the Testing view's): no
   * question that could wait unseen in the notification centre; the verdict
   * says what to set.
   */
  async check(endpoint: string, options: { automatic?: boolean; ask?: boolean } = {}): Promise<ContactVerdict> {
    const contact = this.current();
    if (contact || !isWikimediaEndpoint(endpoint)) return { allowed: true, contact };
    if (options.ask === false)
      return {
        allowed: false,
        message: `Nothing was sent to ${hostOf(endpoint)}: Wikimedia wikis ask for a contact in the User-Agent, and a test run asks no questions. Set "mwquery.contact" (an e-mail, a URL or User:Name; MediaWiki Query: Set Your Contact for the User-Agent), then run the tests again.`,
      };
    const given =
      options.automatic && this.declined && !this.asking
        ? undefined
        : await (this.asking ??= this.ask(endpoint).finally(() => (this.asking = undefined)));
    if (given) return { allowed: true, contact: given };
    this.declined = true;
    return {
      allowed: false,
      message: `Nothing was sent to ${hostOf(endpoint)}: Wikimedia wikis ask for a contact in the User-Agent. Set "mwquery.contact" (an e-mail, a URL or User:Name).`,
    };
  }

  /** The command `mwquery.setContact`: asks for a contact and stores it. */
  async prompt(reason?: string): Promise<string | undefined> {
    const value = await vscode.window.showInputBox({
      title: 'MediaWiki Query: your contact',
      prompt:
        reason ??
        "Put in the User-Agent of every request, so that a wiki's operators can reach you: an e-mail address, a URL, or User:Name.",
      placeHolder: 'User:YourName or you@example.net',
      value: this.current() ?? '',
      ignoreFocusOut: true,
      validateInput: (v) =>
        v.trim() === '' || looksLikeContact(v) ? undefined : 'An e-mail address, an http(s) URL, or User:Name on the wiki.',
    });
    if (value === undefined || !looksLikeContact(value)) return undefined;
    await vscode.workspace.getConfiguration('mwquery').update('contact', value.trim(), vscode.ConfigurationTarget.Global);
    return value.trim();
  }

  private async ask(endpoint: string): Promise<string | undefined> {
    for (;;) {
      // A notification, not a modal dialog: the request waits for the answer, the editor does not.
      const choice = await Promise.resolve(
        vscode.window.showWarningMessage(
          `${hostOf(endpoint)} is a Wikimedia wiki: its User-Agent policy asks every tool for a contact (an e-mail, a URL or User:Name). Set one before the first request?`,
          SET,
          POLICY,
          NOT_NOW,
        ),
      ).catch(() => undefined);
      if (choice === POLICY) {
        await vscode.env.openExternal(vscode.Uri.parse(POLICY_URL));
        continue;
      }
      return choice === SET ? this.prompt() : undefined;
    }
  }
}
