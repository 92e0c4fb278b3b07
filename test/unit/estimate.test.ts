// What "All pages" will cost: the plan (what to ask the wiki) and the reading
// of its answer (runner/estimate.ts), on plain requests and answers.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeEstimate,
  estimateLabel,
  estimateLookup,
  planEstimate,
  readEstimate,
  sumEstimates,
} from '../../common/src/runner/estimate';
import type { PreparedRequest } from '../../common/src/runner/request';
import '../nodeTransport';

function request(params: Record<string, string>): PreparedRequest {
  return {
    endpoint: 'https://wiki.example/w/api.php',
    endpointSensitive: false,
    params: Object.entries(params).map(([name, value]) => ({ name, value, sensitive: false })),
    query: { name: 'q', index: 0, firstLine: 0 },
    notes: [],
  };
}

const rights = (high: boolean) => ({ userinfo: { id: 0, name: '127.0.0.1', rights: high ? ['read', 'apihighlimits'] : ['read'] } });

describe('cost estimate', () => {
  it('list=allpages: siteinfo statistics as an upper bound, "max" as 500 without apihighlimits and 5,000 with', () => {
    const plan = planEstimate(request({ action: 'query', list: 'allpages', aplimit: 'max' }));
    assert.deepEqual(
      estimateLookup(plan).filter(([k]) => k === 'meta' || k === 'siprop' || k === 'uiprop'),
      [
        ['siprop', 'statistics'],
        ['meta', 'userinfo|siteinfo'],
        ['uiprop', 'rights'],
      ],
    );
    const answer = (high: boolean) => ({ query: { statistics: { pages: 12_345 }, ...rights(high) } });
    const low = readEstimate(plan, answer(false));
    assert.deepEqual([low.requests, low.items, low.perRequest, low.bound], [25, 12_345, 500, 'at most']);
    const high = readEstimate(plan, answer(true));
    assert.deepEqual([high.requests, high.perRequest], [3, 5000]);
    assert.equal(
      describeEstimate(low),
      'All pages of list=allpages: at most 25 requests, at most 12,345 items (12345 pages in all namespaces (siteinfo statistics); 500 a request (no apihighlimits))',
    );
  });

  it("generator=categorymembers: the category's categoryinfo, counting only the member types asked for", () => {
    const plan = planEstimate(
      request({
        action: 'query',
        generator: 'categorymembers',
        gcmtitle: 'Category:X',
        gcmtype: 'page|file',
        gcmlimit: '20',
        prop: 'info',
      }),
    );
    assert.deepEqual(
      estimateLookup(plan).find(([k]) => k === 'titles'),
      ['titles', 'Category:X'],
    );
    const e = readEstimate(plan, {
      query: { pages: [{ title: 'Category:X', categoryinfo: { size: 70, pages: 41, files: 9, subcats: 20 } }], ...rights(false) },
    });
    assert.deepEqual([e.items, e.requests, e.bound], [50, 3, 'exactly']);
  });

  it("list=usercontribs: the users' edit counts added up", () => {
    const plan = planEstimate(request({ action: 'query', list: 'usercontribs', ucuser: 'A|B', uclimit: '100' }));
    const e = readEstimate(plan, {
      query: {
        users: [
          { name: 'A', editcount: 250 },
          { name: 'B', editcount: 51 },
        ],
        ...rights(false),
      },
    });
    assert.deepEqual([e.items, e.requests], [301, 4]);
  });

  it('backlinks, embeddedin, several lists and queries without a list are unknown, and ask nothing', () => {
    for (const params of [
      { list: 'backlinks', bltitle: 'X' } as Record<string, string>,
      { list: 'embeddedin', eititle: 'Template:X' },
      { list: 'allpages|allusers' },
      { prop: 'info', titles: 'X' },
    ]) {
      const plan = planEstimate(request({ action: 'query', ...params }));
      assert.ok(plan.unknown, JSON.stringify(params));
      assert.equal(plan.ask, undefined);
      assert.match(describeEstimate(readEstimate(plan, {})), /: unknown \(/);
    }
  });

  it('a hostile or empty answer gives "unknown", never a wrong number', () => {
    const plan = planEstimate(request({ action: 'query', list: 'allpages' }));
    for (const answer of [
      null,
      'text',
      { query: {} },
      { query: { statistics: { pages: -5 } } },
      { query: { statistics: { pages: '9999' } } },
      { query: { statistics: { pages: 1e300 } } },
    ]) {
      const e = readEstimate(plan, answer);
      assert.equal(e.requests, undefined, JSON.stringify(answer));
    }
  });

  it('the lens label: "≤" for an upper bound, plain numbers for an exact count, "unknown" otherwise', () => {
    const all = planEstimate(request({ action: 'query', list: 'allpages', aplimit: '50' }));
    assert.equal(
      estimateLabel(readEstimate(all, { query: { statistics: { pages: 1234 }, ...rights(false) } })),
      'All pages: ≤ 25 requests, ≤ 1,234 items',
    );
    const members = planEstimate(request({ action: 'query', list: 'categorymembers', cmtitle: 'Category:X', cmlimit: '500' }));
    assert.equal(
      estimateLabel(readEstimate(members, { query: { pages: [{ categoryinfo: { pages: 3, files: 0, subcats: 0 } }], ...rights(false) } })),
      'All pages: 1 request, 3 items',
    );
    assert.equal(estimateLabel(readEstimate(planEstimate(request({ action: 'query', list: 'backlinks' })), {})), 'All pages: unknown');
  });
});

describe('cost estimate across the wikis of @endpoints', () => {
  const module = 'list=allpages';
  const a = { module, requests: 3, items: 120, bound: 'at most' as const, perRequest: 50, basis: '120 pages' };
  const b = { module, requests: 2, items: 80, bound: 'exactly' as const, perRequest: 50, basis: '80 members' };

  it('sums requests and items; "at most" when one of them is a bound; each wiki named in the sentence', () => {
    const total = sumEstimates(module, [
      { wiki: 'a.example', estimate: a },
      { wiki: 'b.example', estimate: b },
    ]);
    assert.equal(total.requests, 5);
    assert.equal(total.items, 200);
    assert.equal(estimateLabel(total), 'All pages: 2 wikis: ≤ 5 requests, ≤ 200 items in total');
    assert.equal(
      describeEstimate(total),
      'All pages of list=allpages on 2 wikis: at most 5 requests, at most 200 items in total. a.example: 3 requests, 120 items (120 pages); b.example: 2 requests, 80 items (80 members)',
    );
  });

  it('a wiki that cannot tell is counted apart; none that can: unknown, saying so', () => {
    const partial = sumEstimates(module, [
      { wiki: 'a.example', estimate: b },
      { wiki: 'down.example', estimate: { module, unknown: 'the wiki could not be asked: refused' } },
    ]);
    assert.equal(estimateLabel(partial), 'All pages: 2 wikis: 2 requests, 80 items in total (1 unknown)');
    assert.match(describeEstimate(partial), /down\.example: unknown \(the wiki could not be asked: refused\)/);
    const none = sumEstimates(module, [
      { wiki: 'x', estimate: { module, unknown: 'not asked: run it once to choose this wiki' } },
      { wiki: 'y', estimate: { module, unknown: 'not asked: run it once to choose this wiki' } },
    ]);
    assert.equal(estimateLabel(none), 'All pages: 2 wikis: unknown');
    assert.match(describeEstimate(none), /on none of 2 wikis: not asked/);
  });
});
