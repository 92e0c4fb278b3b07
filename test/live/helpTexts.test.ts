// Against the REAL test wiki (MediaWiki 1.39): the live
// catalogue is fetched with the wiki's help texts (paraminfo
// `helpformat=wikitext`, `uselang`), and hover and completion show the wiki's
// own words, in the language asked for, with its examples. Expectations come
// from the wiki's own answers, fetched here without the code under test.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import * as net from 'node:net';
import type { MarkupContent } from 'vscode-languageserver-types';
import { CatalogueCache } from '../../common/src/catalogue/catalogueCache';
import { loadLiveCatalogue } from '../../common/src/catalogue/loadCatalogue';
import { fetchLiveCatalogue } from '../../common/src/catalogue/fetchCatalogue';
import { snapshotToFile, type CatalogueSnapshot } from '../../common/src/catalogue/snapshot';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import { createLanguageService } from '../../server/src/service/languageService';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { doc } from './liveHelpers';

const MarkdownIt = createRequire(__filename)('markdown-it') as new (options: object) => { render(text: string): string };
const renderer = new MarkdownIt({ html: true, linkify: true });

let wiki: TestWiki;
let snapshot: CatalogueSnapshot;
let dir: string;

/** The wiki's own paraminfo of one module, without the code under test. */
async function ownHelp(module: string, lang = 'en'): Promise<any> {
  const params = new URLSearchParams({
    action: 'paraminfo',
    modules: module,
    helpformat: 'wikitext',
    uselang: lang,
    format: 'json',
    formatversion: '2',
  });
  const res = await fetch(`${wiki.endpoint}?${params}`);
  assert.equal(res.status, 200);
  return ((await res.json()) as any).paraminfo.modules[0];
}

/** A hover's Markdown rendered to HTML, then to its text (tags dropped, entities as characters). */
function hoverText(s: CatalogueSnapshot, text: string, line: number, character: number): string {
  const service = createLanguageService({ catalogueFor: () => catalogueFromSnapshot(s) });
  const h = service.hover(doc(text), { line, character });
  assert.ok(h, `a hover at ${line}:${character}`);
  const html = renderer.render((h.contents as MarkupContent).value);
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

before(async () => {
  wiki = await startTestWiki();
  snapshot = await fetchLiveCatalogue(wiki.endpoint);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-help-'));
});
after(async () => {
  await wiki?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the wiki's help texts", () => {
  it("hover of list=allpages and apnamespace gives the wiki's own descriptions; apfrom its examples", async () => {
    assert.equal(snapshot.lang, 'en');
    const allpages = await ownHelp('query+allpages');
    const description = String(allpages.description).trim();
    assert.match(description, /^Enumerate all pages/, 'the wiki describes it (MediaWiki 1.39)');
    assert.ok(hoverText(snapshot, 'list=allpages', 0, 7).includes(description), description);

    const namespace = String(allpages.parameters.find((p: any) => p.name === 'namespace').description).trim();
    assert.ok(namespace.length > 5);
    const nsHover = hoverText(snapshot, 'list=allpages\napnamespace=0', 1, 3);
    assert.ok(nsHover.includes(namespace), `${namespace} in ${nsHover}`);

    // The examples that use apfrom, as the wiki gives them (without action=query).
    const examples = (allpages.examples as { query: string }[]).filter((e) => /(^|&)g?apfrom=/.test(e.query));
    assert.ok(examples.length >= 1);
    const fromHover = hoverText(snapshot, 'list=allpages\napfrom=A', 1, 3);
    assert.ok(fromHover.includes(examples[0]!.query.replace(/^action=query&/, '')), fromHover);
    assert.doesNotMatch(fromHover + nsHover, /descriptions appear|without descriptions/);
  });

  it("a value of rvprop: its line of the parameter's help", async () => {
    const revisions = await ownHelp('query+revisions');
    const rvprop = String(revisions.parameters.find((p: any) => p.name === 'prop').description);
    const ids = /;<span[^>]*>ids<\/span>:(.*)/.exec(rvprop)?.[1];
    assert.ok(ids, rvprop.slice(0, 200));
    assert.ok(hoverText(snapshot, 'prop=revisions\ntitles=A\nrvprop=ids', 2, 8).includes(ids.trim()), ids);
  });

  it('in the language asked for (German); a hostile language is English', async () => {
    const german = await fetchLiveCatalogue(wiki.endpoint, { lang: 'de' });
    assert.equal(german.lang, 'de');
    const own = String((await ownHelp('query+allpages', 'de')).description).trim();
    assert.notEqual(own, String((await ownHelp('query+allpages')).description).trim(), 'the wiki has German texts');
    assert.ok(hoverText(german, 'list=allpages', 0, 7).includes(own), own);

    const hostile = await fetchLiveCatalogue(wiki.endpoint, { lang: 'qqx' });
    assert.equal(hostile.lang, 'en');
    assert.doesNotMatch(hoverText(hostile, 'list=allpages', 0, 7), /apihelp-/, 'no message keys');
  });

  it('a cached catalogue without help texts, or in another language, is fetched again', async () => {
    const cache = new CatalogueCache(dir);
    // As written before help texts were fetched: helpformat none, no language.
    const { lang: _lang, ...old } = snapshot;
    await cache.put(old);
    const oldFile = JSON.parse(fs.readFileSync(cache.fileFor(wiki.endpoint), 'utf8'));
    assert.equal(oldFile.paraminfo.helpformat, 'none');
    assert.equal((await cache.get(wiki.endpoint))?.lang, undefined, 'an old file still loads');

    const first = await loadLiveCatalogue(wiki.endpoint, { cache, lang: 'en' });
    assert.equal(first.source, 'network');
    assert.equal(first.snapshot.lang, 'en');
    assert.equal((await loadLiveCatalogue(wiki.endpoint, { cache, lang: 'en' })).source, 'cache');
    const german = await loadLiveCatalogue(wiki.endpoint, { cache, lang: 'de' });
    assert.equal(german.source, 'network');
    assert.equal((await cache.get(wiki.endpoint))?.lang, 'de');
  });

  it('an old cached catalogue is still used when fetching it again fails (offline)', async () => {
    // A port nothing listens on.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as net.AddressInfo;
        server.close(() => resolve(p));
      });
    });
    const endpoint = `http://127.0.0.1:${port}/api.php`;
    const cache = new CatalogueCache(fs.mkdtempSync(path.join(dir, 'offline-')));
    const { lang: _lang, ...old } = snapshot;
    await cache.put({ ...old, endpoint });
    const loaded = await loadLiveCatalogue(endpoint, { cache, lang: 'en', timeoutMs: 5_000, networkRetries: 0 });
    assert.equal(loaded.source, 'cache');
    assert.equal(loaded.snapshot.lang, undefined);
    // Without a cached one, the failure is the caller's.
    await assert.rejects(
      loadLiveCatalogue(endpoint, {
        cache: new CatalogueCache(fs.mkdtempSync(path.join(dir, 'empty-'))),
        lang: 'en',
        timeoutMs: 5_000,
        networkRetries: 0,
      }),
      /127\.0\.0\.1/,
    );
  });

  it('keeps the snapshot a reasonable size', () => {
    const withHelp = JSON.stringify(snapshotToFile(snapshot)).length;
    const { lang: _lang, ...rest } = snapshot;
    const strip = (m: any) => {
      const { description: _d, examples: _e, ...module } = m;
      return { ...module, parameters: (m.parameters ?? []).map(({ description: _p, ...p }: any) => p) };
    };
    const without = JSON.stringify(
      snapshotToFile({
        ...rest,
        documents: [{ paraminfo: { modules: (snapshotToFile(snapshot).paraminfo.modules as any[]).map(strip) } }],
      }),
    ).length;
    console.log(`snapshot of the test wiki: ${without} bytes without help texts, ${withHelp} with`);
    assert.ok(withHelp < 4 * without, `${withHelp} < 4 × ${without}`);
    assert.ok(withHelp < 1_000_000);
  });
});
