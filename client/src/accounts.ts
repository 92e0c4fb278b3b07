// Bot-password accounts, one per environment that names a `user`. The password
// is kept in the editor's secret storage, never in settings or files; cookies
// are kept per endpoint for the session.

import * as vscode from 'vscode';
import { AccountSession } from '../../common/src/runner/login';
import type { CookieJars, HttpOptions } from '../../common/src/runner';
import type { Environment } from './environments';

const PASSWORD_PREFIX = 'mwquery.botPassword.';

export class Accounts {
  private readonly sessions = new Map<string, AccountSession>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly cookies: CookieJars,
  ) {}

  /** The account to run a request to `endpoint` with, if the environment has one for it. */
  sessionFor(env: Environment | undefined, endpoint: string, http: HttpOptions): AccountSession | undefined {
    if (!env?.user || env.endpoint !== endpoint) return undefined;
    const key = `${env.name}\u0000${env.user}\u0000${endpoint}`;
    let session = this.sessions.get(key);
    if (!session) {
      const user = env.user;
      session = new AccountSession({
        endpoint,
        jar: this.cookies.forEndpoint(endpoint),
        http,
        credentials: async () => {
          const password = await this.secrets.get(PASSWORD_PREFIX + env.name);
          return password === undefined ? undefined : { user, password };
        },
      });
      this.sessions.set(key, session);
    }
    return session;
  }

  async setPassword(env: Environment | undefined, password?: string): Promise<void> {
    if (!env?.user) {
      void vscode.window.showWarningMessage('Select an environment with a "user" (a bot-password login name) first.');
      return;
    }
    const value = password ?? (await vscode.window.showInputBox({ prompt: `Bot password for ${env.user} on ${env.name}`, password: true, ignoreFocusOut: true }));
    if (!value) return;
    await this.secrets.store(PASSWORD_PREFIX + env.name, value);
    this.logOut(env);
    void vscode.window.showInformationMessage(`The bot password for ${env.user} is stored.`);
  }

  logOut(env: Environment | undefined): void {
    for (const [key, session] of this.sessions) {
      if (!env || key.startsWith(`${env.name}\u0000`)) {
        session.logout();
        this.sessions.delete(key);
      }
    }
  }
}
