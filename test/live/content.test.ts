// The wiki's content (docs/live-content.md), against the REAL test wiki: the
// facts fetched in batches of 50, the live values completed from it, and
// `mwq check --endpoint` flagging missing, invalid, redirected and normalised
// titles, missing users and bad revision ids (`--no-content` skipping them).
// Expectations come from the test wiki's facts or its own answers, fetched
// here without the code under test.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fetchLiveCatalogue } from '../../common/src/catalogue/fetchCatalogue';
import { CONTENT_BATCH } from '../../common/src/content/contentTypes';
import { fetchContentAnswers } from '../../common/src/content/fetchContent';
import { fetchLiveValues } from '../../common/src/content/fetchLiveValues';
import { sendApiRequest } from '../../common/src/runner/http';
import type { ApiSender } from '../../common/src/runner/login';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import { createLanguageService } from '../../server/src/service/languageService';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { doc, mwq, wikiGet } from './liveHelpers';

let wiki: TestWiki;
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-content-'));
  tempDirs.push(dir);
  return dir;
}

/** A sender that counts requests and keeps their parameters. */
function countingSender(): { send: ApiSender; calls: Record<string, string>[] } {
  const calls: Record<string, string>[] = [];
  const send: ApiSender = (endpoint, pairs, options) => {
    calls.push(Object.fromEntries(pairs));
    return sendApiRequest(endpoint, pairs, options);
  };
  return { send, calls };
}

before(async () => {
  wiki = await startTestWiki();
});
after(async () => {
  await wiki?.stop();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('fetchContentAnswers', () => {
  it('titles: missing, invalid, redirect, normalised, existing with its page id', async () => {
    const [redirect, target] = Object.entries(wiki.facts.redirects).find(([from]) => from === 'Redirect 01')!;
    const own = await wikiGet(wiki.endpoint, { action: 'query', titles: 'Page 0001' });
    const answers = await fetchContentAnswers(wiki.endpoint, {
      titles: ['Nonexistent xyz', 'Foo[bar]', redirect, 'page_0001', 'main page', 'Page 0001', 'A|B', 'bad\u0007'],
      pageids: [],
      revids: [],
      users: [],
    });
    assert.deepEqual(answers.titles['Nonexistent xyz'], { missing: true });
    assert.match(answers.titles['Foo[bar]']!.invalid!, /invalid characters/);
    assert.deepEqual(answers.titles[redirect], { redirectTo: target });
    assert.deepEqual(answers.titles['page_0001'], { normalized: 'Page 0001', pageid: own.query.pages[0].pageid });
    assert.deepEqual(answers.titles['main page'], { normalized: 'Main page', missing: true });
    assert.deepEqual(answers.titles['Page 0001'], { pageid: own.query.pages[0].pageid });
    // Values that cannot go into a batch are not sent, and so not answered.
    assert.equal(answers.titles['A|B'], undefined);
    assert.equal(answers.titles['bad\u0007'], undefined);
  });

  it('120 titles take 3 requests of at most 50', async () => {
    const titles = Array.from({ length: 120 }, (_, i) => `Page ${String(i + 1).padStart(4, '0')}`);
    const { send, calls } = countingSender();
    const answers = await fetchContentAnswers(wiki.endpoint, { titles, pageids: [], revids: [], users: [] }, { send });
    assert.equal(calls.length, 3);
    assert.deepEqual(
      calls.map((c) => c.titles!.split('|').length),
      [CONTENT_BATCH, CONTENT_BATCH, 20],
    );
    assert.equal(Object.keys(answers.titles).length, 120);
    assert.ok(Object.values(answers.titles).every((f) => typeof f.pageid === 'number' && !f.missing));
  });

  it("page ids, revision ids (with their pages' titles) and users", async () => {
    const own = await wikiGet(wiki.endpoint, { action: 'query', titles: 'Page 0001', prop: 'revisions', rvprop: 'ids' });
    const page = own.query.pages[0];
    const revid = String(page.revisions[0].revid);
    const answers = await fetchContentAnswers(wiki.endpoint, {
      titles: [],
      pageids: [String(page.pageid), '999999', 'abc'],
      revids: [revid, '999999'],
      users: ['Alice', 'alice', 'Nobody here', '127.0.0.1'],
    });
    assert.deepEqual({ ...answers.pageids }, { [String(page.pageid)]: { title: 'Page 0001' }, '999999': { missing: true } });
    assert.deepEqual({ ...answers.revids }, { [revid]: { title: 'Page 0001' }, '999999': { missing: true } });
    assert.deepEqual(answers.users['Alice'], {});
    assert.deepEqual(answers.users['alice'], { normalized: 'Alice' });
    assert.deepEqual(answers.users['Nobody here'], { missing: true });
    assert.deepEqual(answers.users['127.0.0.1'], { invalid: true });
  });
});

describe('fetchLiveValues', () => {
  it('titles by prefix in a namespace, 20 at most, more said', async () => {
    const { send, calls } = countingSender();
    const answer = await fetchLiveValues(wiki.endpoint, { kind: 'title', prefix: 'Page 00', namespace: 0 }, { send });
    assert.equal(calls.length, 1);
    assert.equal(answer.values.length, 20);
    assert.ok(
      answer.values.every((v) => v.value.startsWith('Page 00')),
      JSON.stringify(answer.values),
    );
    assert.equal(answer.incomplete, true);
    // The wiki normalises the prefix as a title.
    const lower = await fetchLiveValues(wiki.endpoint, { kind: 'title', prefix: 'page_000', namespace: 0 });
    assert.deepEqual(lower.values.map((v) => v.value).slice(0, 2), ['Page 0001', 'Page 0002']);
  });

  it('a `cmtitle=` site completes Category titles, written as they must be', async () => {
    const catalogue = catalogueFromSnapshot(await fetchLiveCatalogue(wiki.endpoint));
    const service = createLanguageService({ catalogueFor: () => catalogue });
    const document = doc('list=categorymembers\ncmtitle=E');
    const site = service.liveValueQuestionAt(document, { line: 1, character: 9 })!;
    assert.deepEqual(site.question, { kind: 'title', prefix: 'E', namespace: 14 });
    const answer = await fetchLiveValues(wiki.endpoint, site.question);
    const items = service.liveValueCompletions(answer, site);
    const expected = Object.keys(wiki.facts.categories)
      .filter((t) => t.startsWith('Category:E') && wiki.facts.categories[t]!.pageExists !== false)
      .sort();
    assert.deepEqual(
      items.map((i) => i.label),
      expected,
    );
    assert.deepEqual(items[0]!.textEdit, {
      range: { start: { line: 1, character: 8 }, end: { line: 1, character: 9 } },
      newText: expected[0],
    });
  });

  it('users, tags, groups, rights, languages, interwiki prefixes, content models', async () => {
    const values = async (question: Parameters<typeof fetchLiveValues>[1]) =>
      (await fetchLiveValues(wiki.endpoint, question)).values.map((v) => v.value);
    assert.deepEqual(
      await values({ kind: 'user', prefix: 'A' }),
      wiki.facts.allUsers.filter((u) => u.startsWith('A')),
    );
    const tags = await values({ kind: 'tag', prefix: 'mw-' });
    assert.ok(tags.includes('mw-blank') && tags.every((t) => t.startsWith('mw-')), tags.join(' '));
    const groups = await values({ kind: 'group', prefix: '' });
    assert.ok(groups.includes('sysop') && groups.includes('bot') && !groups.includes('*'), groups.join(' '));
    assert.ok((await values({ kind: 'right', prefix: 'apihigh' })).includes('apihighlimits'));
    assert.ok((await values({ kind: 'language', prefix: 'de' })).includes('de'));
    const own = await wikiGet(wiki.endpoint, { action: 'query', meta: 'siteinfo', siprop: 'interwikimap' });
    const first = own.query.interwikimap[0]?.prefix as string;
    assert.ok(first, 'the test wiki has an interwiki map');
    assert.ok((await values({ kind: 'interwiki', prefix: first })).includes(first));
    assert.ok((await values({ kind: 'contentmodel', prefix: 'wiki' })).includes('wikitext'));
  });
});

describe('mwq check --endpoint: the content checks', () => {
  const text = [
    '### Pages',
    'prop=info',
    'titles=Nonexistent xyz|Foo[bar]|Redirect 01|page 0001',
    '',
    '### Contributions',
    'list=usercontribs',
    'ucuser=Nobody here|Alice',
    '',
    '### Revisions',
    'revids=999999',
    '',
    '### Clean',
    'prop=info',
    'titles=Page 0001|Main Page',
    'redirects',
    '',
    '### Links here',
    'list=backlinks',
    'bltitle=Nonexistent xyz',
  ].join('\n');

  it('flags them; a clean query stays clean; --no-content skips them', async () => {
    const file = path.join(tempDir(), 'content.mwq');
    fs.writeFileSync(file, text);
    const cacheDir = tempDir();
    const r = await mwq(['check', '--endpoint', wiki.endpoint, file], { MWQ_CACHE_DIR: cacheDir });
    assert.equal(r.stderr, '');
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => l.slice(l.indexOf(':') + 1));
    assert.deepEqual(
      lines.map((l) => l.replace(/ .*?(error|warning|hint|information) (\S+) .*/, ' $1 $2')),
      [
        '3:8 warning missingtitle',
        '3:24 error invalidtitle',
        '3:33 hint redirect-title',
        '3:45 hint normalised-title',
        '7:8 warning nosuchuser',
        '10:8 warning nosuchrevid',
      ],
    );
    assert.match(r.stdout, /`page 0001` as `Page 0001`/);
    assert.match(r.stdout, /`Redirect 01` is a redirect to `Page 0001`/);
    assert.equal(r.code, 1, 'invalidtitle is an error');

    const skipped = await mwq(['check', '--endpoint', wiki.endpoint, '--no-content', file], { MWQ_CACHE_DIR: cacheDir });
    assert.equal(skipped.stdout, '');
    assert.equal(skipped.code, 0);
  });

  it('a wiki that cannot be asked: a note, and the catalogue checks still run', async () => {
    const file = path.join(tempDir(), 'content.mwq');
    fs.writeFileSync(file, 'titles=Nonexistent xyz\nformat=xml\n');
    // The catalogue comes from the cache; the wiki is gone when the content is asked for.
    const cacheDir = tempDir();
    const warm = await mwq(['check', '--endpoint', wiki.endpoint, '--no-content', file], { MWQ_CACHE_DIR: cacheDir });
    assert.equal(warm.code, 0);
    const other = await startTestWiki();
    const endpoint = other.endpoint;
    await mwq(['check', '--endpoint', endpoint, '--no-content', file], { MWQ_CACHE_DIR: cacheDir });
    await other.stop();
    const r = await mwq(['check', '--endpoint', endpoint, '--timeout', '5', file], { MWQ_CACHE_DIR: cacheDir });
    assert.match(r.stderr, /the pages, revisions and users of the files are not checked/);
    assert.match(r.stdout, /hint runner-parameter/);
    assert.doesNotMatch(r.stdout, /missingtitle/);
  });
});
