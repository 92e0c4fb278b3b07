// A synthetic api.php on loopback serving any number of pages (3,000,000 in
// the bench), for runs too long for the real test wiki: `list=allpages` and
// `generator=allpages&prop=info` with continuation as MediaWiki sends it
// (formatversion 2), `meta=siteinfo&siprop=statistics`, nothing else. Pages
// are made on the fly from their number, so the server itself stays small.
//
//   node --import tsx bench/syntheticWiki.ts [PAGES] [PORT]     prints the endpoint
//
// Used by the bench (runner figures) and by the streaming and resume tests
// (with a few thousand pages).

import * as http from 'node:http';

const PAD = 7;

/** The title of page `n` (1-based): `Page 0000001`; titles sort as their numbers. */
export function syntheticTitle(n: number): string {
  return `Page ${String(n).padStart(PAD, '0')}`;
}

function pageNumberOf(continueValue: string | null): number {
  const m = /^Page_(\d+)$/.exec(continueValue ?? '');
  return m ? Number(m[1]) : 1;
}

function limitOf(value: string | null, highLimits: boolean): number {
  if (value === 'max') return highLimits ? 5000 : 500;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, highLimits ? 5000 : 500) : 10;
}

/**
 * Starts the server. `pages`: how many pages; `delayMs`: wait before each
 * answer; `padBytes`: a field of that many bytes in every answer (answers
 * adding up to hundreds of MiB in a few hundred requests); `onRequest(params)`:
 * called with each request's parameters (a URLSearchParams) as it arrives.
 * Resolves to `{ endpoint, requests, close }`.
 */
export interface SyntheticWikiOptions {
  pages?: number;
  delayMs?: number;
  padBytes?: number;
  onRequest?: (params: URLSearchParams) => void;
  port?: number;
}

export interface SyntheticWiki {
  endpoint: string;
  readonly requests: number;
  close(): Promise<void>;
}

export async function startSyntheticWiki({
  pages = 3_000_000,
  delayMs = 0,
  padBytes = 0,
  onRequest,
  port = 0,
}: SyntheticWikiOptions = {}): Promise<SyntheticWiki> {
  const padding = padBytes > 0 ? 'x'.repeat(padBytes) : undefined;
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = new URLSearchParams(url.search);
      if (req.method === 'POST') for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params.set(k, v);
      onRequest?.(params);
      const answer = () => {
        const body = JSON.stringify(answerOf(params, pages, padding));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}/w/api.php`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answerOf(params: URLSearchParams, total: number, padding: string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { batchcomplete: true };
  if (padding) out.padding = padding;
  const query: Record<string, unknown> = {};
  let cont: Record<string, string> | undefined;
  if ((params.get('meta') ?? '').split('|').includes('siteinfo')) {
    query.statistics = { pages: total, articles: total, edits: total, images: 0, users: 1, activeusers: 0, admins: 1, jobs: 0 };
  }
  if (params.get('list') === 'allpages') {
    const from = pageNumberOf(params.get('apcontinue'));
    const to = Math.min(total, from + limitOf(params.get('aplimit'), false) - 1);
    const list: Record<string, unknown>[] = [];
    for (let n = from; n <= to; n++) list.push({ pageid: n, ns: 0, title: syntheticTitle(n) });
    query.allpages = list;
    if (to < total) cont = { apcontinue: syntheticTitle(to + 1).replace(' ', '_'), continue: '-||' };
  }
  if (params.get('generator') === 'allpages') {
    const from = pageNumberOf(params.get('gapcontinue'));
    const to = Math.min(total, from + limitOf(params.get('gaplimit'), false) - 1);
    const withInfo = (params.get('prop') ?? '').split('|').includes('info');
    const list: Record<string, unknown>[] = [];
    for (let n = from; n <= to; n++) {
      const page: Record<string, unknown> = { pageid: n, ns: 0, title: syntheticTitle(n) };
      if (withInfo) {
        Object.assign(page, {
          contentmodel: 'wikitext',
          pagelanguage: 'en',
          pagelanguagehtmlcode: 'en',
          pagelanguagedir: 'ltr',
          touched: '2026-01-01T00:00:00Z',
          lastrevid: n,
          length: 100 + (n % 9000),
        });
      }
      list.push(page);
    }
    query.pages = list;
    if (to < total) cont = { gapcontinue: syntheticTitle(to + 1).replace(' ', '_'), continue: 'gapcontinue||' };
  }
  if (cont) out.continue = cont;
  out.query = query;
  return out;
}

if (require.main === module) {
  const pages = Number(process.argv[2] ?? 3_000_000);
  void startSyntheticWiki({ pages, port: Number(process.argv[3] ?? 0) }).then((wiki) => process.stdout.write(`${wiki.endpoint}\n`));
}
