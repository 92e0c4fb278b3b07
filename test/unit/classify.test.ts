// classify(): what one HTTP answer means, from literal answers (no network).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asksForText, classify, depthExceeds, parseRetryAfter, textAnswer, textAnswerSentence } from '../../common/src/runner/classify';

describe('classify', () => {
  it('HTTP 429 with Retry-After and a text body: busy, the wait asked, the text', () => {
    assert.deepEqual(classify(429, { 'retry-after': '7' }, 'Too many requests'), {
      kind: 'busy',
      reason: 'http-429',
      status: 429,
      retryAfterSeconds: 7,
      excerpt: 'Too many requests',
    });
  });

  it("a maxlag API error (HTTP 200): busy, MediaWiki's text, 5 s without Retry-After", () => {
    const body = '{"errors":[{"code":"maxlag","text":"Waiting for db1: 7 seconds lagged."}],"docref":"x"}';
    assert.deepEqual(classify(200, {}, body), {
      kind: 'busy',
      reason: 'maxlag',
      status: 200,
      retryAfterSeconds: 5,
      apiText: 'Waiting for db1: 7 seconds lagged.',
    });
    assert.equal((classify(200, { 'retry-after': '2' }, body) as { retryAfterSeconds: number }).retryAfterSeconds, 2);
  });

  it("JSON that stops mid-way: truncated (retried), with the parser's reason and the size", () => {
    const c = classify(200, {}, '{"batchcomplete":true,"query":{"allpages":[{"title":"A');
    assert.equal(c.kind, 'truncated');
    assert.deepEqual({ ...c, parseError: undefined }, { kind: 'truncated', status: 200, bytes: 54, parseError: undefined });
    assert.match((c as { parseError: string }).parseError, /JSON/);
    assert.equal(classify(200, {}, '{"a":').kind, 'truncated');
  });

  it('complete but invalid JSON: final (not-json), never retried, no body text in the reason', () => {
    assert.deepEqual(classify(200, {}, '{"a": nope}'), { kind: 'not-json', status: 200, excerpt: '{"a": nope}' });
    assert.equal(classify(200, {}, '{"a":1}x').kind, 'not-json');
  });

  it('HTML 503 with Retry-After: busy, the page as plain text', () => {
    const html = '<html><head><title>Service Unavailable</title><style>p{}</style></head><body><p>Our servers are busy.</p></body></html>';
    assert.deepEqual(classify(503, { 'retry-after': '120' }, html), {
      kind: 'busy',
      reason: 'http-503',
      status: 503,
      retryAfterSeconds: 120,
      excerpt: 'Service Unavailable\nOur servers are busy.',
    });
  });

  it('an API answer: ok, with its messages; an API error is data', () => {
    const c = classify(200, {}, '{"errors":[{"code":"badvalue","text":"Bad."}]}');
    assert.equal(c.kind, 'ok');
    assert.deepEqual(
      (c as { messages: { errors: { code: string }[] } }).messages.errors.map((e) => e.code),
      ['badvalue'],
    );
  });

  it('an answer nested 10,000 deep: too-deep (final), no stack overflow', () => {
    const body = '['.repeat(10_000) + ']'.repeat(10_000);
    assert.deepEqual(classify(200, {}, '{"a":' + body + '}'), { kind: 'too-deep', status: 200, bytes: 20_006 });
    assert.equal(depthExceeds({ a: { b: [1] } }, 3), false);
    assert.equal(depthExceeds({ a: { b: [[1]] } }, 3), true);
  });

  it('depth: the deep branch found wherever it is (first row, a middle key, under "__proto__"), exactly the limit accepted', () => {
    const rows = (deepAt: number) =>
      Array.from({ length: 500 }, (_, i) => ({ pageid: i, ns: 0, title: `P${i}`, ...(i === deepAt ? { x: [[[{}]]] } : {}) }));
    // {query: {allpages: [ {x: [[[{}]]]} ]}}: 8 levels.
    for (const at of [0, 250, 499]) {
      assert.equal(depthExceeds({ query: { allpages: rows(at) } }, 7), true, `row ${at}`);
      assert.equal(depthExceeds({ query: { allpages: rows(at) } }, 8), false, `row ${at}`);
    }
    assert.equal(depthExceeds({ query: { allpages: rows(-1) } }, 4), false);
    assert.equal(depthExceeds({ query: { allpages: rows(-1) } }, 3), true);
    assert.equal(depthExceeds({ a: 1, b: { c: [] }, d: 'x' }, 3), false);
    assert.equal(depthExceeds({ a: 1, b: { c: [{}] }, d: 'x' }, 3), true);
    assert.equal(depthExceeds(JSON.parse('{"__proto__":[[[1]]]}'), 3), true);
    assert.equal(depthExceeds(JSON.parse('{"__proto__":[[1]]}'), 3), false);
    assert.equal(depthExceeds([], 0), true);
    assert.equal(depthExceeds('text', 0), false);
  });

  it('Retry-After as an HTTP date, and unreadable', () => {
    assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), 10);
    assert.equal(parseRetryAfter('soon'), undefined);
  });
});

describe('classify: answers that are not JSON by design (feeds, rsd)', () => {
  const rss = '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>W - Recent changes</title></channel></rss>';

  it('an XML Content-Type: a text answer (never a parse error), its format read from the first element', () => {
    const outcome = classify(200, { 'content-type': 'application/xml; charset=UTF-8' }, rss);
    assert.deepEqual(outcome, { kind: 'text', status: 200, bytes: Buffer.byteLength(rss), body: rss, format: 'RSS' });
    assert.equal(
      (classify(200, { 'content-type': 'application/rsd+xml' }, '<?xml version="1.0"?><rsd version="1.0">') as { format: string }).format,
      'RSD',
    );
    assert.equal(
      (classify(200, { 'content-type': 'text/xml' }, '<feed xmlns="http://www.w3.org/2005/Atom">') as { format: string }).format,
      'Atom',
    );
  });

  it('a request that asked for a feed (feedformat): text whatever the Content-Type', () => {
    assert.equal(asksForText(['action', 'feedformat']), true);
    assert.equal(asksForText(['action', 'format', 'list']), false);
    assert.equal(classify(200, {}, rss, Date.now(), true).kind, 'text');
    assert.equal(classify(200, {}, rss).kind, 'not-json');
  });

  it('HTML, or XML with an error status, is still not JSON; JSON with an XML Content-Type is still JSON', () => {
    assert.equal(classify(200, { 'content-type': 'text/html' }, '<!DOCTYPE html><html>').kind, 'not-json');
    assert.equal(classify(500, { 'content-type': 'application/xml' }, rss).kind, 'not-json');
    assert.equal(classify(200, { 'content-type': 'application/xml' }, '{"a":1}').kind, 'ok');
  });

  it('the text part: one sentence, the format and the body as sent', () => {
    const outcome = classify(200, { 'content-type': 'application/xml' }, rss);
    assert.equal(outcome.kind, 'text');
    const answer = textAnswer(outcome as Extract<typeof outcome, { kind: 'text' }>);
    assert.equal(answer.text.sentence, `The wiki answered an RSS feed, not JSON (${Buffer.byteLength(rss)} bytes): shown as text.`);
    assert.equal(answer.text.body, rss);
    assert.equal(textAnswerSentence('RSD', 2048), 'The wiki answered an RSD document (XML), not JSON (2 KiB): shown as text.');
  });
});
