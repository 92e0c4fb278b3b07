// Expanding a subcategory of the tree view, on the extension's side
// (client/src/run/categoryExpansion.ts) and back in the panel (its router and
// client/media/chart/categoryMembers.ts): every ▸ clicked gets an answer; one
// that cannot be expanded (a stored run of the history, an untrusted
// workspace) is answered with why, the status line says it, and a later
// click asks again.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CategoryMembers } from '../../client/media/chart/categoryMembers';
import { readHostMessage } from '../../client/media/router';
import type { ActiveRun } from '../../client/src/run/activeRun';
import { expandCategory, NEEDS_LIVE_RUN, NOT_TRUSTED, type ExpansionHost } from '../../client/src/run/categoryExpansion';
import type { PanelCategoryMembers } from '../../common/src/panelProtocol';

/** The host's parts, recording what the panel is sent and whether the trust rule was asked. */
function host(trusted: boolean) {
  const answers: { members: PanelCategoryMembers; run: ActiveRun | undefined }[] = [];
  let trustAsked = 0;
  const parts: ExpansionHost = {
    trusted: () => (trustAsked++, trusted),
    answer: (members, run) => answers.push({ members, run }),
    log: { info: () => {} },
  };
  return { parts, answers, trustAsked: () => trustAsked };
}

/** The panel's side: the answer as the page receives it (JSON, through the router) into its members. */
function panelReads(members: PanelCategoryMembers) {
  const asked: string[] = [];
  const said: string[] = [];
  const panel = new CategoryMembers(
    (c) => asked.push(c),
    (s) => said.push(s),
  );
  panel.expand(members.category);
  const message = readHostMessage(JSON.parse(JSON.stringify({ type: 'categoryMembers', members })));
  assert.equal(message?.type, 'categoryMembers');
  if (message?.type === 'categoryMembers') panel.add(message.members);
  return { panel, asked, said };
}

describe('categoryExpansion: every ▸ clicked is answered', () => {
  it('while a stored run of the history is shown: expanding needs a live run, said in the status line; nothing is sent', async () => {
    const h = host(true);
    await expandCategory(undefined, 'Category:Tree B', h.parts);
    assert.deepEqual(h.answers, [{ members: { category: 'Category:Tree B', rows: [], note: NEEDS_LIVE_RUN }, run: undefined }]);
    assert.equal(h.trustAsked(), 0, 'no run is started, so the trust rule is not asked');
    const { panel, asked, said } = panelReads(h.answers[0]!.members);
    assert.deepEqual(said, [`Category:Tree B: ${NEEDS_LIVE_RUN}`]);
    assert.match(said[0]!, /run the query again/);
    // Not taken for an empty subcategory: it keeps its ▸, and a later click (after running again) asks again.
    assert.deepEqual(panel.treeOptions(), { members: [], expanded: [] });
    panel.expand('Category:Tree B');
    assert.deepEqual(asked, ['Category:Tree B', 'Category:Tree B']);
  });

  it('in an untrusted workspace: answered with why, nothing sent', async () => {
    const h = host(false);
    const run = { request: { params: [{ name: 'list', value: 'categorymembers' }] } } as unknown as ActiveRun;
    await expandCategory(run, 'Category:Tree B', h.parts);
    assert.deepEqual(h.answers, [{ members: { category: 'Category:Tree B', rows: [], note: NOT_TRUSTED }, run }]);
    assert.equal(run.expansions, undefined, 'no expansion counted');
  });
});
