// Wikimedia's sitematrix read into open wikis, hostile answers bounded, and selectors matched against it.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { MAX_MATRIX_SITES, readSitematrix, selectWikis } from '../../common/src/runner/sitematrix';
import { MAX_WIKIS } from '../../common/src/endpointsList';

const fixture = readFileSync(path.join(__dirname, '..', 'fixtures', 'sitematrix.json'), 'utf8')
  .replace(/ALPHA/g, 'de.wikipedia.org')
  .replace(/BETA/g, 'fr.wikipedia.org')
  .replace(/GAMMA/g, 'en.wikipedia.org')
  .replace(/DOWN/g, 'closed.example');
const matrix = readSitematrix(JSON.parse(fixture));

describe('sitematrix: reading', () => {
  it('keeps the open wikis, with api.php beside their origin', () => {
    assert.deepEqual(
      matrix.wikis.map((w) => [w.dbname, w.host, w.endpoint, w.code, w.lang]),
      [
        ['dewiki', 'de.wikipedia.org', 'http://de.wikipedia.org/w/api.php', 'wiki', 'de'],
        ['frwiki', 'fr.wikipedia.org', 'http://fr.wikipedia.org/w/api.php', 'wiki', 'fr'],
        ['enwiki', 'en.wikipedia.org', 'http://en.wikipedia.org/w/api.php', 'wiki', 'en'],
      ],
    );
  });

  it('skips closed, private and fishbowl wikis, and refuses non-http URLs, credentials and control characters', () => {
    assert.equal(matrix.skipped, 4);
    assert.equal(matrix.refused, 3);
    const text = JSON.stringify(matrix.wikis);
    assert.doesNotMatch(text, /hunter2|javascript|\u001b/);
  });

  it('reads formatversion 1 flags (closed: "") as closed', () => {
    const m = readSitematrix({
      sitematrix: { 0: { code: 'de', site: [{ url: 'https://de.wikipedia.org', dbname: 'dewiki', code: 'wiki', closed: '' }] } },
    });
    assert.deepEqual([m.wikis.length, m.skipped], [0, 1]);
  });

  it('reads at most MAX_MATRIX_SITES sites of a huge answer, and says it stopped', () => {
    const site = (i: number) => ({ url: `https://w${i}.example.org`, dbname: `w${i}wiki`, code: 'wiki' });
    const languages: Record<string, unknown> = {};
    for (let i = 0; i < MAX_MATRIX_SITES + 500; i++) languages[String(i)] = { code: `l${i}`, site: [site(i)] };
    const m = readSitematrix({ sitematrix: languages });
    assert.equal(m.wikis.length, MAX_MATRIX_SITES);
    assert.equal(m.truncated, true);
    // Every Wikipedia of it is selected, but no more than MAX_WIKIS.
    assert.equal(selectWikis(m, ['wikipedia']).targets.length, MAX_WIKIS);
  });

  it('gives nothing for answers that are not a sitematrix', () => {
    for (const json of [null, 'text', { sitematrix: 3 }, { sitematrix: { 0: { site: 'x' }, specials: 'y' } }, { error: {} }])
      assert.deepEqual(readSitematrix(json).wikis, []);
    const deep: Record<string, unknown> = { code: 'de', site: [{ url: { deep: [[[[]]]] }, dbname: 'x', code: 'wiki' }] };
    assert.equal(readSitematrix({ sitematrix: { 0: deep } }).refused, 1);
  });
});

describe('sitematrix: selectors', () => {
  const select = (...words: string[]) => selectWikis(matrix, words);

  it('a family is every open wiki of it', () => {
    assert.deepEqual(
      select('wikipedia').targets.map((t) => t.wiki),
      ['de.wikipedia.org', 'fr.wikipedia.org', 'en.wikipedia.org'],
    );
  });

  it('hosts, database names and language codes, each wiki once, in the order given', () => {
    const { targets, unknown } = select('en.wikipedia.org', 'dewiki', 'fr', 'de', 'zz');
    assert.deepEqual(
      targets.map((t) => [t.wiki, t.endpoint]),
      [
        ['en.wikipedia.org', 'http://en.wikipedia.org/w/api.php'],
        ['de.wikipedia.org', 'http://de.wikipedia.org/w/api.php'],
        ['fr.wikipedia.org', 'http://fr.wikipedia.org/w/api.php'],
      ],
    );
    assert.deepEqual(unknown, ['zz']);
  });

  it('a closed wiki named on its own is unknown, not run', () => {
    assert.deepEqual(select('dewiktionary', 'xxwiki'), { targets: [], unknown: ['dewiktionary', 'xxwiki'] });
  });
});
