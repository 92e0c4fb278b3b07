// A query made ready to run from the editor: its request (secrets, `@endpoints`
// wikis, an ApiSandbox link's api.php), the contact question, and the
// session's options (timeout, maxlag, cookies, the account, the redactor).
// Runs, watch ticks (queryWatches.ts) and the many-wiki sessions start here.

import * as vscode from 'vscode';
import type { CookieJars } from '../../../common/src/runner/cookies';
import type { SessionOptions } from '../../../common/src/runner/continuation';
import { redactorOf } from '../../../common/src/runner/request';
import { settleEndpoint } from '../../../common/src/runner/scriptPath';
import { gatedSend, type WikiTarget } from '../../../common/src/runner/manyWikis';
import { sendApiRequest } from '../../../common/src/runner/http';
import { isWikimediaEndpoint } from '../../../common/src/wikimediaHosts';
import { DEFAULT_SITEMATRIX_ENDPOINT, fetchSitematrix } from '../../../common/src/runner/wikiTargets';
import type { Redactor } from '../../../common/src/redact';
import type { Accounts } from '../accounts';
import type { ContactGate } from '../contact';
import type { Environments } from '../environments';
import type { Prepared } from './activeRun';
import { prepareQuery } from './queryTarget';
import { readRunSettings } from './runSettings';

/** A query ready to run: its request and what its session is given. */
export interface ReadyRun {
  prepared: Prepared;
  sessionOptions: SessionOptions;
  /** The environment's account signs the requests in. */
  account: boolean;
  contact: string | undefined;
}

/** What the preparation needs of the editor. */
export interface PreparationHost {
  secrets: vscode.SecretStorage;
  log: vscode.LogOutputChannel;
  environments: Environments;
  accounts: Accounts;
  cookies: CookieJars;
  contactGate?: ContactGate;
  /** Says in an open panel that the query was not run, and why. */
  showNotRun(prepared: Prepared, why: string): void;
}

export class RunPreparation {
  constructor(private readonly host: PreparationHost) {}

  /** The run settings now (mwquery.*, the selected environment's endpoint). */
  settings(): ReturnType<typeof readRunSettings> {
    return readRunSettings(this.host.environments.defaultEndpoint());
  }

  /** The selected environment's user name, for the log. */
  currentUser(): string | undefined {
    return this.host.environments.current()?.user;
  }

  /** The query's request only (copy, ApiSandbox): nothing is asked and nothing sent. */
  request(uri: vscode.Uri, line: number): Promise<Prepared | undefined> {
    const { secrets, log, environments } = this.host;
    return prepareQuery(secrets, log, environments.defaultEndpoint(), uri, line);
  }

  /**
   * A query's request and its session's options, as every run has them: its
   * secrets, the contact question, the account and the redactor. Undefined
   * (said why) when it cannot run.
   */
  async prepareRun(uri: vscode.Uri, line: number): Promise<ReadyRun | undefined> {
    const { secrets, log, environments, accounts, cookies } = this.host;
    const prepared = await prepareQuery(secrets, log, environments.defaultEndpoint(), uri, line, () => this.sitematrix());
    if (!prepared) return undefined;
    if (prepared.request.endpointPage !== undefined) {
      // An ApiSandbox link naming no script path: the wiki's api.php before anything is shown or keyed by it (else the session says why not).
      const { contact, timeoutMs } = this.settings();
      prepared.request = await settleEndpoint(prepared.request, { contact, timeoutMs }).catch(() => prepared.request);
    }
    // Across several wikis, a Wikimedia one among them asks for the contact (the policy covers every request).
    const asking = prepared.wikis?.find((w) => isWikimediaEndpoint(w.endpoint))?.endpoint ?? prepared.request.endpoint;
    const verdict = this.host.contactGate
      ? await this.host.contactGate.check(asking)
      : { allowed: true as const, contact: this.settings().contact };
    if (!verdict.allowed) {
      log.info(verdict.message);
      void vscode.window.showWarningMessage(verdict.message);
      this.host.showNotRun(prepared, verdict.message);
      return undefined;
    }
    const { timeoutMs, maxlag, maxBytes } = this.settings();
    const http = { contact: verdict.contact, timeoutMs, cookies: cookies.forEndpoint(prepared.request.endpoint) };
    // Across several wikis each wiki gets its own session (wikiSessions): no account for the request's own endpoint here.
    const account = prepared.wikis ? undefined : accounts.sessionFor(environments.current(), prepared.request.endpoint, http);
    // Everything the session hands out is masked: the request's secrets and `$env` values, and the bot password.
    const botPassword = account ? await accounts.storedPassword(environments.current(), prepared.request.endpoint) : undefined;
    const redact = redactorOf(prepared.request, [botPassword]);
    const sessionOptions: SessionOptions = { http, maxlag, maxBytes, redact, ...(account ? { send: account.send } : {}) };
    return { prepared, sessionOptions, account: account !== undefined, contact: verdict.contact };
  }

  /**
   * The session options of each wiki of an `@endpoints` query: its own cookies; the
   * environment's account only on the environment's own wiki, so no wiki's
   * password or cookies go to another host. `ownWiki`: that wiki, if listed.
   */
  async wikiSessions(
    prepared: Prepared,
    targets: readonly WikiTarget[],
    contact: string | undefined,
  ): Promise<{ optionsFor: (target: WikiTarget) => SessionOptions; ownWiki: string | undefined; user: string | undefined }> {
    const { environments, accounts, cookies } = this.host;
    const { timeoutMs, maxlag, maxBytes } = this.settings();
    const env = environments.current();
    // Masked everywhere: the request's secrets and `$env` values, and the bot password of the wiki it belongs to.
    const ownWiki = env && targets.some((t) => t.endpoint === env.endpoint) ? env.endpoint : undefined;
    const botPassword = ownWiki ? await accounts.storedPassword(env, ownWiki) : undefined;
    const redact: Redactor = redactorOf(prepared.request, [botPassword]);
    const optionsFor = (target: WikiTarget): SessionOptions => {
      const http = { contact, timeoutMs, cookies: cookies.forEndpoint(target.endpoint) };
      const account = accounts.sessionFor(env, target.endpoint, http);
      return { http, maxlag, maxBytes, redact, send: gatedSend(account ? account.send : sendApiRequest) };
    };
    return { optionsFor, ownWiki, user: env?.user };
  }

  /** Wikimedia's sitematrix, for `@endpoints = wikipedia`: asked from meta.wikimedia.org with the contact the policy wants. */
  private async sitematrix(): Promise<unknown> {
    const verdict = this.host.contactGate
      ? await this.host.contactGate.check(DEFAULT_SITEMATRIX_ENDPOINT)
      : { allowed: true as const, contact: this.settings().contact };
    if (!verdict.allowed) throw new Error(verdict.message.replace(/\.$/, ''));
    const { timeoutMs } = this.settings();
    this.host.log.info(`@endpoints: reading the wikis from ${DEFAULT_SITEMATRIX_ENDPOINT} (action=sitematrix)`);
    return fetchSitematrix(DEFAULT_SITEMATRIX_ENDPOINT, { contact: verdict.contact, timeoutMs });
  }
}
