// The per-endpoint memory of content answers (common/src/content/contentCache.ts):
// only unseen or stale values are asked again; values the wiki was not asked
// about are remembered as unknown; endpoints are apart; the oldest go first.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ContentFactsCache, isEmptyQuestions } from '../../common/src/content/contentCache';
import { emptyAnswers, type ContentAnswers, type ContentQuestions } from '../../common/src/content/contentTypes';

const q = (titles: string[], users: string[] = []): ContentQuestions => ({ titles, pageids: [], revids: [], users });
/** The records as plain objects (answers' records have no prototype, so that `__proto__` is only a key). */
const plain = (a: ContentAnswers) => ({
  titles: { ...a.titles },
  pageids: { ...a.pageids },
  revids: { ...a.revids },
  users: { ...a.users },
});
const none = plain(emptyAnswers());

describe('content facts cache', () => {
  it('asks only about values not answered within the time-to-live', () => {
    let now = 1000;
    const cache = new ContentFactsCache({ ttlMs: 300_000, now: () => now });
    const e = 'https://a/api.php';
    assert.deepEqual(cache.unanswered(e, q(['A', 'B', 'A'])), q(['A', 'B']));
    cache.store(e, q(['A', 'B']), { ...emptyAnswers(), titles: { A: { missing: true } } });
    assert.ok(isEmptyQuestions(cache.unanswered(e, q(['A', 'B']))), 'B was asked: remembered as unknown');
    assert.deepEqual(cache.unanswered(e, q(['A', 'C'])), q(['C']));
    assert.deepEqual(plain(cache.answers(e, q(['A', 'B']))), { ...none, titles: { A: { missing: true } } });
    assert.deepEqual(plain(cache.known(e)), { ...none, titles: { A: { missing: true } } });
    assert.equal(cache.known(e), cache.known(e), 'the same object until something is stored');
    assert.deepEqual(cache.unanswered('https://b/api.php', q(['A'])), q(['A']), 'another endpoint knows nothing');
    now += 300_000;
    assert.deepEqual(cache.unanswered(e, q(['A'])), q(['A']), 'stale after the time-to-live');
    cache.forget(e);
    assert.deepEqual(plain(cache.answers(e, q(['A']))), none);
    assert.deepEqual(plain(cache.known(e)), none);
  });

  it('keeps at most maxValues per kind, dropping the oldest; `__proto__` is only a key', () => {
    const cache = new ContentFactsCache({ maxValues: 2 });
    const e = 'e';
    cache.store(e, q(['A', 'B', 'C']), emptyAnswers());
    assert.deepEqual(cache.unanswered(e, q(['A', 'B', 'C'])), q(['A']));
    const answers = emptyAnswers();
    Object.defineProperty(answers.titles, '__proto__', { value: { missing: true }, enumerable: true });
    cache.store(e, q(['__proto__']), answers);
    const got = cache.answers(e, q(['__proto__', 'toString']));
    assert.deepEqual(Object.keys(got.titles), ['__proto__']);
    assert.equal(Object.getPrototypeOf(got.titles), null);
    assert.equal(got.titles.toString, undefined, 'no inherited keys');
  });
});
