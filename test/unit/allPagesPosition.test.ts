// Where an editor's "All pages" run had got to (client/src/run/allPagesPosition.ts,
// kept on disk by runPositions.ts): the position's text read back or refused,
// whether going on is offered, no secret written, and the rows kept exactly.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  keepableContinue,
  parsePosition,
  positionIdentity,
  readRows,
  resumeOfferFor,
  resumeQuestion,
  type RunPosition,
} from '../../client/src/run/allPagesPosition';
import { RunPositions } from '../../client/src/run/runPositions';
import type { PreparedRequest } from '../../common/src/runner/request';
import { redactorFor } from '../../common/src/redact';

function request(params: Record<string, string>, endpoint = 'https://wiki.example/w/api.php', sensitive: string[] = []): PreparedRequest {
  return {
    endpoint,
    endpointSensitive: false,
    params: Object.entries(params).map(([name, value]) => ({ name, value, sensitive: sensitive.includes(name) })),
    query: { name: 'q', index: 0, firstLine: 0 },
    notes: [],
  };
}

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'mwq-positions-'));
  dirs.push(d);
  return d;
}

const allpages = request({ action: 'query', list: 'allpages', aplimit: '5' });

function position(over: Partial<RunPosition> = {}): RunPosition {
  return {
    version: 1,
    owner: 'earlier-window',
    ...positionIdentity(allpages),
    continue: { apcontinue: 'Page_0011', continue: '-||' },
    rows: 10,
    bytes: 200,
    pages: 2,
    items: 10,
    updatedAt: '2026-11-25T05:00:00.000Z',
    ...over,
  };
}

describe('all pages: the kept position of a run', () => {
  it('offers to go on only for the same query and endpoint, left by another window', () => {
    const p = position();
    const same = positionIdentity(allpages);
    assert.deepEqual(resumeOfferFor(p, same, 'this-window'), { pages: 2, rows: 10, updatedAt: p.updatedAt });
    assert.equal(resumeOfferFor(p, same, 'earlier-window'), undefined, 'this window still has the run');
    assert.equal(resumeOfferFor(p, positionIdentity(request({ action: 'query', list: 'allpages', aplimit: '6' })), 'w'), undefined);
    assert.equal(
      resumeOfferFor(
        p,
        positionIdentity(request({ action: 'query', list: 'allpages', aplimit: '5' }, 'https://other.example/api.php')),
        'w',
      ),
      undefined,
    );
    assert.equal(resumeOfferFor(undefined, same, 'w'), undefined);
    const q = resumeQuestion('Every page', { pages: 2, rows: 10, updatedAt: p.updatedAt });
    assert.equal(q.goOn, 'Go on from page 3');
    assert.match(q.message, /"Every page": .* 2 pages fetched, 10 rows kept/);
  });

  it('the identity holds no secret value: a secret changes nothing in it, and never appears', () => {
    const secret = 'S3cr3t-token-value';
    const a = request({ action: 'query', list: 'allpages', apfrom: secret }, undefined, ['apfrom']);
    const b = request({ action: 'query', list: 'allpages', apfrom: 'other-value' }, undefined, ['apfrom']);
    assert.deepEqual(positionIdentity(a), positionIdentity(b));
    assert.ok(!JSON.stringify(positionIdentity(a)).includes(secret));
  });

  it('a continue carrying a secret, or too big, is not kept', () => {
    const redact = redactorFor(['S3cr3t-token-value']);
    assert.deepEqual(keepableContinue({ apcontinue: 'B', continue: '-||' }, redact), { apcontinue: 'B', continue: '-||' });
    assert.equal(keepableContinue({ apcontinue: 'x S3cr3t-token-value y' }, redact), undefined);
    assert.equal(keepableContinue({ apcontinue: 'x'.repeat(70_000) }, redact), undefined);
    assert.equal(keepableContinue({}, redact), undefined);
    assert.equal(keepableContinue(undefined, redact), undefined);
  });

  it('reads its own text back, and refuses text that is not a position (edited, hostile, cut short)', () => {
    const p = position();
    assert.deepEqual(parsePosition(JSON.stringify(p)), p);
    for (const bad of [
      '',
      'null',
      JSON.stringify(p).slice(0, 50),
      JSON.stringify({ ...p, version: 2 }),
      JSON.stringify({ ...p, query: 'abc' }),
      JSON.stringify({ ...p, rows: -1 }),
      JSON.stringify({ ...p, pages: 0 }),
      JSON.stringify({ ...p, bytes: 1.5 }),
      JSON.stringify({ ...p, continue: { a: 1 } }),
      JSON.stringify({ ...p, continue: {} }),
      JSON.stringify({ ...p, continue: ['x'] }),
      JSON.stringify({ ...p, owner: 'x'.repeat(101) }),
      JSON.stringify({ ...p, continue: { a: 'x'.repeat(70_000) } }),
    ])
      assert.equal(parsePosition(bad), undefined, bad.slice(0, 80));
  });

  it('rows: exactly the count the position says, else none', () => {
    const text = '{"title":"A"}\n{"title":"B"}\n';
    assert.deepEqual(readRows(text, { rows: 2 }), [{ title: 'A' }, { title: 'B' }]);
    assert.equal(readRows(text, { rows: 3 }), undefined);
    assert.equal(readRows('{"title":"A"}\n{"tit', { rows: 1 }), undefined);
    assert.equal(readRows('[1]\n', { rows: 1 }), undefined);
    assert.deepEqual(readRows('', { rows: 0 }), []);
  });

  it('on disk: rows appended page by page, the position only at complete batches; going on truncates to the kept rows', () => {
    const dir = tempDir();
    const identity = positionIdentity(allpages);
    const earlier = new RunPositions(dir, 'earlier-window');
    const w = earlier.start('file.mwq#Every page', identity, [{ title: 'A' }]);
    w.page([{ title: 'B' }], { list: 'allpages', continue: { apcontinue: 'C' }, pages: 2, items: 2 });
    // A page whose batch is incomplete: its rows are written, the position stays where it was.
    w.page([{ title: 'C' }], undefined);
    const later = new RunPositions(dir, 'this-window');
    const kept = later.read('file.mwq#Every page');
    assert.ok(kept);
    assert.deepEqual([kept.rows, kept.pages, kept.continue, kept.list], [2, 2, { apcontinue: 'C' }, 'allpages']);
    assert.deepEqual(resumeOfferFor(kept, identity, later.owner)?.pages, 2);
    assert.deepEqual(later.rows('file.mwq#Every page', kept), [{ title: 'A' }, { title: 'B' }]);
    // Going on: the row written after the position is dropped, and new ones follow the kept ones.
    const on = later.start('file.mwq#Every page', identity, [], kept);
    on.page([{ title: 'C' }, { title: 'D' }], { list: 'allpages', continue: { apcontinue: 'E' }, pages: 3, items: 4 });
    const now = later.read('file.mwq#Every page')!;
    assert.deepEqual(later.rows('file.mwq#Every page', now), [{ title: 'A' }, { title: 'B' }, { title: 'C' }, { title: 'D' }]);
    assert.equal(now.owner, 'this-window');
    // A finished run leaves nothing behind.
    on.finish();
    assert.equal(later.read('file.mwq#Every page'), undefined);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('on disk: a file that is not a position is removed; at most 20 queries are kept', () => {
    const dir = tempDir();
    const positions = new RunPositions(dir, 'w');
    const identity = positionIdentity(allpages);
    positions.start('q0', identity, []).page([{ a: 1 }], { continue: { c: '1' }, pages: 1, items: 1 });
    const file = readdirSync(dir).find((f) => f.endsWith('.json'))!;
    writeFileSync(path.join(dir, file), '{"version":1,"owner":"w","rows":"many"}');
    assert.equal(positions.read('q0'), undefined);
    assert.deepEqual(readdirSync(dir), []);
    for (let i = 0; i < 30; i++)
      positions.start(`q${i}`, identity, []).page([{ a: i }], { continue: { c: String(i) }, pages: 1, items: 1 });
    const kept = readdirSync(dir).filter((f) => f.endsWith('.json'));
    assert.ok(kept.length <= 20, `${kept.length} positions kept`);
    assert.ok(positions.read('q29'), 'the newest is kept');
  });
});
