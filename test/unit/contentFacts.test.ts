// Reading the wiki's answers about titles, ids and users (common/src/content/
// fetchContent.ts): asked values mapped back through `normalized` and
// `redirects`, formatversion 1 and 2 shapes, and hostile answers (wrong types,
// `__proto__`) that must neither crash it nor leak into other keys. The real
// wiki's answers: test/live/content.test.ts.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalUserName, pageIdFacts, revIdFacts, sendable, titleFacts, userFacts } from '../../common/src/content/fetchContent';

describe('content facts from answers', () => {
  it('titles: asked → normalised → redirect target; invalid reasons in both error formats', () => {
    const query = {
      normalized: [
        { from: 'page_1', to: 'Page 1' },
        { from: 'redir', to: 'Redir' },
      ],
      redirects: [{ from: 'Redir', to: 'Target' }],
      pages: [
        { title: 'Page 1', pageid: 7 },
        { title: 'Target', pageid: 9 },
        { title: 'Gone', missing: true },
        { title: 'Bad[', invalid: true, invalidreason: { code: 'title-invalid-characters', text: 'invalid characters' } },
        { title: 'Bad]', invalid: '', invalidreason: 'as a string' },
      ],
    };
    assert.deepEqual(titleFacts(['page_1', 'redir', 'Gone', 'Bad[', 'Bad]', 'Unasked'], query), {
      page_1: { normalized: 'Page 1', pageid: 7 },
      redir: { normalized: 'Redir', redirectTo: 'Target' },
      Gone: { missing: true },
      'Bad[': { invalid: 'invalid characters' },
      'Bad]': { invalid: 'as a string' },
    });
    // formatversion 1: pages keyed by id, markers as "".
    assert.deepEqual(titleFacts(['X'], { pages: { '-1': { title: 'X', missing: '' } } }), { X: { missing: true } });
  });

  it('hostile answers: wrong types ignored, no crash, `__proto__` only a key', () => {
    for (const query of [
      {},
      { pages: 5 },
      { pages: [null, 1, 'x', { title: 3 }] },
      { normalized: 'x', redirects: [{ from: 1, to: {} }] },
      { users: { name: 'A' } },
      { badrevids: 'x' },
    ]) {
      assert.deepEqual(titleFacts(['A'], query as any), {});
      assert.deepEqual(pageIdFacts(['1'], query as any), {});
      assert.deepEqual(revIdFacts(['1'], query as any), {});
      assert.deepEqual(userFacts(['A'], query as any), {});
    }
    const facts = titleFacts(['__proto__'], JSON.parse('{"pages":[{"title":"__proto__","missing":true}]}'));
    assert.deepEqual(Object.keys(facts), ['__proto__']);
    assert.equal(Object.getPrototypeOf(facts), Object.prototype);
    assert.equal(({} as any).missing, undefined);
    assert.deepEqual(titleFacts(['A'], { pages: [{ title: 'A', pageid: 1e300 }] }), { A: {} });
  });

  it('page ids, revision ids (badrevids keyed or listed), users by their canonical name', () => {
    assert.deepEqual(
      pageIdFacts(['006', '9'], {
        pages: [
          { pageid: 6, title: 'P' },
          { pageid: 9, missing: true },
        ],
      }),
      { '006': { title: 'P' }, '9': { missing: true } },
    );
    assert.deepEqual(
      revIdFacts(['5', '6', '7'], { badrevids: { '6': { revid: 6, missing: true } }, pages: [{ title: 'P', revisions: [{ revid: 5 }] }] }),
      { '5': { title: 'P' }, '6': { missing: true } },
    );
    assert.deepEqual(revIdFacts(['0'], { badrevids: [{ revid: 0, missing: true }] }), { '0': { missing: true } });
    assert.deepEqual(
      userFacts(['alice_b', 'Nope', '1.2.3.4'], {
        users: [
          { name: 'Alice b', userid: 2 },
          { name: 'Nope', missing: true },
          { name: '1.2.3.4', invalid: true },
        ],
      }),
      {
        alice_b: { normalized: 'Alice b' },
        Nope: { missing: true },
        '1.2.3.4': { invalid: true },
      },
    );
    assert.equal(canonicalUserName('  bob__smith '), 'Bob smith');
  });

  it('values that cannot be batched are not sent', () => {
    assert.equal(sendable('Page 1'), true);
    for (const bad of ['A|B', 'tab\there', 'x\u001fy', '', '   ', 'x'.repeat(301)]) assert.equal(sendable(bad), false, JSON.stringify(bad));
  });
});
