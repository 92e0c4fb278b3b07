// Which keys of a `continue` go into the next request (common/src/runner/continueKeys.ts).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { droppedContinueWarning, filterContinue } from '../../common/src/runner/continueKeys';
import { continueDigest } from '../../common/src/runner/continueValues';

const params = (text: string) => [...new URLSearchParams(text)].map(([name, value]) => ({ name, value }));

describe('filterContinue', () => {
  it("keeps continue and every …continue key, drops the runner's and the query's own parameters", () => {
    const r = filterContinue(
      {
        apcontinue: 'B',
        continue: '-||',
        action: 'edit',
        format: 'php',
        formatversion: '1',
        errorformat: 'html',
        origin: '*',
        titles: 'Injected',
        list: 'users',
        rawcontinue: '1',
      },
      params('list=allpages&titles=X'),
    );
    assert.deepEqual(r.kept, { apcontinue: 'B', continue: '-||' });
    assert.deepEqual(r.dropped, ['action', 'format', 'formatversion', 'errorformat', 'origin', 'titles', 'list', 'rawcontinue']);
  });

  it("keeps a generator's and a prop module's continuation (gapcontinue, clcontinue, rvcontinue)", () => {
    const r = filterContinue(
      { gapcontinue: 'C', clcontinue: '12|Cat', rvcontinue: '20240101|5', continue: 'gapcontinue||' },
      params('generator=allpages&prop=categories|revisions'),
    );
    assert.deepEqual(r.dropped, []);
  });

  it('keeps from/offset/start/prop/users only for the module that continues with it', () => {
    assert.deepEqual(filterContinue({ sroffset: '10', continue: '-||' }, params('list=search&srsearch=a')).dropped, []);
    assert.deepEqual(filterContinue({ gsroffset: '10', continue: 'gsroffset||' }, params('generator=search&gsrsearch=a')).dropped, []);
    assert.deepEqual(filterContinue({ aufrom: 'Bob', continue: '-||' }, params('list=allusers&aufrom=A')).dropped, []);
    assert.deepEqual(filterContinue({ iistart: '2024', continue: '||' }, params('prop=imageinfo&titles=File:X')).dropped, []);
    assert.deepEqual(
      filterContinue({ siprop: 'namespaces', continue: '-||' }, params('meta=siteinfo&siprop=general|namespaces')).dropped,
      [],
    );
    assert.deepEqual(filterContinue({ ususers: 'C|D', continue: '-||' }, params('list=users&ususers=A|B|C|D')).dropped, []);
    // U+001F-separated module values are read too.
    assert.deepEqual(filterContinue({ sroffset: '10' }, params('list=%1Fallpages%1Fsearch')).dropped, []);
    // Not for another module, nor the generator's form for a list.
    assert.deepEqual(filterContinue({ aufrom: 'Bob', sroffset: '10' }, params('list=allpages')).dropped, ['aufrom', 'sroffset']);
    assert.deepEqual(filterContinue({ gsroffset: '10' }, params('list=search')).dropped, ['gsroffset']);
    // A module's non-continuation parameters are never taken, even when they end like one.
    assert.deepEqual(
      filterContinue(
        { rcstart: '2020', rvprop: 'content', cmtype: 'file', rccontinue: 'x' },
        params('list=recentchanges|categorymembers&prop=revisions'),
      ).dropped,
      ['rcstart', 'rvprop', 'cmtype'],
    );
  });

  it('an inherited name (__proto__, constructor) is not a module', () => {
    const r = filterContinue({ constructorfrom: 'x', __proto__from: 'y' }, params('list=constructor|__proto__'));
    assert.equal(Object.keys(r.kept).length, 0);
  });

  it('the warning names the keys, never their values, and at most ten of them', () => {
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    const w = droppedContinueWarning(keys, 'answer');
    assert.equal(w.severity, 'warning');
    assert.match(w.text, /^The wiki's continue named k0, k1, .*k9 and 2 more, which are not/);
    assert.doesNotMatch(droppedContinueWarning(['titles'], 'saved position').text, /Injected/);
  });
});

describe('continueDigest', () => {
  it('is the sorted pairs as JSON while short (key order ignored, quotes and commas in values kept apart), a hash above 256 characters', () => {
    const cases: Record<string, string>[] = [
      { continue: '-||', apcontinue: 'B' },
      { apcontinue: 'B', continue: '-||' },
      { a: '"],["b', b: 'x' },
      { 'a"],["b': 'x' },
      {},
    ];
    for (const cont of cases) {
      const keys = Object.keys(cont).sort();
      assert.equal(continueDigest(cont), JSON.stringify(keys.map((k) => [k, cont[k]])));
    }
    assert.equal(continueDigest(cases[0]!), continueDigest(cases[1]!));
    assert.notEqual(continueDigest(cases[2]!), continueDigest(cases[3]!));
    const long = continueDigest({ continue: '-||', rvcontinue: 'x'.repeat(300) });
    assert.match(long, /^\d+:[0-9a-f]{32}$/);
    assert.notEqual(long, continueDigest({ continue: '-||', rvcontinue: `${'x'.repeat(299)}y` }));
  });
});
