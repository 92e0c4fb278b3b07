// The workspace-trust rule of the extension (client/src/run/trust.ts), as the
// pure function the editor asks (client/src/run/trustedHere.ts). The real editor's behaviour in an
// untrusted workspace is tested by test/vscode/suite/untrusted.test.ts (the
// `untrusted` phase of run-code-server.mjs).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { trustGate, UNTRUSTED_CATALOGUE_MESSAGE, UNTRUSTED_RUN_MESSAGE, type GatedAction } from '../../client/src/run/trust';

const ALL: GatedAction[] = ['run', 'openInApiSandbox', 'fetchCatalogue', 'fetchCatalogueAutomatically', 'copy', 'export'];

describe('workspace trust gate', () => {
  it('a trusted workspace allows everything', () => {
    for (const action of ALL) assert.deepEqual(trustGate(action, true), { allowed: true }, action);
  });

  it('an untrusted workspace sends nothing to a wiki: no run, no ApiSandbox, no catalogue', () => {
    assert.deepEqual(trustGate('run', false), { allowed: false, message: UNTRUSTED_RUN_MESSAGE, tell: true });
    assert.deepEqual(trustGate('openInApiSandbox', false), { allowed: false, message: UNTRUSTED_RUN_MESSAGE, tell: true });
    assert.deepEqual(trustGate('fetchCatalogue', false), { allowed: false, message: UNTRUSTED_CATALOGUE_MESSAGE, tell: true });
  });

  it('work nobody asked for is refused silently (no warning on every opened file)', () => {
    assert.deepEqual(trustGate('fetchCatalogueAutomatically', false), {
      allowed: false,
      message: UNTRUSTED_CATALOGUE_MESSAGE,
      tell: false,
    });
  });

  it('copying a masked request and exporting fetched rows send nothing and stay allowed', () => {
    assert.deepEqual(trustGate('copy', false), { allowed: true });
    assert.deepEqual(trustGate('export', false), { allowed: true });
  });

  it('the messages say what is refused and how to allow it', () => {
    assert.match(UNTRUSTED_RUN_MESSAGE, /untrusted workspace.*Trust the workspace/);
    assert.match(UNTRUSTED_CATALOGUE_MESSAGE, /untrusted workspace.*Trust the workspace/);
  });
});
