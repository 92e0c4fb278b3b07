// Completion of live values (docs/live-content.md): the built server, a
// client that answers its LiveValuesRequest the way the extension does (the
// real fetcher, common/src/content/fetchLiveValues.ts, against the real test
// wiki on loopback), and completion round trips on `cmtitle=Category:` and
// `titles=Page 00…` values: the first one for a prefix goes to the wiki, the
// same prefix again is answered from the server's cache, and typing on (a
// longer prefix of a complete answer) sends no request.

import { startServer } from './lsp.mjs';
import { summary } from './util.mjs';

export async function benchLiveValues({ serverPath, wiki, nodeArgs = [], rounds = 15, log = () => {} }) {
  const { fetchLiveValues } = await import('../common/src/content/fetchLiveValues.ts');
  let requests = 0;
  const server = await startServer({ serverPath, initializationOptions: { debounceMs: 0 }, nodeArgs });
  server.conn.onRequest('mwquery/liveValues', async (p) => {
    requests++;
    return fetchLiveValues(p.endpoint, p.question, { timeoutMs: 10_000 });
  });
  try {
    const uri = 'file:///bench/live-values.mwq';
    const lines = [`@endpoint = ${wiki.endpoint}`];
    const sites = [];
    for (let i = 0; i < rounds; i++) {
      // Distinct prefixes, so each first completion really goes to the wiki.
      lines.push(`### c${i}`, 'list=categorymembers', `cmtitle=Category:${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i % 26]}`);
      sites.push({ line: lines.length - 1, character: lines[lines.length - 1].length });
      lines.push(`### t${i}`, 'prop=info', `titles=Page ${String(i).padStart(2, '0')}`);
      sites.push({ line: lines.length - 1, character: lines[lines.length - 1].length });
    }
    server.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mwquery', version: 1, text: lines.join('\n') + '\n' },
    });
    await server.diagnostics(uri, 1);
    const complete = async (position) => {
      const t0 = performance.now();
      const list = await server.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position });
      return { ms: performance.now() - t0, items: list?.items?.length ?? 0 };
    };
    const fromWiki = [];
    const fromCache = [];
    let itemsSeen = 0;
    for (const site of sites) {
      const before = requests;
      const first = await complete(site);
      if (requests === before) throw new Error(`the first completion at line ${site.line + 1} sent no request`);
      fromWiki.push(first.ms);
      itemsSeen += first.items;
      for (let k = 0; k < 5; k++) {
        const again = await complete(site);
        fromCache.push(again.ms);
      }
      if (requests !== before + 1) throw new Error(`completion at the same place sent ${requests - before} requests`);
    }
    const result = {
      fromWikiMs: summary(fromWiki),
      fromCacheMs: summary(fromCache),
      requests,
      completions: fromWiki.length + fromCache.length,
      itemsSeen,
    };
    log(
      `  live values: from the wiki ${result.fromWikiMs.median} ms median (p95 ${result.fromWikiMs.p95}), from the cache ${result.fromCacheMs.median} ms (p95 ${result.fromCacheMs.p95}); ${requests} requests for ${result.completions} completions`,
    );
    return result;
  } finally {
    await server.stop();
  }
}
