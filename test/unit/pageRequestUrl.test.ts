// A page's `request.url` is built when it is read (continuation.ts): a run to
// stdout reads none, the editor's request log and history read each. Read,
// it is the URL that page was fetched with (its `continue`, `maxlag`), its
// secret masked; it survives JSON and the panel's copies, and can be set.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { QuerySession } from '../../common/src/runner/continuation';
import { buildRequest } from '../../common/src/runner/request';
import type { ApiResponse } from '../../common/src/runner/http';
import type { PageResult } from '../../common/src/runner/sessionTypes';
import '../nodeTransport';

const SECRET = 'tok-7781-secret';

function answer(at: number): ApiResponse {
  const json = {
    batchcomplete: true,
    query: { allpages: [{ pageid: at + 1, ns: 0, title: `P${at}` }] },
    ...(at < 2 ? { continue: { apcontinue: `P${at + 1}`, continue: '-||' } } : {}),
  };
  return { status: 200, method: 'GET', url: '', json, messages: { errors: [], warnings: [] }, ms: 1, attempts: 1, bytes: 100 };
}

describe('a page’s request URL', () => {
  it('each page names its own continue and maxlag, the secret masked; JSON, spread copies and assignment keep it', async () => {
    const doc = parseDocument(`@endpoint = http://127.0.0.1:9/api.php\nlist=allpages\napfrom={{$secret K}}\n`);
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), {
      external: (use) => (use.kind === 'secret' ? SECRET : undefined),
    });
    let at = 0;
    const session = new QuerySession(request, { send: async () => answer(at++) });
    const pages: PageResult[] = [];
    await session.fetchAll({}, { onPage: (page) => pages.push(page) });
    assert.equal(pages.length, 3);
    const urls = pages.map((p) => p.request.url);
    assert.match(urls[0]!, /^http:\/\/127\.0\.0\.1:9\/api\.php\?action=query&.*list=allpages/);
    assert.doesNotMatch(urls[0]!, /apcontinue/);
    assert.match(urls[1]!, /apcontinue=P1/);
    assert.match(urls[2]!, /apcontinue=P2/);
    for (const url of urls) {
      assert.match(url, /maxlag=5/);
      assert.ok(!url.includes(SECRET), url);
      assert.match(url, /apfrom=(\*\*\*|%2A%2A%2A)/);
    }
    assert.equal(JSON.parse(JSON.stringify(pages[1]!)).request.url, urls[1]);
    assert.equal({ ...pages[2]!.request }.url, urls[2]);
    assert.equal(structuredClone(pages[0]!).request.url, urls[0]);
    pages[0]!.request.url = 'changed';
    assert.equal(pages[0]!.request.url, 'changed');
  });
});
