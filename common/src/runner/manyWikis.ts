// One query across many wikis (docs/running.md, "Many wikis"): the targets,
// their status, and the loop that runs them several at a time while each
// host gets one request at a time. Pure: the caller's `runOne` sends the
// requests (through `gatedSend`, so the host gate holds them).

import { OWN_WIKI_FIELD, WIKI_FIELD, type Row } from '../row';
import { serverKey } from '../url';
import { countOf } from '../arrays';

/** One wiki to run on. */
export interface WikiTarget {
  /** The name rows and messages carry: the host (`de.wikipedia.org`), with the path when two targets share a host. */
  wiki: string;
  /** Its api.php URL. */
  endpoint: string;
}

export type WikiRunState = 'waiting' | 'running' | 'done' | 'failed';

/** Where one wiki's run stands (a panel's per-wiki line, the CLI's summary). */
export interface WikiRunStatus {
  wiki: string;
  endpoint: string;
  state: WikiRunState;
  /** Items and answers (pages) so far. */
  items: number;
  pages: number;
  /** Why it failed (secrets masked by the caller's runOne). */
  error?: string;
}

/** What `runOne` reports as it goes and at the end. */
export interface WikiRunProgress {
  items: number;
  pages: number;
}

export interface RunOneIo {
  /** Rows as they come (runAcrossWikis adds the `wiki` field). */
  onRows(rows: readonly Row[]): void;
  onProgress(progress: WikiRunProgress): void;
  signal?: AbortSignal;
}

/** Runs the query on one wiki; resolves with its error message when it failed, or throws (the message is then the error's). */
export type RunOne = (target: WikiTarget, io: RunOneIo) => Promise<WikiRunProgress & { error?: string }>;

export interface AcrossWikisOptions {
  /** Wikis run at a time (default DEFAULT_PARALLEL). */
  parallel?: number;
  onRows?: (wiki: string, rows: Row[]) => void;
  onStatus?: (status: WikiRunStatus) => void;
  signal?: AbortSignal;
}

export const DEFAULT_PARALLEL = 4;
/** Most wikis run at a time, whatever is asked. */
export const MAX_PARALLEL = 32;

/**
 * Runs `runOne` on every target, `parallel` at a time; a wiki whose host is
 * already running waits while another host's can start. A wiki that fails
 * is reported (onStatus, the result) and the others go on. Resolves with the
 * final status of every target, in the targets' order.
 */
export async function runAcrossWikis(
  targets: readonly WikiTarget[],
  runOne: RunOne,
  options: AcrossWikisOptions = {},
): Promise<WikiRunStatus[]> {
  const parallel = clampParallel(options.parallel);
  const statuses: WikiRunStatus[] = targets.map((t) => ({ wiki: t.wiki, endpoint: t.endpoint, state: 'waiting', items: 0, pages: 0 }));
  for (const status of statuses) options.onStatus?.({ ...status });
  const hostsRunning = new Map<string, number>();
  // Each target's server, read once, when the target is first considered: the loop below asks it at every
  // start, and a run over 1,000 wikis parses no 1,000 URLs before its first request.
  const hosts: (string | undefined)[] = new Array<string | undefined>(targets.length);
  const hostAt = (i: number): string => (hosts[i] ??= serverKey(targets[i]!.endpoint));
  const waiting = targets.map((_, i) => i);
  let running = 0;
  return new Promise((resolve) => {
    const startNext = () => {
      while (running < parallel && waiting.length) {
        // A host not busy first: starting a second wiki on a busy host would only wait at its gate.
        let pick = hostsRunning.get(hostAt(waiting[0]!)) ? waiting.findIndex((i) => !hostsRunning.get(hostAt(i))) : 0;
        if (pick < 0) {
          if (running > 0) return;
          pick = 0;
        }
        const index = pick === 0 ? waiting.shift()! : waiting.splice(pick, 1)[0]!;
        running++;
        void runTarget(index).finally(() => {
          running--;
          if (!waiting.length && running === 0) resolve(statuses);
          else startNext();
        });
      }
      if (!waiting.length && running === 0) resolve(statuses);
    };
    const runTarget = async (index: number) => {
      const target = targets[index]!;
      const status = statuses[index]!;
      const host = hostAt(index);
      hostsRunning.set(host, (hostsRunning.get(host) ?? 0) + 1);
      const report = () => options.onStatus?.({ ...status });
      try {
        if (options.signal?.aborted) throw new Error('Cancelled.');
        status.state = 'running';
        report();
        const result = await runOne(target, {
          onRows: (rows) => {
            if (rows.length) options.onRows?.(target.wiki, withWiki(rows, target.wiki));
          },
          onProgress: (progress) => {
            status.items = progress.items;
            status.pages = progress.pages;
            report();
          },
          signal: options.signal,
        });
        status.items = result.items;
        status.pages = result.pages;
        if (result.error !== undefined) {
          status.state = 'failed';
          status.error = result.error;
        } else status.state = 'done';
      } catch (error) {
        status.state = 'failed';
        status.error = error instanceof Error ? error.message : String(error);
      } finally {
        const left = (hostsRunning.get(host) ?? 1) - 1;
        if (left) hostsRunning.set(host, left);
        else hostsRunning.delete(host);
      }
      report();
    };
    startNext();
  });
}

/** Rows with the `wiki` field first (a row's own `wiki` moves to `wiki.row`). */
export function withWiki(rows: readonly Row[], wiki: string): Row[] {
  const out: Row[] = new Array<Row>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    // Most rows have no `wiki` of their own: one copy by spread (every own field as it is, `__proto__` too).
    if (!Object.prototype.hasOwnProperty.call(row, WIKI_FIELD)) {
      out[i] = { [WIKI_FIELD]: wiki, ...row };
      continue;
    }
    const tagged: Row = { [WIKI_FIELD]: wiki };
    for (const key in row) {
      if (!Object.prototype.hasOwnProperty.call(row, key)) continue;
      tagged[key === WIKI_FIELD ? OWN_WIKI_FIELD : key] = row[key];
    }
    out[i] = tagged;
  }
  return out;
}

export function clampParallel(parallel: number | undefined): number {
  if (parallel === undefined || !Number.isFinite(parallel)) return DEFAULT_PARALLEL;
  return Math.min(MAX_PARALLEL, Math.max(1, Math.floor(parallel)));
}

/**
 * One request at a time per server, for every run of the process: `run(key, f)`
 * (the key: serverKey, url.ts) waits for the server's earlier calls to settle, then calls `f`.
 */
export class HostGate {
  /** The servers being sent to, each with the calls waiting for it, in order (a free server has no entry). */
  private readonly waiting = new Map<string, (() => void)[]>();

  run<T>(host: string, send: () => Promise<T>): Promise<T> {
    const queue = this.waiting.get(host);
    if (queue) return new Promise<void>((resolve) => queue.push(resolve)).then(() => this.sendNow(host, send));
    // A free server (each of 1,000 wikis its own) is sent to at once: no promise of the gate's own, no turn of the event loop.
    this.waiting.set(host, []);
    return this.sendNow(host, send);
  }

  /** Requests being sent to `host` now or handed the turn (0 or 1). */
  busy(host: string): number {
    return this.waiting.has(host) ? 1 : 0;
  }

  private sendNow<T>(host: string, send: () => Promise<T>): Promise<T> {
    let sent: Promise<T>;
    try {
      sent = send();
    } catch (error) {
      this.release(host);
      return Promise.reject(error);
    }
    return sent.then(
      (value) => {
        this.release(host);
        return value;
      },
      (error: unknown) => {
        this.release(host);
        throw error;
      },
    );
  }

  /** The next call in line gets the server; the last leaves no entry behind (the map does not grow with every host ever seen). */
  private release(host: string): void {
    const queue = this.waiting.get(host);
    const next = queue?.shift();
    if (next) next();
    else this.waiting.delete(host);
  }
}

/** The gate every run of the process shares. */
export const SHARED_HOST_GATE = new HostGate();

/** `send` held by the gate of its endpoint's host. */
export function gatedSend<A extends unknown[], R>(
  send: (endpoint: string, ...rest: A) => Promise<R>,
  gate: HostGate = SHARED_HOST_GATE,
): (endpoint: string, ...rest: A) => Promise<R> {
  // A run sends many requests to few endpoints: each endpoint's server is read once.
  const keys = new Map<string, string>();
  const keyOf = (endpoint: string) => {
    let key = keys.get(endpoint);
    if (key === undefined) keys.set(endpoint, (key = serverKey(endpoint)));
    return key;
  };
  return (endpoint, ...rest) => gate.run(keyOf(endpoint), () => send(endpoint, ...rest));
}

/**
 * Targets from api.php URLs: named by host (with the path when several share
 * a host, then numbered, so that no two share a name), the same URL once, at
 * most `max`. The URLs are checked by the
 * caller (endpointsList.ts); one that does not parse is left out.
 */
export function targetsFromUrls(urls: readonly string[], max = Infinity): WikiTarget[] {
  const seen = new Set<string>();
  const parsed: { url: URL; endpoint: string }[] = [];
  for (const endpoint of urls) {
    if (parsed.length >= max) break;
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      continue;
    }
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    parsed.push({ url, endpoint });
  }
  const names = uniqueNames(parsed.map((p) => p.url));
  return parsed.map(({ endpoint }, i) => ({ wiki: names[i]!, endpoint }));
}

/**
 * Names no two targets share (a run's rows and statuses go by name): the host, or the host and path
 * when several share the host, numbered in list order (`(2)`, `(3)`) when even that is shared. Never
 * the query string or the whole URL: a name is printed in every row, and those may hold a key.
 */
function uniqueNames(urls: readonly URL[]): string[] {
  const perHost = countOf(urls.map((url) => url.host));
  const names = urls.map((url) => (perHost.get(url.host)! > 1 ? `${url.host}${url.pathname.replace(/\/api\.php$/, '')}` : url.host));
  const uses = countOf(names);
  const seen = new Map<string, number>();
  return names.map((name) => {
    if (uses.get(name)! < 2) return name;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}
