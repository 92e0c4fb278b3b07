// Accounts: bot-password login, and a session that keeps an account logged in.
//
//   login(endpoint, 'Admin@bot', password, jar)
//     GET  meta=tokens&type=login            → a login token (and a session cookie in `jar`)
//     POST action=login lgname lgpassword lgtoken   (always a POST body, never a URL)
//   → `{ user, userId }`, or a RunnerError of kind `login` with a message for people.
//
//   const account = new AccountSession({ endpoint, credentials: { user, password } });
//   new QuerySession(request, { send: account.send })
//     every request goes with the account's cookies and, once logged in, `assert=user`;
//     on `assertuserfailed` (the session expired) it logs in again once and retries.
//
// The password appears in no URL, log, progress message or error: it is only
// ever put in the body of the `action=login` POST, and every message this
// file builds is scrubbed of it (in case a wiki echoed it back).

import { hostOf } from '../url';
import { redactorFor } from '../redact';
import type { ApiMessage, ApiMessages } from './apiMessages';
import { CookieJar } from './cookies';
import { RunnerError } from './errors';
import { sendApiRequest, type ApiResponse, type HttpOptions } from './http';
import type { ParamPairs } from './wire';
import { installedTransport } from './transport';
import { browserLoginMessage } from './httpMessages';

/** What QuerySession (and the catalogue fetcher) call to send one API request; `sendApiRequest` by default. */
export type ApiSender = (endpoint: string, pairs: ParamPairs, options?: HttpOptions) => Promise<ApiResponse>;

export interface LoginResult {
  /** The user name the wiki reports (`Admin`, without the `@appid` of the bot password). */
  user: string;
  userId?: number;
}

export interface AccountCredentials {
  /** The bot password's login name, `User@appid`. */
  user: string;
  password: string;
}

const API_FORMAT: ParamPairs = [
  ['format', 'json'],
  ['formatversion', '2'],
  ['errorformat', 'plaintext'],
];

/**
 * Logs in with a bot password; the session cookies land in `jar`. Resolves
 * with the wiki's user name; rejects with a RunnerError (`login` when the
 * wiki refused, `api` when it failed otherwise, network kinds as usual).
 */
export async function login(
  endpoint: string,
  user: string,
  password: string,
  jar: CookieJar,
  http: HttpOptions = {},
): Promise<LoginResult> {
  const host = hostOf(endpoint);
  refuseLoginInBrowser(endpoint);
  // The one redactor (common/src/redact.ts): every form the password may take.
  const scrub = redactorFor([password]);
  const options: HttpOptions = { ...http, cookies: jar };
  // A token that the session lost in between (`WrongToken`, `sessionlost`) is fetched again, once.
  for (let attempt = 1; ; attempt++) {
    const token = await loginToken(endpoint, options, scrub);
    const response = await sendApiRequest(
      endpoint,
      [['action', 'login'], ['lgname', user], ['lgpassword', password], ['lgtoken', token], ...API_FORMAT],
      // maxGetBytes 0: always a POST, so the password is only ever in the body.
      { ...options, maxGetBytes: 0 },
    ).catch((error: unknown) => {
      throw scrubError(error, scrub);
    });
    const json = (response.json ?? {}) as Record<string, any>;
    const result = json.login as Record<string, any> | undefined;
    if (!result) {
      throw new RunnerError(
        'api',
        scrub(`Login to ${host} failed: ${describeMessages(response.messages) || 'the answer has no login result.'}`),
        { status: response.status },
      );
    }
    const outcome = String(result.result ?? '');
    if (outcome === 'Success') {
      return {
        user: String(result.lgusername ?? user.split('@')[0]),
        ...(typeof result.lguserid === 'number' ? { userId: result.lguserid } : {}),
      };
    }
    const reason = reasonOf(result.reason);
    const retryable = outcome === 'WrongToken' || outcome === 'NeedToken' || reason.code === 'sessionlost';
    if (retryable && attempt < 2) continue;
    throw new RunnerError('login', scrub(loginFailureMessage(host, user, outcome, reason)), {
      status: response.status,
      detail: reason.code ?? outcome,
    });
  }
}

async function loginToken(endpoint: string, options: HttpOptions, scrub: (s: string) => string): Promise<string> {
  const response = await sendApiRequest(
    endpoint,
    [['action', 'query'], ['meta', 'tokens'], ['type', 'login'], ...API_FORMAT],
    options,
  ).catch((error: unknown) => {
    throw scrubError(error, scrub);
  });
  const token = (response.json as any)?.query?.tokens?.logintoken;
  if (typeof token !== 'string' || token === '') {
    const why = describeMessages(response.messages);
    throw new RunnerError('api', `Login to ${hostOf(endpoint)} failed: no login token${why ? ` (${why})` : ''}.`, {
      status: response.status,
    });
  }
  return token;
}

function reasonOf(reason: unknown): { code?: string; text: string } {
  if (typeof reason === 'string') return { text: reason };
  if (reason && typeof reason === 'object') {
    const r = reason as Record<string, unknown>;
    return { code: typeof r.code === 'string' ? r.code : undefined, text: String(r.text ?? r['*'] ?? r.key ?? '') };
  }
  return { text: '' };
}

function loginFailureMessage(host: string, user: string, outcome: string, reason: { code?: string; text: string }): string {
  const why = reason.text.trim() ? ` (${reason.text.trim().replace(/\s+/g, ' ')})` : '';
  const botHint = user.includes('@') ? '' : ' A bot-password login name has the form User@appid (see Special:BotPasswords).';
  switch (outcome) {
    case 'Failed':
    case 'WrongPass':
    case 'WrongPluginPass':
    case 'NotExists':
      return `Login failed: the bot password was refused by ${host} for "${user}"${why}. Check the login name (User@appid) and the bot password.${botHint}`;
    case 'Aborted':
      return `Login failed: ${host} does not accept this kind of login for "${user}"${why}. Use a bot password (Special:BotPasswords) and its User@appid login name.`;
    case 'Throttled':
      return `Login failed: too many login attempts on ${host} for "${user}"${why}. Wait a few minutes and try again.`;
    case 'WrongToken':
    case 'NeedToken':
      return `Login failed: ${host} did not accept the login token twice${why}; its session cookies may be blocked.`;
    default:
      return `Login failed on ${host} for "${user}": ${outcome || 'unknown result'}${why}.`;
  }
}

// ---------------------------------------------------------------------------
// Messages for rights problems

/**
 * A clear message for an API error about rights or login, or undefined for
 * other codes. `account` is the logged-in user, if any.
 */
export function describeAccountError(message: Pick<ApiMessage, 'code' | 'text' | 'module'>, account?: string): string | undefined {
  const who = account ? `the account "${account}"` : 'an anonymous reader (not logged in)';
  const text = message.text.trim().replace(/\s+/g, ' ');
  const wiki = text ? ` The wiki says: ${text}` : '';
  const module = message.module && message.module !== 'main' ? `\`${message.module.replace(/^query\+/, '')}\`` : 'this request';
  const loginHint = account
    ? ' Give the bot password the grants this needs (Special:BotPasswords), or use an account with more rights.'
    : ' Log in with a bot password that has the grants this needs.';
  switch (message.code) {
    case 'permissiondenied':
      return `Permission denied: ${who} lacks the rights ${module} needs (permissiondenied).${loginHint}${wiki}`;
    case 'readapidenied':
      return `This wiki lets only some users read through the API, and ${who} is not one of them (readapidenied).${account ? loginHint : ' Log in with a bot password.'}${wiki}`;
    case 'assertuserfailed':
      return `Not logged in (assertuserfailed): the request asked to run as a logged-in user, but the wiki sees ${account ? 'no session for "' + account + '" any more' : 'an anonymous reader'}.${account ? ' Logging in again did not help.' : ' Log in first.'}${wiki}`;
    case 'assertbotfailed':
      return `The account is not a bot (assertbotfailed): \`assert=bot\` needs the "bot" right, which ${who} lacks.${wiki}`;
    case 'assertnameduserfailed':
      return `Logged in as someone else (assertnameduserfailed): \`assertuser\` names a different user than ${who}.${wiki}`;
    default:
      return undefined;
  }
}

function describeMessages(messages: ApiMessages): string {
  return messages.errors.map((e) => `${e.code}: ${e.text}`).join('; ');
}

// ---------------------------------------------------------------------------
// A logged-in session

export interface AccountSessionOptions {
  endpoint: string;
  /** The bot password's login name and password; or a function asked when a login is needed (e.g. reading secret storage). */
  credentials: AccountCredentials | (() => AccountCredentials | undefined | Promise<AccountCredentials | undefined>);
  /** The endpoint's cookie jar (e.g. `CookieJars.forEndpoint(endpoint)`); a new one by default. */
  jar?: CookieJar;
  /** For the login requests (time-out, User-Agent ...). */
  http?: HttpOptions;
  /** Log in on the first request if not yet logged in. Default true. */
  autoLogin?: boolean;
}

/**
 * An account on one wiki. `send` has the shape of `sendApiRequest` and can be
 * given to `QuerySession` (`SessionOptions.send`): it sends with the account's
 * cookies, adds `assert=user` once logged in (unless the query sets `assert`
 * itself), and on `assertuserfailed` logs in again once and retries.
 */
export class AccountSession {
  readonly endpoint: string;
  readonly jar: CookieJar;
  private current?: LoginResult;
  private pending?: Promise<LoginResult>;
  private relogins = 0;

  constructor(private readonly options: AccountSessionOptions) {
    this.endpoint = options.endpoint;
    this.jar = options.jar ?? new CookieJar();
  }

  /** The logged-in user, or undefined. */
  get user(): string | undefined {
    return this.current?.user;
  }

  get loggedIn(): boolean {
    return this.current !== undefined;
  }

  /** How many times the session logged in again after `assertuserfailed`. */
  get reloginCount(): number {
    return this.relogins;
  }

  /** Logs in (again); concurrent callers share one login. */
  login(signal?: AbortSignal): Promise<LoginResult> {
    this.pending ??= (async () => {
      try {
        // Before the password is asked for: it could not be used.
        refuseLoginInBrowser(this.endpoint);
        const credentials = typeof this.options.credentials === 'function' ? await this.options.credentials() : this.options.credentials;
        if (!credentials || !credentials.password) {
          throw new RunnerError(
            'login',
            `No bot password is set for ${hostOf(this.endpoint)}${credentials?.user ? ` ("${credentials.user}")` : ''}.`,
          );
        }
        this.current = undefined;
        const result = await login(this.endpoint, credentials.user, credentials.password, this.jar, {
          ...this.options.http,
          signal: signal ?? this.options.http?.signal,
        });
        this.current = result;
        return result;
      } finally {
        this.pending = undefined;
      }
    })();
    return this.pending;
  }

  /** Forgets the login and the cookies. */
  logout(): void {
    this.current = undefined;
    this.jar.clear();
  }

  /** `sendApiRequest` as this account. */
  readonly send: ApiSender = async (endpoint, pairs, options = {}) => {
    if (!this.current && (this.options.autoLogin ?? true)) await this.login(options.signal);
    const asUser = this.current !== undefined && !pairs.some(([name]) => name === 'assert');
    const withAssert: ParamPairs = asUser ? [...pairs, ['assert', 'user']] : pairs;
    const http: HttpOptions = { ...options, cookies: this.jar };
    const response = await sendApiRequest(endpoint, withAssert, http);
    const assertedUser = asUser || pairs.some(([name, value]) => name === 'assert' && value === 'user');
    if (!assertedUser || !response.messages.errors.some((e) => e.code === 'assertuserfailed')) return response;
    // The session expired (or its cookies were lost): log in again, once, and retry.
    this.relogins++;
    await this.login(options.signal);
    return sendApiRequest(endpoint, withAssert, http);
  };
}

// ---------------------------------------------------------------------------

/** A login needs the wiki's session cookies, which the browser's fetch transport neither sends nor keeps: refused before anything is sent. */
function refuseLoginInBrowser(endpoint: string): void {
  if (installedTransport()?.name === 'fetch') throw new RunnerError('login', browserLoginMessage(hostOf(endpoint)), { detail: 'browser' });
}

function scrubError(error: unknown, scrub: (s: string) => string): unknown {
  if (error instanceof RunnerError) {
    const message = scrub(error.message);
    if (message === error.message && !error.extra.bodyExcerpt) return error;
    return new RunnerError(error.kind, message, {
      ...error.extra,
      ...(error.extra.bodyExcerpt ? { bodyExcerpt: scrub(error.extra.bodyExcerpt) } : {}),
    });
  }
  if (error instanceof Error) return new Error(scrub(error.message));
  return error;
}
