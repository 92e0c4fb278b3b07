/**
 * Checks the real-MediaWiki fixture over HTTP:
 *   node --import tsx --test test/wiki/testWiki.test.ts
 * The first run on a machine installs MediaWiki (as root) and builds the
 * template (~20 s); later runs start in about a second.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { chosenRelease, startTestWiki, type TestWiki } from './testWiki';
import { RELEASE_FACTS } from './releaseFacts';

type Json = any;
type Params = Record<string, string | number>;

class Session {
  private cookies = new Map<string, string>();
  constructor(private readonly endpoint: string) {}

  async get(params: Params): Promise<Json> {
    const url = `${this.endpoint}?${new URLSearchParams(strings({ format: 'json', formatversion: 2, ...params }))}`;
    return this.handle(await fetch(url, { headers: this.headers() }));
  }

  async post(params: Params): Promise<Json> {
    const body = new URLSearchParams(strings({ format: 'json', formatversion: 2, ...params }));
    return this.handle(await fetch(this.endpoint, { method: 'POST', body, headers: this.headers() }));
  }

  /** Follows `continue` until done; returns every page of results. */
  async all(params: Params): Promise<Json[]> {
    const out: Json[] = [];
    let cont: Params = {};
    for (let i = 0; i < 1000; i++) {
      const r = await this.get({ ...params, ...cont });
      assert.equal(r.error, undefined, JSON.stringify(r.error));
      out.push(r);
      if (!r.continue) return out;
      cont = r.continue;
    }
    throw new Error('continuation did not end');
  }

  private headers(): Record<string, string> {
    const h: Record<string, string> = {};
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return h;
  }

  private async handle(res: Response): Promise<Json> {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    assert.equal(res.status, 200, `HTTP ${res.status}`);
    return res.json();
  }
}

function strings(p: Params): Record<string, string> {
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)]));
}

const list = (pages: Json[], key: string): Json[] => pages.flatMap((r) => r.query?.[key] ?? []);

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Processes whose command line mentions the server address (php -S and its workers). */
function serverProcesses(port: number): number[] {
  const found: number[] = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${e}/cmdline`, 'utf8');
      const state = fs.readFileSync(`/proc/${e}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmd.includes(`127.0.0.1:${port}`) && state !== 'Z') found.push(Number(e));
    } catch {
      // gone
    }
  }
  return found;
}

describe('real MediaWiki test fixture', () => {
  let wiki: TestWiki;
  let api: Session;

  before(async () => {
    wiki = await startTestWiki();
    api = new Session(wiki.endpoint);
    process.stderr.write(
      `# test wiki at ${wiki.endpoint} (template built: ${wiki.timings.templateBuilt}, ${wiki.timings.templateBuildMs} ms; start ${wiki.timings.startMs} ms)\n`,
    );
  });

  after(async () => {
    await wiki?.stop();
  });

  test('siteinfo answers', async () => {
    const r = await api.get({ action: 'query', meta: 'siteinfo', siprop: 'general|statistics' });
    assert.equal(r.query.general.sitename, wiki.facts.siteName);
    assert.equal(r.query.general.generator, `MediaWiki ${wiki.facts.mediawikiVersion}`);
    assert.ok(wiki.facts.mediawikiVersion.startsWith(`${wiki.release}.`), `${wiki.facts.mediawikiVersion} is a ${wiki.release} release`);
    assert.equal(r.query.general.server, `http://127.0.0.1:${wiki.port}`, '$wgServer follows the Host header');
    assert.equal(r.query.statistics.pages, wiki.facts.totalPages);
  });

  test(`runs the release asked for (${chosenRelease()}), with the extensions and namespaces that release ships`, async () => {
    assert.equal(wiki.release, chosenRelease());
    const facts = RELEASE_FACTS[wiki.release];
    const r = await api.get({ action: 'query', meta: 'siteinfo', siprop: 'extensions|namespaces' });
    const extensions = new Set((r.query.extensions as { name: string }[]).map((e) => e.name));
    for (const name of ['Abuse Filter', 'Cite', 'Gadgets', 'Scribunto', 'TextExtracts', 'PageImages', ...facts.ownExtensions])
      assert.ok(extensions.has(name), `${name} is installed`);
    for (const other of Object.values(RELEASE_FACTS)) {
      for (const name of other.ownExtensions)
        if (!facts.ownExtensions.includes(name)) assert.ok(!extensions.has(name), `${name} is not in ${wiki.release}`);
    }
    assert.equal(extensions.has('Echo'), facts.echo);
    const ids = Object.values(r.query.namespaces as Record<string, { id: number }>).map((n) => n.id);
    assert.equal(ids.length, facts.namespaceCount);
    assert.equal(ids.includes(2300), facts.gadgetNamespaces);
  });

  test('allpages paged through continue gives exactly the main-namespace pages', async () => {
    const pages = await api.all({ action: 'query', list: 'allpages', aplimit: 'max', apnamespace: 0 });
    const titles = list(pages, 'allpages').map((p) => p.title);
    assert.ok(pages.length >= 2, `anonymous aplimit=max is 500, so ${wiki.facts.mainPages} pages need continuation`);
    assert.equal(pages[0].continue.continue, '-||');
    assert.equal(titles.length, wiki.facts.mainPages);
    assert.equal(new Set(titles).size, titles.length);
    assert.ok(titles.includes(wiki.facts.generatedPages.first) && titles.includes(wiki.facts.generatedPages.last));
    assert.ok(titles.includes(wiki.facts.hostilePage));
    for (const t of wiki.facts.oddTitles) assert.ok(titles.includes(t), t);

    const redirects = list(
      await api.all({ action: 'query', list: 'allpages', aplimit: 200, apnamespace: 0, apfilterredir: 'redirects' }),
      'allpages',
    );
    assert.equal(redirects.length, wiki.facts.mainRedirects);
    assert.deepEqual(redirects.map((p) => p.title).sort(), Object.keys(wiki.facts.redirects).sort());
  });

  test('every namespace has the expected page count', async () => {
    for (const [ns, count] of Object.entries(wiki.facts.pagesByNamespace)) {
      const pages = list(await api.all({ action: 'query', list: 'allpages', aplimit: 'max', apnamespace: ns }), 'allpages');
      assert.equal(pages.length, count, `namespace ${ns}`);
    }
  });

  test('categories have their expected member counts', async () => {
    const large = await api.all({ action: 'query', list: 'categorymembers', cmtitle: 'Category:Large', cmlimit: 'max' });
    assert.ok(large.length >= 2);
    assert.equal(list(large, 'categorymembers').length, wiki.facts.categories['Category:Large']!.members);

    const even = await api.all({ action: 'query', list: 'categorymembers', cmtitle: 'Category:Even', cmlimit: 100 });
    assert.equal(even.length, Math.ceil(wiki.facts.categories['Category:Even']!.members / 100));
    assert.equal(list(even, 'categorymembers').length, wiki.facts.categories['Category:Even']!.members);

    for (const [title, c] of Object.entries(wiki.facts.categories)) {
      const members = list(await api.all({ action: 'query', list: 'categorymembers', cmtitle: title, cmlimit: 'max' }), 'categorymembers');
      assert.equal(members.length, c.members, title);
      const info = await api.get({ action: 'query', prop: 'categoryinfo', titles: title });
      const page = info.query.pages[0];
      assert.equal(!page.missing, c.pageExists, `${title} page exists`);
      if (c.members) {
        assert.equal(page.categoryinfo.size, c.members, `${title} size`);
        assert.equal(page.categoryinfo.subcats, c.subcats, `${title} subcats`);
      }
    }
  });

  test('multi-revision pages, templates, links and the hostile page', async () => {
    for (const [title, count] of Object.entries(wiki.facts.multiRevisionPages)) {
      const revs = list(await api.all({ action: 'query', prop: 'revisions', titles: title, rvlimit: 25, rvprop: 'ids' }), 'pages').flatMap(
        (p) => p.revisions ?? [],
      );
      assert.equal(revs.length, count, title);
    }
    for (const [title, count] of Object.entries(wiki.facts.templates)) {
      const users = list(await api.all({ action: 'query', list: 'embeddedin', eititle: title, eilimit: 'max' }), 'embeddedin');
      assert.equal(users.length, count, title);
    }
    const back = list(
      await api.all({ action: 'query', list: 'backlinks', bltitle: wiki.facts.linkHub.title, bllimit: 'max' }),
      'backlinks',
    );
    assert.equal(back.length, wiki.facts.linkHub.backlinks);

    const h = await api.get({
      action: 'query',
      prop: 'revisions',
      titles: wiki.facts.hostilePage,
      rvprop: 'content|comment',
      rvslots: 'main',
      rvlimit: 'max',
    });
    const revs = h.query.pages[0].revisions;
    assert.equal(revs.length, wiki.facts.multiRevisionPages[wiki.facts.hostilePage]);
    for (const s of wiki.facts.hostileStrings) {
      assert.ok(revs[0].slots.main.content.includes(s), `text has ${s}`);
      assert.ok(
        revs.some((r: Json) => r.comment.includes(s)),
        `a comment has ${s}`,
      );
    }
  });

  test('the uploaded files have thumbnails the wiki serves as images', async () => {
    const r = await api.get({
      action: 'query',
      generator: 'allimages',
      gailimit: 'max',
      prop: 'imageinfo',
      iiprop: 'url|size|mime',
      iiurlwidth: 120,
    });
    const pages = (r.query.pages as Json[]).sort((a, b) => a.title.localeCompare(b.title));
    const want = [...wiki.facts.files].sort((a, b) => a.title.localeCompare(b.title));
    assert.deepEqual(
      pages.map((p) => p.title),
      want.map((f) => f.title),
    );
    for (const [i, p] of pages.entries()) {
      const info = p.imageinfo[0];
      assert.deepEqual([info.width, info.height, info.mime], [want[i]!.width, want[i]!.height, want[i]!.mime], p.title);
      assert.equal(info.thumbwidth, 120, p.title);
      for (const url of [info.thumburl, info.url]) {
        assert.ok(url.startsWith(`http://127.0.0.1:${wiki.port}/images/`), url);
        const res = await fetch(url);
        assert.equal(res.status, 200, url);
        assert.equal(res.headers.get('content-type'), info.mime, url);
        const head = Buffer.from(await res.arrayBuffer()).subarray(0, 4);
        assert.ok(head.equals(Buffer.from(info.mime === 'image/png' ? [0x89, 0x50, 0x4e, 0x47] : [0xff, 0xd8, 0xff, head[3]!])), url);
      }
    }
    const outside = await fetch(`http://127.0.0.1:${wiki.port}/images/%2e%2e/LocalSettings.php`);
    assert.equal(outside.status, 404, 'the router serves nothing outside images/');

    const pi = await api.get({
      action: 'query',
      prop: 'pageimages',
      titles: wiki.facts.categoryTree.pages[wiki.facts.categoryTree.root]![0]!,
      pithumbsize: 100,
    });
    assert.match(pi.query.pages[0].thumbnail.source, /\/images\/thumb\/.+\/100px-/);
  });

  test('the category hierarchy and the tree pages links are as the facts say', async () => {
    const tree = wiki.facts.categoryTree;
    const seen: string[] = [];
    for (let todo = [tree.root]; todo.length;) {
      const cat = todo.shift()!;
      seen.push(cat);
      const members = list(await api.all({ action: 'query', list: 'categorymembers', cmtitle: cat, cmlimit: 'max' }), 'categorymembers');
      const of = (ns: number) =>
        members
          .filter((m) => m.ns === ns)
          .map((m) => m.title as string)
          .sort();
      assert.deepEqual(of(14), [...tree.subcategories[cat]!].sort(), `${cat} subcategories`);
      assert.deepEqual(of(0), [...tree.pages[cat]!].sort(), `${cat} pages`);
      assert.deepEqual(of(6), [...tree.files[cat]!].sort(), `${cat} files`);
      todo.push(...of(14));
    }
    assert.ok(seen.length >= 3, `a hierarchy of ${seen.length} levels`);
    const titles = Object.keys(wiki.facts.pageLinks);
    const r = list(await api.all({ action: 'query', prop: 'links', titles: titles.join('|'), pllimit: 'max' }), 'pages');
    const links: Record<string, string[]> = {};
    for (const p of r) links[p.title] = [...(links[p.title] ?? []), ...(p.links ?? []).map((l: Json) => l.title)];
    for (const t of titles) assert.deepEqual((links[t] ?? []).sort(), [...wiki.facts.pageLinks[t]!].sort(), t);
  });

  test('full-text search finds the expected pages', async () => {
    const { term, textHits } = wiki.facts.search;
    const r = await api.get({ action: 'query', list: 'search', srsearch: term, srwhat: 'text', srinfo: 'totalhits', srlimit: 10 });
    assert.equal(r.query.searchinfo.totalhits, textHits);
    const all = list(
      await api.all({ action: 'query', list: 'search', srsearch: term, srwhat: 'text', srlimit: 'max', srinfo: '', srprop: '' }),
      'search',
    );
    assert.equal(all.length, textHits);
  });

  test('allusers lists the accounts', async () => {
    const users = list(await api.all({ action: 'query', list: 'allusers', aulimit: 'max' }), 'allusers').map((u) => u.name);
    assert.deepEqual(users, wiki.facts.allUsers);
    for (const u of wiki.facts.users) assert.ok(users.includes(u), u);
  });

  test('list=allpagez gives warning unrecognizedvalues', async () => {
    const r = await api.get({ action: 'query', list: 'allpagez', errorformat: 'plaintext' });
    assert.ok(Array.isArray(r.warnings), JSON.stringify(r));
    assert.ok(
      r.warnings.some((w: Json) => w.code === 'unrecognizedvalues' && w.module === 'query'),
      JSON.stringify(r.warnings),
    );
  });

  test('bot password login succeeds and gives high limits', async () => {
    const bot = new Session(wiki.endpoint);
    const tok = await bot.get({ action: 'query', meta: 'tokens', type: 'login' });
    const r = await bot.post({ action: 'login', lgname: wiki.botUser, lgpassword: wiki.botPassword, lgtoken: tok.query.tokens.logintoken });
    assert.equal(r.login.result, 'Success', JSON.stringify(r));
    assert.equal(r.login.lgusername, 'Admin');
    const ui = await bot.get({ action: 'query', meta: 'userinfo', uiprop: 'rights' });
    assert.ok(ui.query.userinfo.rights.includes('apihighlimits'));
    const one = await bot.get({ action: 'query', list: 'allpages', aplimit: 'max', apnamespace: 0 });
    assert.equal(one.query.allpages.length, wiki.facts.mainPages, 'apihighlimits: one request');

    const bad = await new Session(wiki.endpoint).post({
      action: 'login',
      lgname: wiki.botUser,
      lgpassword: 'wrong',
      lgtoken: tok.query.tokens.logintoken,
    });
    assert.notEqual(bad.login.result, 'Success');
  });

  test('two wikis can run side by side', async () => {
    const other = await startTestWiki();
    try {
      assert.notEqual(other.port, wiki.port);
      assert.notEqual(other.runDir, wiki.runDir);
      const a = await new Session(other.endpoint).get({ action: 'query', meta: 'siteinfo' });
      assert.equal(a.query.general.server, `http://127.0.0.1:${other.port}`);
    } finally {
      await other.stop();
    }
    assert.equal(await portOpen(other.port), false);
    const b = await api.get({ action: 'query', meta: 'siteinfo' });
    assert.equal(b.query.general.sitename, wiki.facts.siteName, 'the first wiki still answers');
  });

  test('stop() closes the port and leaves nothing running', async () => {
    const { port, runDir } = wiki;
    assert.equal(await portOpen(port), true);
    assert.ok(serverProcesses(port).length >= 1);
    await wiki.stop();
    assert.equal(await portOpen(port), false);
    assert.deepEqual(serverProcesses(port), []);
    assert.equal(fs.existsSync(runDir), false);
    await wiki.stop(); // idempotent
  });
});
