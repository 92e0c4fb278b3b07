// The runner's one way onto the network. A Transport sends one API request
// (following same-wiki redirects) and answers with the raw status, headers and
// body, or says why there is none; what the answer means is classify.ts's job,
// retries are http.ts's. Two transports implement it: nodeTransport.ts
// (node:http, cookies, keep-alive; the CLI, the desktop extension, the
// language server) and fetchTransport.ts (global fetch; the browser). The
// edge (each entry point) installs one once; nothing else under
// common/src/runner reaches a Node built-in for the network.
//
//   installTransport(nodeTransport); // cli/src/index.ts, client/src/extension.ts, server/src/server.ts

import type { CookieJar } from './cookies';
import { RunnerError } from './errors';
import type { AnswerHeaders } from './classify';
import { endpointProblem, urlProblem } from './request';
import type { WireRequest } from './wire';
import { describeNetworkError, noTransportMessage, timeoutMessage } from './httpMessages';

export interface TransportOptions {
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  signal?: AbortSignal;
  cookies?: CookieJar;
}

export interface RawAnswer {
  status: number;
  headers: AnswerHeaders;
  body: string;
}

export type TransportResult =
  | { kind: 'answer'; answer: RawAnswer }
  /** Final: do not retry (a redirect away, too large, cancelled, a request that cannot be sent). */
  | { kind: 'fatal'; error: RunnerError }
  /** Worth retrying: no answer (refused, dropped, time-out). */
  | { kind: 'network'; reason: 'timeout' | 'network'; message: string; code: string };

export interface Transport {
  /** 'node' (node:http) or 'fetch' (the browser's): which rules of a surface apply (logins need cookies, which fetch has not). */
  readonly name: 'node' | 'fetch';
  /** Sends `wire`, following same-wiki redirects. Never rejects: every failure is a TransportResult. */
  exchange(wire: WireRequest, options: TransportOptions): Promise<TransportResult>;
}

let installed: Transport | undefined;

/** Chooses the transport of this process (or worker): called once by the entry point, before any request. */
export function installTransport(transport: Transport): void {
  installed = transport;
}

/** The transport installed, or undefined before the entry point chose one. */
export function installedTransport(): Transport | undefined {
  return installed;
}

/** Sends `wire` through the installed transport. */
export function exchange(wire: WireRequest, options: TransportOptions): Promise<TransportResult> {
  if (!installed) return Promise.resolve({ kind: 'fatal', error: new RunnerError('usage', noTransportMessage()) });
  return installed.exchange(wire, options);
}

/** The first hop's URL, when the request may be sent at all (an http(s) URL without `user:password@`, not cancelled); else why not. */
export function firstHop(wire: WireRequest, signal: AbortSignal | undefined): URL | RunnerError {
  let first: URL;
  try {
    first = new URL(wire.url);
  } catch {
    return new RunnerError('usage', endpointProblem(wire.url) ?? 'The endpoint is not a URL.');
  }
  const problem = urlProblem(first);
  if (problem) return new RunnerError('usage', problem);
  if (signal?.aborted) return cancelled();
  return first;
}

export const REDIRECT_STATUS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * The URL a redirect leads to, when the runner may follow it: same host as the
 * endpoint (or the same host name going from http to https), within the
 * limit. Otherwise a RunnerError saying why it stopped; the other host's
 * address is shown without its query string (it holds the request's values).
 */
export function redirectTarget(
  from: string,
  location: string,
  endpointUrl: string,
  status: number,
  host: string,
  hop: number,
  maxRedirects: number,
): string | RunnerError {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return new RunnerError('http', `${host} answered HTTP ${status}, a redirect to an address that is not a URL; not followed.`, {
      status,
    });
  }
  const shown = `${next.protocol}//${next.host}${next.pathname}`;
  const endpoint = new URL(endpointUrl);
  if (!sameWiki(endpoint, next) || next.username || next.password) {
    // Same name, other port or https → http: not the address the query names either.
    const where = next.hostname.toLowerCase() === endpoint.hostname.toLowerCase() ? 'another address' : 'another host';
    return new RunnerError(
      'http',
      `${host} redirected the request to ${where}: ${shown} (HTTP ${status}). Not followed: the request, with any token or password in it, would go to ${where === 'another host' ? 'a host' : 'an address'} the query does not name. If the wiki has moved, use the new address as the endpoint.`,
      { status, detail: `redirect to ${next.host}` },
    );
  }
  if (hop >= maxRedirects) {
    return new RunnerError(
      'http',
      `${host} redirected the request more than ${maxRedirects} times (last to ${shown}, HTTP ${status}); stopped.`,
      { status, detail: 'too many redirects' },
    );
  }
  return next.href;
}

/**
 * Same host and port, or the same host name from http to https (default port):
 * where a redirect may lead, and where a wiki's page may say its api.php is
 * (scriptPath.ts). Never https to http.
 */
export function sameWiki(endpoint: URL, next: URL): boolean {
  if (next.hostname.toLowerCase() !== endpoint.hostname.toLowerCase()) return false;
  if (next.protocol === endpoint.protocol) return next.port === endpoint.port;
  return endpoint.protocol === 'http:' && next.protocol === 'https:' && next.port === '';
}

/** The first string `code` on an error or its causes (Node's and undici's errors carry one). */
export function errorCode(error: unknown): string {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return 'unknown error';
}

export function cancelled(): RunnerError {
  return new RunnerError('cancelled', 'Cancelled.');
}

/**
 * An attempt that got no answer, judged in the same order by both transports:
 * cancelled (final), then its own time-out, then the network's error code
 * (worth retrying). `codeless` answers an error without a code, where a
 * transport knows more (the browser's CORS refusal).
 */
export function noAnswer(
  error: unknown,
  host: string,
  attempt: { signal?: AbortSignal; timeoutMs: number; timedOut: boolean },
  codeless?: () => TransportResult,
): TransportResult {
  if (attempt.signal?.aborted) return { kind: 'fatal', error: cancelled() };
  if (attempt.timedOut) return { kind: 'network', reason: 'timeout', message: timeoutMessage(host, attempt.timeoutMs), code: 'timeout' };
  const code = errorCode(error);
  if (code === 'unknown error' && codeless) return codeless();
  return { kind: 'network', reason: 'network', message: describeNetworkError(host, code), code };
}

/** The answer's headers the runner reads (classify.ts), from whatever shape the transport got them in. */
export function answerHeaders(get: (name: string) => string | undefined): AnswerHeaders {
  return { 'retry-after': get('retry-after'), 'content-type': get('content-type') };
}
