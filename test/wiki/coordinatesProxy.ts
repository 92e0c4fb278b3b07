/**
 * A small HTTP proxy on 127.0.0.1 in front of the real test wiki that answers
 * `prop=coordinates` as a wiki with the GeoData extension would: Debian's
 * MediaWiki has no GeoData. It takes `coordinates` out of `prop` (and the
 * `co*` parameters) before forwarding, then adds a `coordinates` list to
 * every page of the wiki's real answer. A page's place follows from its id
 * (`placeOf`), so a test can compute what a map must show.
 *
 *   const proxy = await startCoordinatesProxy(wiki.endpoint);
 *   ... queries against proxy.endpoint ...
 *   await proxy.stop();
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The place the proxy gives the page with this id (spread over the world, inside ±70° latitude). */
export function placeOf(pageid: number): { lat: number; lon: number } {
  return { lat: ((pageid * 37) % 140) - 70, lon: ((pageid * 73) % 340) - 170 };
}

export interface CoordinatesProxy {
  endpoint: string;
  /** Requests that asked for coordinates. */
  coordinateRequests: number;
  stop(): Promise<void>;
}

function withoutCoordinates(params: URLSearchParams): { params: URLSearchParams; asked: boolean } {
  const prop = (params.get('prop') ?? '').split('|').filter(Boolean);
  const asked = prop.includes('coordinates');
  if (!asked) return { params, asked };
  const out = new URLSearchParams();
  for (const [k, v] of params) {
    if (/^co[a-z]+$/.test(k)) continue;
    if (k === 'prop') {
      const rest = prop.filter((p) => p !== 'coordinates');
      if (rest.length) out.append(k, rest.join('|'));
      continue;
    }
    out.append(k, v);
  }
  return { params: out, asked };
}

function addCoordinates(json: unknown): unknown {
  const pages = (json as { query?: { pages?: unknown } })?.query?.pages;
  const list = Array.isArray(pages) ? pages : pages && typeof pages === 'object' ? Object.values(pages) : [];
  for (const page of list as Record<string, unknown>[]) {
    if (typeof page.pageid !== 'number') continue;
    const { lat, lon } = placeOf(page.pageid);
    page.coordinates = [{ lat, lon, primary: true, globe: 'earth' }];
  }
  return json;
}

export async function startCoordinatesProxy(target: string): Promise<CoordinatesProxy> {
  const upstream = new URL(target);
  const state = { coordinateRequests: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const url = new URL(req.url ?? '/', upstream);
          const isForm = req.method === 'POST' && /application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '');
          const query = withoutCoordinates(url.searchParams);
          const body = isForm ? withoutCoordinates(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) : undefined;
          const asked = query.asked || !!body?.asked;
          if (asked) state.coordinateRequests++;
          const forward = new URL(upstream);
          forward.search = query.params.toString();
          const headers: Record<string, string> = {};
          for (const h of ['content-type', 'cookie', 'user-agent', 'accept', 'authorization']) {
            const v = req.headers[h];
            if (typeof v === 'string') headers[h] = v;
          }
          const answer = await fetch(forward, {
            method: req.method,
            headers,
            body: req.method === 'POST' ? (body ? body.params.toString() : Buffer.concat(chunks)) : undefined,
          });
          let text = await answer.text();
          if (asked && /json/.test(answer.headers.get('content-type') ?? '')) text = JSON.stringify(addCoordinates(JSON.parse(text)));
          const out: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'application/json' };
          const cookie = answer.headers.get('set-cookie');
          if (cookie) out['set-cookie'] = cookie;
          res.writeHead(answer.status, out);
          res.end(text);
        } catch (error) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`coordinates proxy: ${String(error)}`);
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}${upstream.pathname}`,
    get coordinateRequests() {
      return state.coordinateRequests;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
