// `mwq catalogue --diff A B` between the two test wikis: MediaWiki 1.39 and
// 1.43 (this run's release and the other one), both real, both on loopback.
// What the diff must list are the releases' real differences (releaseFacts.ts):
// Echo's modules, Gadgets' namespaces, parameters 1.43 added.
//
// Run: npm run build && node --import tsx --test test/live/catalogueDiff.test.ts

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chosenRelease, MEDIAWIKI_RELEASES, startTestWiki, type TestWiki } from '../wiki/testWiki';
import { mwq } from './liveHelpers';

const here = chosenRelease();
const other = MEDIAWIKI_RELEASES.find((r) => r !== here)!;
let wikis: Record<'1.39' | '1.43', TestWiki>;
let tmp: string;

before(async () => {
  const [a, b] = await Promise.all([startTestWiki({ mediawiki: here }), startTestWiki({ mediawiki: other })]);
  wikis = { [here]: a, [other]: b } as Record<'1.39' | '1.43', TestWiki>;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-diff-'));
});
after(async () => {
  await Promise.all(Object.values(wikis ?? {}).map((w) => w.stop()));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe(`mwq catalogue --diff between MediaWiki 1.39 and 1.43 (run on ${here})`, () => {
  it('from 1.39 to 1.43: Echo and Linter modules added, Gadget namespaces removed, new parameters of core modules', async () => {
    const r = await mwq(['catalogue', '--diff', wikis['1.39'].endpoint, wikis['1.43'].endpoint], { MWQ_CACHE_DIR: tmp });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    const side = (mark: string, wiki: TestWiki) => `${mark}: the catalogue of 127.0.0.1:${wiki.port} (fetched `;
    assert.ok(
      lines[0]!.startsWith(side('--- A', wikis['1.39'])) && lines[0]!.endsWith(`), MediaWiki ${wikis['1.39'].facts.mediawikiVersion}`),
      lines[0],
    );
    assert.ok(
      lines[1]!.startsWith(side('+++ B', wikis['1.43'])) && lines[1]!.endsWith(`), MediaWiki ${wikis['1.43'].facts.mediawikiVersion}`),
      lines[1],
    );
    for (const line of ['+ meta=notifications', '+ list=linterrors', '- namespace 2300 Gadget', '- namespace 2302 Gadget definition'])
      assert.ok(lines.includes(line), `${line}\n${r.stdout}`);
    // A parameter 1.43 added to a core module, under its module.
    const allusers = lines.indexOf('~ list=allusers');
    assert.ok(allusers > 0, r.stdout);
    assert.ok(lines.slice(allusers + 1).findIndex((l) => l === '    + auexcludenamed') >= 0);
    assert.match(
      r.stderr,
      /^mwq catalogue: [1-9]\d* modules added, 0 removed, [1-9]\d* changed \(\d+ parameters added, removed or changed\); 0 namespaces added, 4 removed\n$/,
    );
  });

  it('the other way round, with a catalogue file as A and --json: the same differences, reversed', async () => {
    const file = path.join(tmp, 'newer.json');
    const written = await mwq(['catalogue', '--endpoint', wikis['1.43'].endpoint, '-o', file], { MWQ_CACHE_DIR: tmp });
    assert.equal(written.code, 0, written.stderr);
    const r = await mwq(['catalogue', '--diff', file, wikis['1.39'].endpoint, '--json'], { MWQ_CACHE_DIR: tmp });
    assert.equal(r.code, 0, r.stderr);
    const diff = JSON.parse(r.stdout);
    assert.equal(diff.a.generator, `MediaWiki ${wikis['1.43'].facts.mediawikiVersion}`);
    assert.equal(diff.b.generator, `MediaWiki ${wikis['1.39'].facts.mediawikiVersion}`);
    assert.ok(diff.modulesRemoved.includes('meta=notifications'));
    assert.deepEqual(diff.modulesAdded, []);
    assert.ok(diff.namespacesAdded.includes('2300 Gadget'));
    const allusers = diff.modulesChanged.find((m: { module: string }) => m.module === 'list=allusers');
    assert.ok(allusers.paramsRemoved.includes('auexcludenamed'));
  });

  it('a wiki against itself (endpoint and its own file): no differences', async () => {
    const file = path.join(tmp, 'same.json');
    assert.equal((await mwq(['catalogue', '--endpoint', wikis[here].endpoint, '-o', file], { MWQ_CACHE_DIR: tmp })).code, 0);
    const r = await mwq(['catalogue', '--diff', file, wikis[here].endpoint], { MWQ_CACHE_DIR: tmp });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\(no differences in the query modules and their parameters\)\n$/);
  });

  it('usage errors: one side missing, a file that is not a catalogue, --diff with --endpoint', async () => {
    const one = await mwq(['catalogue', '--diff', wikis[here].endpoint]);
    assert.equal(one.code, 2);
    assert.match(one.stderr, /--diff needs two catalogues, an endpoint or a file each \(got 1\)/);
    const notCatalogue = path.join(tmp, 'not.json');
    fs.writeFileSync(notCatalogue, '{"x":1}');
    const bad = await mwq(['catalogue', '--diff', notCatalogue, wikis[here].endpoint]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /is not a catalogue file \(mwq catalogue -o writes them\)/);
    const mixed = await mwq(['catalogue', '--diff', '--endpoint', wikis[here].endpoint, notCatalogue, notCatalogue]);
    assert.equal(mixed.code, 2);
    const gone = await mwq(['catalogue', '--diff', 'http://127.0.0.1:9/api.php', wikis[here].endpoint, '--timeout', '5']);
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /^mwq catalogue: /);
  });
});
