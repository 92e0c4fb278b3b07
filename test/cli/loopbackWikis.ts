// Wikis for the many-wiki CLI tests: each its own node:http server on a port
// of loopback, answering `list=allpages` one page (one page, one row) at a
// time, with a `continue` until the last page.

import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackWikiOptions {
  /** The last page's number (pages 0 … lastPage). */
  lastPage: number;
  /** Each answer held back this long (ms), so that requests overlap. */
  delayMs?: number;
  /** Which wikis answer their first request HTTP 503 with `Retry-After: 0`. */
  busyAtFirst?: (index: number) => boolean;
}

/** Page `at` of the list: one page row, and a `continue` to the next unless it is the last. */
function allPagesAnswer(at: number, lastPage: number): string {
  const allpages = [{ pageid: at + 1, ns: 0, title: `Page ${at}` }];
  return JSON.stringify({ query: { allpages }, ...(at < lastPage ? { continue: { apcontinue: String(at + 1), continue: '-||' } } : {}) });
}

/** `count` wikis, listening. */
export function startLoopbackWikis(count: number, options: LoopbackWikiOptions): Promise<http.Server[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      let requests = 0;
      const server = http.createServer((req, res) => {
        if (requests++ === 0 && options.busyAtFirst?.(index)) {
          res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '0' }).end('busy');
          return;
        }
        const at = Number(new URL(req.url ?? '/', 'http://wiki').searchParams.get('apcontinue') ?? '0');
        const body = allPagesAnswer(Number.isInteger(at) ? at : 0, options.lastPage);
        const send = () => res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
        if (options.delayMs) setTimeout(send, options.delayMs);
        else send();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    }),
  );
}

/** A wiki's `127.0.0.1:PORT`. */
export function hostOfWiki(server: http.Server): string {
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The wikis' endpoints as `--endpoints` takes them. */
export function endpointsOf(servers: readonly http.Server[]): string {
  return servers.map((s) => `http://${hostOfWiki(s)}/api.php`).join(',');
}

export function stopLoopbackWikis(servers: readonly http.Server[]): Promise<unknown> {
  return Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
}
