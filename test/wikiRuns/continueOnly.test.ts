// `continue` can only continue (issue 30, item 8): a wiki's answer, or a saved
// position, that names `action`, `format`, `titles`, … does not change the
// next request. The real test wiki behind the fault proxy, which rewrites the
// answer's `continue`.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { QuerySession, type SessionOptions } from '../../common/src/runner/continuation';
import type { PageResult } from '../../common/src/runner/sessionTypes';
import { buildRequest } from '../../common/src/runner/request';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';

let wiki: TestWiki;
let proxy: FaultProxy;
before(async () => {
  wiki = await startTestWiki();
  proxy = await startFaultProxy(wiki.endpoint);
});
after(async () => {
  await proxy?.stop();
  await wiki?.stop();
});

const FAST: SessionOptions['http'] = { waitScale: 0.02, backoffMs: 20, timeoutMs: 10_000, contact: 'test-contact' };
const HOSTILE = { apcontinue: 'B', continue: '-||', action: 'edit', format: 'php', titles: 'Injected' };

function session(text: string): QuerySession {
  const doc = parseDocument(text);
  return new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: proxy.endpoint }), { http: FAST });
}

function assertOnlyContinued(params: URLSearchParams): void {
  assert.equal(params.get('action'), 'query');
  assert.equal(params.get('format'), 'json');
  assert.equal(params.getAll('action').length, 1);
  assert.equal(params.get('titles'), null);
  assert.equal(params.get('apcontinue'), 'B');
  assert.equal(params.get('continue'), '-||');
}

describe('continue can only continue', () => {
  it("an answer's continue naming action, format and titles: the next request is still action=query&format=json, without the titles", async () => {
    proxy.requests.length = 0;
    proxy.continueOverride = HOSTILE;
    proxy.inject('rewriteContinue');
    const pages: PageResult[] = [];
    const s = session('list=allpages\napnamespace=0\naplimit=5\n');
    await s.nextPage({ onPage: (p) => pages.push(p) });
    const second = await s.nextPage({ onPage: (p) => pages.push(p) });
    assert.equal(second.error, undefined, second.error?.message);
    assert.equal(proxy.requests.length, 2);
    assertOnlyContinued(proxy.requests[1]!.params);
    // Said, by name, with the page that brought it.
    const warning = pages[0]!.warnings.find((w) => w.code === 'mwquery-continue-ignored');
    assert.match(warning?.text ?? '', /^The wiki's continue named action, format, titles, which are not a continuation parameter/);
    // The rows of page 2 are titles from "B" on (the wiki did get apcontinue).
    const titles = pages[1]!.batches.flatMap((b) => b.rows.map((r) => String(r.title)));
    assert.ok(titles.length > 0 && titles.every((t) => t >= 'B'), titles.join(', '));
  });

  it('a saved position naming them (mwq run --resume, the editor\'s "Go on"): the first request is the same', async () => {
    proxy.requests.length = 0;
    const pages: PageResult[] = [];
    const s = session('list=allpages\napnamespace=0\naplimit=5\n');
    s.resumeAt(HOSTILE, { pages: 3, items: 15 });
    const outcome = await s.nextPage({ onPage: (p) => pages.push(p) });
    assert.equal(outcome.error, undefined, outcome.error?.message);
    assertOnlyContinued(proxy.requests[0]!.params);
    assert.match(
      pages[0]!.warnings.find((w) => w.code === 'mwquery-continue-ignored')?.text ?? '',
      /^The saved position named action, format, titles/,
    );
  });
});
