// Bot-password accounts, one per environment that names a `user`. The password
// is kept in the editor's secret storage under the (endpoint, user) pair it was
// saved for (common/src/accounts/passwordBinding.ts), never in settings or
// files and never under the environment's name alone: a workspace that reuses
// a name for another endpoint gets no password and is asked for its own.
// Cookies are kept per endpoint for the session.

import * as vscode from 'vscode';
import { AccountSession } from '../../common/src/runner/login';
import type { CookieJars } from '../../common/src/runner/cookies';
import type { HttpOptions } from '../../common/src/runner/http';
import { boundPasswordKey, LEGACY_PASSWORD_PREFIX } from '../../common/src/accounts/passwordBinding';
import { hostOf } from '../../common/src/url';
import type { Environment } from '../../common/src/endpointChoice';

const SET_PASSWORD = 'Enter the bot password';

export class Accounts {
  private readonly sessions = new Map<string, AccountSession>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly cookies: CookieJars,
  ) {}

  /** The account to run a request to `endpoint` with, if the environment has one for it. */
  sessionFor(env: Environment | undefined, endpoint: string, http: HttpOptions): AccountSession | undefined {
    if (!env?.user || env.endpoint !== endpoint) return undefined;
    const user = env.user;
    const key = boundPasswordKey(endpoint, user);
    if (key === undefined) return undefined;
    let session = this.sessions.get(key);
    if (!session) {
      session = new AccountSession({
        endpoint,
        jar: this.cookies.forEndpoint(endpoint),
        http,
        credentials: async () => {
          const password = await this.secrets.get(key);
          if (password !== undefined) return { user, password };
          // Not saved for this (endpoint, user): ask, and send nothing stored for another pair.
          void this.askForPassword(env, endpoint);
          return undefined;
        },
      });
      this.sessions.set(key, session);
    }
    return session;
  }

  /** The environment's account at `endpoint` when a run has logged it in already (none is made or logged in here). */
  loggedInSession(env: Environment | undefined, endpoint: string): AccountSession | undefined {
    const key = env?.user && env.endpoint === endpoint ? boundPasswordKey(endpoint, env.user) : undefined;
    const session = key === undefined ? undefined : this.sessions.get(key);
    return session?.loggedIn ? session : undefined;
  }

  /** The stored password for the environment's account at `endpoint`, so that a run's redactor can mask it too. */
  async storedPassword(env: Environment | undefined, endpoint: string): Promise<string | undefined> {
    const key = env?.user && env.endpoint === endpoint ? boundPasswordKey(endpoint, env.user) : undefined;
    return key === undefined ? undefined : this.secrets.get(key);
  }

  async setPassword(env: Environment | undefined, password?: string): Promise<void> {
    if (!env?.user) {
      void vscode.window.showWarningMessage('Select an environment with a "user" (a bot-password login name) first.');
      return;
    }
    const key = boundPasswordKey(env.endpoint, env.user);
    if (key === undefined) {
      void vscode.window.showWarningMessage(`The environment "${env.name}" has no http(s) endpoint: a bot password cannot be bound to it.`);
      return;
    }
    const host = hostOf(env.endpoint);
    const value =
      password ??
      (await vscode.window.showInputBox({
        prompt: `Bot password for ${env.user} at ${host} (it will only be sent to ${env.endpoint})`,
        password: true,
        ignoreFocusOut: true,
      }));
    if (!value) return;
    await this.secrets.store(key, value);
    // A password saved by an earlier version under the environment's name alone is never used again.
    await this.secrets.delete(LEGACY_PASSWORD_PREFIX + env.name);
    this.logOut(env);
    void vscode.window.showInformationMessage(`The bot password for ${env.user} at ${host} is stored.`);
  }

  logOut(env: Environment | undefined): void {
    const only = env?.user ? boundPasswordKey(env.endpoint, env.user) : undefined;
    for (const [key, session] of this.sessions) {
      if (!env || key === only) {
        session.logout();
        this.sessions.delete(key);
      }
    }
  }

  private async askForPassword(env: Environment, endpoint: string): Promise<void> {
    const legacy = (await this.secrets.get(LEGACY_PASSWORD_PREFIX + env.name)) !== undefined;
    const why = legacy
      ? `The bot password saved for the environment "${env.name}" by an earlier version is not bound to a wiki, so it is not sent.`
      : `No bot password is saved for ${env.user} at ${hostOf(endpoint)}; a password saved for another wiki is never sent here.`;
    const choice = await vscode.window.showWarningMessage(why, SET_PASSWORD);
    if (choice === SET_PASSWORD) await this.setPassword(env);
  }
}
