// A wiki's live catalogue, against the REAL test wiki (MediaWiki 1.39 with its
// bundled extensions): fetched in batches, cached on disk, read alike from
// formatversion 1 and 2, and used by the checker, completion and the CLI.
// Expectations come from the wiki's own answers (fetched here without the
// code under test) or from facts about MediaWiki 1.39.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogueCache } from '../../common/src/catalogue/catalogueCache';
import { loadLiveCatalogue } from '../../common/src/catalogue/loadCatalogue';
import { PARAMINFO_BATCH, fetchLiveCatalogue } from '../../common/src/catalogue/fetchCatalogue';
import { snapshotFromFile, snapshotToFile, type CatalogueSnapshot } from '../../common/src/catalogue/snapshot';
import { RunnerError } from '../../common/src/runner/errors';
import { sendApiRequest } from '../../common/src/runner/http';
import { AccountSession, type ApiSender } from '../../common/src/runner/login';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import { bundledCatalogue } from '../../server/src/service/bundledCatalogue';
import { buildCatalogue, type Catalogue } from '../../server/src/service/catalogue';
import { createLanguageService } from '../../server/src/service/languageService';
import { startFaultProxy } from '../wikiRuns/faultProxy';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { BUNDLED_ONLY_MODULE, RELEASE_FACTS } from '../wiki/releaseFacts';
import { doc, mwq, wikiGet } from './liveHelpers';

let wiki: TestWiki;
let snapshot: CatalogueSnapshot;
let live: Catalogue;
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-live-'));
  tempDirs.push(dir);
  return dir;
}

/** A sender that counts requests and remembers their `modules` values. */
function countingSender(): { send: ApiSender; calls: { action: string; modules?: string }[] } {
  const calls: { action: string; modules?: string }[] = [];
  const send: ApiSender = (endpoint, pairs, options) => {
    const get = (name: string) => pairs.find(([n]) => n === name)?.[1];
    calls.push({ action: get('action') ?? '', ...(get('modules') !== undefined ? { modules: get('modules') } : {}) });
    return sendApiRequest(endpoint, pairs, options);
  };
  return { send, calls };
}

before(async () => {
  wiki = await startTestWiki();
  snapshot = await fetchLiveCatalogue(wiki.endpoint);
  live = catalogueFromSnapshot(snapshot);
});
after(async () => {
  await wiki?.stop();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('fetching a live catalogue', () => {
  it('has every list, prop and meta module the wiki lists, with main and query', async () => {
    const own = await wikiGet(wiki.endpoint, { action: 'paraminfo', modules: 'query' });
    const query = own.paraminfo.modules[0];
    const listed = new Map<string, string>();
    for (const p of query.parameters) {
      if (['list', 'prop', 'meta'].includes(p.name)) for (const name of Object.keys(p.submodules)) listed.set(name, p.name);
    }
    assert.ok(listed.size > 60, `${listed.size} modules`);
    assert.equal(live.modules.size, listed.size);
    for (const [name, group] of listed) assert.equal(live.module(name)?.group, group, name);
    assert.equal(live.module('abusefilters')?.group, 'list');
    assert.equal(live.module('abusefilters')?.prefix, 'abf');
    assert.equal(live.module(BUNDLED_ONLY_MODULE.name), undefined);
    assert.ok(bundledCatalogue().module(BUNDLED_ONLY_MODULE.name), `the bundled catalogue has ${BUNDLED_ONLY_MODULE.name}`);
    // Echo's module: 1.43 ships Echo, 1.39 does not.
    assert.equal(live.module('notifications')?.group, RELEASE_FACTS[wiki.release].echo ? 'meta' : undefined);
    assert.equal(bundledCatalogue().module('abusefilters'), undefined, 'the bundled catalogue lacks abusefilters');
    assert.ok(live.main.paramByName.has('assert') && live.main.paramByName.has('maxlag'));
    assert.ok(live.query.paramByName.has('generator') && live.query.paramByName.has('titles'));
    assert.equal(snapshot.generator, `MediaWiki ${wiki.facts.mediawikiVersion}`);
    assert.match(live.origin, /^the catalogue of 127\.0\.0\.1:\d+ \(fetched \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
  });

  it(`asks paraminfo for at most ${PARAMINFO_BATCH} modules at a time, in 1 + ceil(n/50) requests, plus siteinfo`, async () => {
    const { send, calls } = countingSender();
    const fetched = await fetchLiveCatalogue(wiki.endpoint, { send });
    const paraminfo = calls.filter((c) => c.action === 'paraminfo');
    const fresh = catalogueFromSnapshot(fetched);
    // The query submodules and the other actions (`parse`, `edit`, …), batched together.
    const n = fresh.modules.size + fresh.actions.size;
    assert.ok(fresh.action('parse') && fresh.action('edit'), 'the actions are in the catalogue');
    assert.equal(paraminfo.length, 1 + Math.ceil(n / PARAMINFO_BATCH));
    assert.equal(paraminfo[0]!.modules, 'main|query');
    for (const c of paraminfo) assert.ok(c.modules!.split('|').length <= PARAMINFO_BATCH);
    assert.deepEqual(
      calls.filter((c) => c.action !== 'paraminfo').map((c) => c.action),
      ['query'],
    );
  });

  it("has the wiki's namespaces and aliases (Scribunto's Module; Gadgets' Gadget on 1.39 only)", async () => {
    const own = await wikiGet(wiki.endpoint, { action: 'query', meta: 'siteinfo', siprop: 'namespaces|namespacealiases' });
    const ids = Object.values(own.query.namespaces as Record<string, { id: number }>)
      .map((n) => n.id)
      .sort((a, b) => a - b);
    assert.deepEqual(
      snapshot.namespaces.map((n) => n.id),
      ids,
    );
    const byId = new Map(snapshot.namespaces.map((n) => [n.id, n]));
    assert.equal(byId.get(828)?.name, 'Module');
    assert.equal(byId.get(2300)?.name, RELEASE_FACTS[wiki.release].gadgetNamespaces ? 'Gadget' : undefined);
    assert.equal(snapshot.namespaces.length, RELEASE_FACTS[wiki.release].namespaceCount);
    assert.equal(byId.get(4)?.name, 'TestWiki');
    assert.equal(byId.get(4)?.canonical, 'Project');
    assert.deepEqual(byId.get(6)?.aliases, ['Image']);
    assert.ok(live.namespaceIds().has(828));
    assert.equal(live.namespaceIds().has(2300), RELEASE_FACTS[wiki.release].gadgetNamespaces);
    assert.ok(!bundledCatalogue().namespaceIds().has(2300));
  });

  it('reads formatversion 1 and 2 answers into the same model', async () => {
    const [v1, v2] = await Promise.all([
      fetchLiveCatalogue(wiki.endpoint, { formatversion: 1 }),
      fetchLiveCatalogue(wiki.endpoint, { formatversion: 2 }),
    ]);
    // The raw answers really differ: markers are "" in 1 and booleans in 2.
    const raw = (s: CatalogueSnapshot) => JSON.stringify(s.documents);
    assert.match(raw(v1), /"generator":""/);
    assert.match(raw(v2), /"generator":true/);
    const plain = (v: unknown): unknown =>
      v instanceof Set
        ? [...v]
        : v instanceof Map
          ? [...v.entries()].map(([k, x]) => [k, plain(x)])
          : Array.isArray(v)
            ? v.map(plain)
            : v && typeof v === 'object'
              ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
              : v;
    const model = (c: Catalogue) => plain({ modules: [...c.modules.values()], main: c.main, query: c.query, namespaces: c.namespaces });
    const [m1, m2] = [catalogueFromSnapshot(v1), catalogueFromSnapshot(v2)];
    assert.equal(m1.modules.size, m2.modules.size);
    for (const [name, module] of m2.modules) assert.deepEqual(plain(m1.module(name)), plain(module), name);
    assert.deepEqual(model(m1), model(m2));
  });

  it('fails with a message for people: an HTML page, a timeout, a wiki that lets only members read', async () => {
    // index.php is not the API: an HTML page.
    await assert.rejects(fetchLiveCatalogue(wiki.indexUrl), (e: RunnerError) => {
      assert.ok(e instanceof RunnerError);
      assert.equal(e.kind, 'http');
      assert.match(e.message, /^Could not fetch the wiki's catalogue: 127\.0\.0\.1:\d+ answered HTTP 404/);
      assert.equal(e.message.split('127.0.0.1').length - 1, 1, 'the host is named once');
      return true;
    });
    const proxy = await startFaultProxy(wiki.endpoint);
    try {
      proxy.inject('html');
      await assert.rejects(
        fetchLiveCatalogue(proxy.endpoint, { networkRetries: 0 }),
        (e: RunnerError) => e.kind === 'not-json' && /but not JSON/.test(e.message) && /api\.php\?/.test(e.message),
      );
      proxy.slowMs = 1500;
      proxy.inject('slow');
      await assert.rejects(
        fetchLiveCatalogue(proxy.endpoint, { timeoutMs: 300, networkRetries: 0 }),
        (e: RunnerError) =>
          e.kind === 'timeout' && /^Could not fetch the wiki's catalogue: no answer from 127\.0\.0\.1:\d+ within 300 ms/.test(e.message),
      );
    } finally {
      await proxy.stop();
    }
  });

  it('on a wiki where anonymous users cannot read: readapidenied, explained; logged in, it works', async () => {
    const closed = await startTestWiki();
    try {
      // This run's own settings (a copy; the template is untouched): reading needs an account.
      fs.appendFileSync(path.join(closed.runDir, 'LocalSettings.php'), "\n$wgGroupPermissions['*']['read'] = false;\n");
      await assert.rejects(fetchLiveCatalogue(closed.endpoint), (e: RunnerError) => {
        assert.equal(e.kind, 'permission');
        assert.equal(e.extra.detail, 'readapidenied');
        assert.match(e.message, /Could not fetch the catalogue of .*readapidenied.*Log in with a bot password/);
        return true;
      });
      const account = new AccountSession({
        endpoint: closed.endpoint,
        credentials: { user: closed.botUser, password: closed.botPassword },
      });
      const fetched = await fetchLiveCatalogue(closed.endpoint, { send: account.send });
      assert.ok(catalogueFromSnapshot(fetched).module('abusefilters'));
    } finally {
      await closed.stop();
    }
  });
});

describe('the catalogue cache', () => {
  it('fetches once, then reads the file; refetches after the time-to-live', async () => {
    const dir = tempDir();
    let clock = Date.now();
    const cache = new CatalogueCache(dir, { ttlMs: 60_000, now: () => clock });
    const { send: counted, calls } = countingSender();
    // The fetch is stamped with the same clock the cache reads.
    const options = { cache, send: counted, now: () => new Date(clock) };
    const first = await loadLiveCatalogue(wiki.endpoint, options);
    assert.equal(first.source, 'network');
    assert.ok(calls.length >= 3);
    const files = fs.readdirSync(dir);
    assert.deepEqual(files, [path.basename(cache.fileFor(wiki.endpoint))], 'one file, no temp files left');
    assert.match(files[0]!, /^catalogue-[0-9a-f]{32}\.json$/);

    calls.length = 0;
    const second = await loadLiveCatalogue(wiki.endpoint, options);
    assert.equal(second.source, 'cache');
    assert.equal(calls.length, 0, 'no request');
    assert.deepEqual(second.snapshot, first.snapshot);
    assert.ok(catalogueFromSnapshot(second.snapshot).module('abusefilters'));
    assert.ok((await cache.age(wiki.endpoint))! < 60_000);

    clock += 61_000; // past the time-to-live
    assert.equal(await cache.get(wiki.endpoint), undefined);
    assert.ok(await cache.get(wiki.endpoint, { allowStale: true }));
    const third = await loadLiveCatalogue(wiki.endpoint, options);
    assert.equal(third.source, 'network');
    assert.ok(calls.length >= 3);
    assert.equal((await cache.get(wiki.endpoint))?.fetchedAt, third.snapshot.fetchedAt);

    const forced = await loadLiveCatalogue(wiki.endpoint, { ...options, refresh: true });
    assert.equal(forced.source, 'network');
  });

  it('ignores corrupt files and files of another endpoint', async () => {
    const dir = tempDir();
    const cache = new CatalogueCache(dir);
    const file = cache.fileFor(wiki.endpoint);
    fs.writeFileSync(file, '{"mwquery": {"format": "mwquery-catalogue", "vers');
    assert.equal(await cache.get(wiki.endpoint), undefined);
    fs.writeFileSync(file, JSON.stringify({ ...snapshotToFile(snapshot), paraminfo: { modules: 'none' } }));
    assert.equal(await cache.get(wiki.endpoint), undefined);
    // Another wiki's snapshot under this endpoint's name.
    fs.writeFileSync(file, JSON.stringify(snapshotToFile({ ...snapshot, endpoint: 'https://other.example/w/api.php' })));
    assert.equal(await cache.get(wiki.endpoint), undefined);
    // From the future.
    fs.writeFileSync(file, JSON.stringify(snapshotToFile({ ...snapshot, fetchedAt: new Date(Date.now() + 86_400_000).toISOString() })));
    assert.equal(await cache.get(wiki.endpoint), undefined);
    const loaded = await loadLiveCatalogue(wiki.endpoint, { cache });
    assert.equal(loaded.source, 'network');
    assert.deepEqual(await cache.get(wiki.endpoint), loaded.snapshot);
  });

  it('a catalogue file is paraminfo-shaped: buildCatalogue reads it as is', () => {
    const file = JSON.parse(JSON.stringify(snapshotToFile(snapshot)));
    const built = buildCatalogue([file]);
    assert.equal(built.modules.size, live.modules.size);
    assert.ok(built.module('abusefilters'));
    assert.deepEqual(snapshotFromFile(file), snapshot);
  });
});

describe('checking against the live catalogue', () => {
  const liveService = () => createLanguageService({ catalogueFor: () => live });
  const codes = (service: ReturnType<typeof createLanguageService>, text: string) => service.validate(doc(text)).map((d) => String(d.code));
  const labelsAt = (service: ReturnType<typeof createLanguageService>, text: string) => {
    const document = doc(text);
    return service.complete(document, document.positionAt(text.length)).items.map((i) => i.label);
  };

  it('list=abusefilters: no diagnostic against the live catalogue (flagged by the bundled one), and it completes after list=', () => {
    const service = liveService();
    assert.deepEqual(codes(service, 'list=abusefilters\nabflimit=5\nabfprop=id|description\n'), []);
    assert.deepEqual(codes(createLanguageService(), 'list=abusefilters\n'), ['unrecognizedvalues']);
    const labels = labelsAt(service, 'list=');
    assert.ok(labels.includes('abusefilters') && labels.includes('abuselog'));
    assert.ok(!labels.includes(BUNDLED_ONLY_MODULE.name));
    assert.equal(labels.length, live.byGroup.list.length);
    const params = labelsAt(service, 'list=abusefilters\nabf');
    assert.ok(params.includes('abfprop') && params.includes('abflimit'), params.join(' '));
  });

  it(`${BUNDLED_ONLY_MODULE.group}=${BUNDLED_ONLY_MODULE.name} (bundled only) is flagged unrecognizedvalues, naming the wiki; meta=notifications as the release has Echo or not`, () => {
    const { group, name } = BUNDLED_ONLY_MODULE;
    const [d] = liveService().validate(doc(`${group}=${name}\n`));
    assert.equal(d?.code, 'unrecognizedvalues');
    assert.equal(d?.severity, 2);
    assert.match(String(d!.message), /the catalogue of 127\.0\.0\.1:\d+/);
    assert.ok(!labelsAt(liveService(), `${group}=`).includes(name));
    assert.ok(labelsAt(createLanguageService(), `${group}=`).includes(name));
    // 1.39: no Echo, so its module is unknown there; 1.43: Echo's module is known.
    const echo = RELEASE_FACTS[wiki.release].echo;
    assert.deepEqual(codes(liveService(), 'meta=notifications\n'), echo ? [] : ['unrecognizedvalues']);
    assert.equal(labelsAt(liveService(), 'meta=').includes('notifications'), echo);
  });

  it("validates and completes namespaces with the wiki's own (828 Module; 2300 Gadget on 1.39, unknown on 1.43)", () => {
    const service = liveService();
    const gadget = RELEASE_FACTS[wiki.release].gadgetNamespaces;
    assert.deepEqual(codes(service, 'list=allpages\napnamespace=2300\n'), gadget ? [] : ['badvalue']);
    assert.deepEqual(codes(service, 'list=allpages\napnamespace=828\n'), []);
    assert.deepEqual(codes(service, 'list=allpages\napnamespace=100\n'), ['badvalue']);
    assert.deepEqual(codes(service, 'list=recentchanges\nrcnamespace=0|2301\n'), gadget ? [] : ['unrecognizedvalues']);
    // The bundled catalogue cannot know the wiki's namespaces: a note, not an error.
    assert.deepEqual(
      codes(createLanguageService(), 'list=allpages\napnamespace=2300\n'),
      ['unknown-namespace'],
      'unknown to the standard namespaces',
    );
    const document = doc('list=allpages\napnamespace=');
    const items = service.complete(document, document.positionAt(document.getText().length)).items;
    const byLabel = new Map(items.map((i) => [i.label, i.labelDetails?.description]));
    assert.equal(byLabel.get('828'), 'Module');
    assert.equal(byLabel.get('2300'), gadget ? 'Gadget' : undefined);
    assert.equal(byLabel.get('4'), 'TestWiki (Project)');
    assert.equal(byLabel.get('6'), 'File (Image)');
    assert.ok(!byLabel.has('-1'));
  });
});

describe('mwq check --endpoint and mwq catalogue', () => {
  it('checks a file using list=abusefilters against the wiki: exit 0, nothing printed; fetched once, then cached', async () => {
    const cacheDir = tempDir();
    const file = path.join(tempDir(), 'abuse.mwq');
    fs.writeFileSync(file, '### Filters\nlist=abusefilters\nabfprop=id|description\n');
    const first = await mwq(['check', '--endpoint', wiki.endpoint, file], { MWQ_CACHE_DIR: cacheDir });
    assert.equal(first.stderr, '');
    assert.equal(first.stdout, '');
    assert.equal(first.code, 0);
    const cached = fs.readdirSync(cacheDir);
    assert.equal(cached.length, 1);
    // Without --endpoint: the bundled catalogue does not know the module.
    const bundled = await mwq(['check', file], { MWQ_CACHE_DIR: cacheDir });
    assert.match(bundled.stdout, /warning unrecognizedvalues `abusefilters` is not a list module/);
    // The second run reads the cache: it works with the wiki's catalogue file only (its mtime is unchanged).
    const mtime = fs.statSync(path.join(cacheDir, cached[0]!)).mtimeMs;
    const second = await mwq(['check', '--endpoint', wiki.endpoint, file, '--format', 'json'], { MWQ_CACHE_DIR: cacheDir });
    assert.equal(second.code, 0);
    assert.deepEqual(JSON.parse(second.stdout)[0].diagnostics, []);
    assert.equal(fs.statSync(path.join(cacheDir, cached[0]!)).mtimeMs, mtime);
    const refreshed = await mwq(['check', '--endpoint', wiki.endpoint, '--refresh', file], { MWQ_CACHE_DIR: cacheDir });
    assert.equal(refreshed.code, 0);
    assert.ok(fs.statSync(path.join(cacheDir, cached[0]!)).mtimeMs >= mtime);
  });

  it('says so when the catalogue cannot be fetched and checks against the bundled one', async () => {
    const file = path.join(tempDir(), 'notif.mwq');
    fs.writeFileSync(file, 'meta=notifications\n');
    const r = await mwq(['check', '--endpoint', wiki.indexUrl, file], { MWQ_CACHE_DIR: tempDir() });
    assert.match(r.stderr, /^mwq check: Could not fetch the wiki's catalogue: 127\.0\.0\.1:\d+ answered HTTP 404/);
    assert.match(r.stderr, /checking against the bundled catalogue instead/);
    assert.equal(r.stdout, '', 'notifications is in the bundled catalogue');
    assert.equal(r.code, 0);
  });

  it('mwq catalogue -o FILE writes a file buildCatalogue reads back', async () => {
    const out = path.join(tempDir(), 'wiki-catalogue.json');
    const r = await mwq(['catalogue', '--endpoint', wiki.endpoint, '-o', out], { MWQ_CACHE_DIR: tempDir() });
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `^mwq catalogue: wrote .*wiki-catalogue\\.json \\(\\d+ modules, ${RELEASE_FACTS[wiki.release].namespaceCount} namespaces: the catalogue of 127\\.0\\.0\\.1:\\d+`,
      ),
    );
    const json = JSON.parse(fs.readFileSync(out, 'utf8'));
    assert.ok(Array.isArray(json.paraminfo.modules));
    const built = buildCatalogue([json], { namespaces: json.namespaces });
    assert.equal(built.modules.size, live.modules.size);
    assert.ok(built.module('abusefilters'));
    assert.equal(built.module(BUNDLED_ONLY_MODULE.name), undefined);
    assert.equal(built.namespaceIds().has(2300), RELEASE_FACTS[wiki.release].gadgetNamespaces);
    assert.deepEqual(fs.readdirSync(path.dirname(out)), ['wiki-catalogue.json'], 'no temp file left');
    const usage = await mwq(['catalogue', '-o', out]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--endpoint URL is required/);
  });
});
