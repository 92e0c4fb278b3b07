// The session (common/src/runner/continuation.ts) on other actions' answers:
// rows by the answer's shape, one page for an action without continuation,
// and Wikibase's `wbsearchentities`, whose next offset is a top-level
// `search-continue` sent back as `continue`. Wikibase is not on this
// machine: its answers are WRITTEN FROM THE WIKIBASE API DOCUMENTATION
// (Special:ApiHelp/wbsearchentities on wikidata.org), not recorded.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest } from '../../common/src/runner/request';
import { QuerySession } from '../../common/src/runner/continuation';
import type { ApiResponse } from '../../common/src/runner/http';
import type { ParamPairs } from '../../common/src/runner/wire';
import type { Row } from '../../common/src/row';

const ENDPOINT = 'https://wiki.example/w/api.php';

/** A session of `text` whose requests are answered by `answers` in turn; the pairs sent are kept. */
function replayed(text: string, answers: unknown[]) {
  const doc = parseDocument(`@endpoint = ${ENDPOINT}\n${text}`);
  const sent: ParamPairs[] = [];
  const send = async (_endpoint: string, pairs: ParamPairs): Promise<ApiResponse> => {
    sent.push(pairs);
    const json = answers[sent.length - 1];
    return { status: 200, method: 'GET', url: ENDPOINT, json, messages: { errors: [], warnings: [] }, ms: 1, attempts: 1, bytes: 100 };
  };
  const session = new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc)), { send });
  const rows: Row[] = [];
  const lists: string[] = [];
  const callbacks = {
    onPage: (p: { batches: { list: string; rows: Row[] }[] }) => p.batches.forEach((b) => (lists.push(b.list), rows.push(...b.rows))),
  };
  return { session, sent, rows, lists, callbacks };
}

describe('the session on other actions than query', () => {
  it("wbsearchentities: search-continue is sent back as continue until the answer has none; rows are the search's matches", async () => {
    const run = replayed('action=wbsearchentities\nsearch=abc\nlanguage=en\nlimit=2\n', [
      {
        searchinfo: { search: 'abc' },
        search: [
          { id: 'Q1', label: 'abc' },
          { id: 'Q2', label: 'ABC' },
        ],
        'search-continue': 2,
        success: 1,
      },
      { searchinfo: { search: 'abc' }, search: [{ id: 'Q3', label: 'abcd' }], success: 1 },
    ]);
    const outcome = await run.session.fetchAll({}, run.callbacks);
    assert.equal(outcome.stopped, 'complete');
    assert.deepEqual(
      run.rows.map((r) => r.id),
      ['Q1', 'Q2', 'Q3'],
    );
    assert.deepEqual([...new Set(run.lists)], ['search']);
    assert.equal(run.sent[0]!.find(([n]) => n === 'action')?.[1], 'wbsearchentities');
    assert.equal(
      run.sent[0]!.find(([n]) => n === 'continue'),
      undefined,
    );
    assert.deepEqual(
      run.sent[1]!.find(([n]) => n === 'continue'),
      ['continue', '2'],
    );
  });

  it('opensearch: one page, complete, its results as rows', async () => {
    const run = replayed('action=opensearch\nsearch=Pa\n', [
      ['Pa', ['Page A', 'Page B'], ['', ''], ['https://wiki.example/wiki/Page_A', 'https://wiki.example/wiki/Page_B']],
    ]);
    const outcome = await run.session.nextPage(run.callbacks);
    assert.equal(outcome.stopped, 'complete');
    assert.equal(run.session.done, true);
    assert.deepEqual(
      run.rows.map((r) => r.title),
      ['Page A', 'Page B'],
    );
    assert.deepEqual(run.lists, ['results']);
  });
});
