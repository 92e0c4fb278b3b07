// The server's cache of live values for completion (server/src/content/liveValueCache.ts):
// typing does not send a request per keystroke.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LiveValuesAnswer, LiveValuesQuestion } from '../../common/src/content/contentTypes';
import { LiveValueCache, REQUEST_GAP_MS } from '../../server/src/content/liveValueCache';

const E = 'https://wiki.example/w/api.php';
const title = (prefix: string, namespace = 0): LiveValuesQuestion => ({ kind: 'title', prefix, namespace });

function setup(answer: (q: LiveValuesQuestion) => LiveValuesAnswer | null) {
  let now = 1_000_000;
  const asked: LiveValuesQuestion[] = [];
  const cache = new LiveValueCache(
    async (_endpoint, q) => {
      asked.push(q);
      return answer(q);
    },
    () => now,
  );
  return { cache, asked, advance: (ms: number) => (now += ms) };
}

const values = (a: LiveValuesAnswer | null | undefined) => a?.values.map((v) => v.value);

describe('live value cache', () => {
  it('answers a longer prefix of a complete answer without asking', async () => {
    const { cache, asked, advance } = setup(() => ({
      values: [{ value: 'Category:Even' }, { value: 'Category:Evil' }, { value: 'Category:Ever' }],
      incomplete: false,
    }));
    assert.deepEqual(values(await cache.get(E, title('Ev', 14))), ['Category:Even', 'Category:Evil', 'Category:Ever']);
    advance(REQUEST_GAP_MS + 1);
    assert.deepEqual(values(await cache.get(E, title('Eve', 14))), ['Category:Even', 'Category:Ever'], 'compared after the namespace name');
    assert.deepEqual(values(await cache.get(E, title('even', 14))), ['Category:Even'], 'letter case aside');
    assert.equal(asked.length, 1);
    assert.deepEqual(values(cache.cached(E, title('Evi', 14))), ['Category:Evil'], 'the synchronous path says the same');
  });

  it('asks again for a longer prefix of an incomplete answer, but not within the gap', async () => {
    const { cache, asked, advance } = setup((q) => ({
      values: [{ value: `Page ${q.prefix}1` }, { value: `Page ${q.prefix}2` }],
      incomplete: true,
    }));
    await cache.get(E, title('P'));
    const quick = await cache.get(E, title('Pa'));
    assert.equal(asked.length, 1, 'a keystroke right after a request sends none');
    assert.equal(quick?.incomplete, true, 'and says so, so the editor asks again on the next keystroke');
    advance(REQUEST_GAP_MS + 1);
    await cache.get(E, title('Pag'));
    assert.equal(asked.length, 2, 'after the gap, a longer prefix of an incomplete answer is asked');
  });

  it('keeps answers for their time-to-live, per wiki, kind and namespace', async () => {
    const { cache, asked, advance } = setup(() => ({ values: [{ value: 'Alice' }], incomplete: false }));
    await cache.get(E, { kind: 'user', prefix: 'A' });
    await cache.get(E, { kind: 'user', prefix: 'A' });
    assert.equal(asked.length, 1);
    advance(REQUEST_GAP_MS + 1);
    await cache.get('https://other.example/w/api.php', { kind: 'user', prefix: 'A' });
    await cache.get(E, title('A'));
    await cache.get(E, title('A', 10));
    assert.equal(asked.length, 4, 'another wiki, kind or namespace is asked');
    advance(5 * 60_000);
    await cache.get(E, { kind: 'user', prefix: 'A' });
    assert.equal(asked.length, 5, 'asked again after the time-to-live');
  });

  it('shares one request between completions that wait for it, and keeps no refusal', async () => {
    let release: (a: LiveValuesAnswer | null) => void = () => {};
    const asked: LiveValuesQuestion[] = [];
    const cache = new LiveValueCache(
      (_e, q) => {
        asked.push(q);
        return new Promise((r) => (release = r));
      },
      () => 0,
    );
    const first = cache.get(E, title('X'));
    const second = cache.get(E, title('X'));
    release(null);
    assert.equal(await first, null);
    assert.equal(await second, null);
    assert.equal(asked.length, 1);
    assert.equal(cache.cached(E, title('X')), undefined, 'a refusal is not an answer');
  });
});

describe('live value cache: refusals', () => {
  it('does not ask a wiki again soon after it refused', async () => {
    const { cache, asked, advance } = setup(() => null);
    assert.equal(await cache.get(E, title('A')), null);
    advance(REQUEST_GAP_MS + 1);
    assert.equal(await cache.get(E, title('B')), null);
    assert.equal(asked.length, 1, 'refused: not asked again at the next keystroke');
    assert.equal(cache.refused(E), true);
    advance(30_000);
    await cache.get(E, title('B'));
    assert.equal(asked.length, 2, 'asked again after a while');
  });
});
