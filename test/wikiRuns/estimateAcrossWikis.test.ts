// The "All pages" estimate of a query under `@endpoints` (the lens's sum,
// common/src/runner/estimate.ts estimateAcrossWikis), asked of two real
// wikis: the REAL test wiki under its own URL and behind a proxy on another
// port (two hosts to the gate, one wiki's numbers each).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { endpointsListOf } from '../../common/src/endpointsList';
import { resolveWikiTargets } from '../../common/src/runner/wikiTargets';
import { buildRequest, withEndpoint } from '../../common/src/runner/request';
import { sendApiRequest } from '../../common/src/runner/http';
import {
  estimateAcrossWikis,
  estimateLabel,
  estimateLookup,
  planEstimate,
  readEstimate,
  type Estimate,
} from '../../common/src/runner/estimate';

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

describe('the estimate of an @endpoints query', () => {
  it('sums the figures of every wiki of the list, and says how many wikis', async () => {
    const doc = parseDocument(`@endpoints = ${wiki.endpoint} ${proxy.endpoint}\n\n### Every page\nlist=allpages\naplimit=50\n`);
    const query = doc.queries[0]!;
    const scope = new VariableScope(doc);
    const found = endpointsListOf(query, scope);
    assert.ok(found);
    const { targets } = await resolveWikiTargets(found.list, {
      readFile: () => Promise.reject(new Error('no file')),
      sitematrix: () => Promise.reject(new Error('no sitematrix')),
    });
    assert.equal(targets.length, 2);
    const request = buildRequest(query, scope, { defaultEndpoint: targets[0]!.endpoint });
    const plan = planEstimate(request);
    const lookup = estimateLookup(plan);
    const asked: string[] = [];
    const askOne = async (endpoint: string): Promise<Estimate> => {
      asked.push(endpoint);
      const answer = await sendApiRequest(withEndpoint(request, endpoint).endpoint, lookup);
      return readEstimate(plan, answer.json);
    };
    const one = await askOne(wiki.endpoint);
    asked.length = 0;
    const total = await estimateAcrossWikis(plan.module, targets, askOne);
    assert.deepEqual(asked.sort(), [wiki.endpoint, proxy.endpoint].sort(), 'each wiki asked once');
    assert.ok(one.requests && one.items, 'the wiki tells its size');
    assert.equal(total.requests, 2 * one.requests);
    assert.equal(total.items, 2 * one.items);
    const n = (x: number) => x.toLocaleString('en-US');
    assert.equal(estimateLabel(total), `All pages: 2 wikis: ≤ ${n(2 * one.requests)} requests, ≤ ${n(2 * one.items)} items in total`);
  });
});
