// common/src/wikiSummary.ts: how a run across several wikis stands, in a few words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wikiSummary } from '../../common/src/wikiSummary';

test('the wikis counted by state, running first, states with none left out', () => {
  const states = ['done', 'failed', 'running', 'done', 'waiting'];
  assert.equal(wikiSummary(states.map((state) => ({ state }))), '5 wikis: 1 running, 1 waiting, 2 done, 1 failed');
  assert.equal(wikiSummary([{ state: 'done' }]), '1 wiki: 1 done');
  assert.equal(wikiSummary([]), '0 wikis');
});
