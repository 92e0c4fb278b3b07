// The walkthrough ticks a step on its completion events: the steps that can
// already hold when it opens (a contact set, an environment present, a query
// run before) also complete on a context key the extension sets at activation.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: { walkthroughs: { steps: { id: string; completionEvents?: string[] }[] }[] };
};
const steps = manifest.contributes.walkthroughs[0]!.steps;
const stateSource = readFileSync(path.join(root, 'client', 'src', 'walkthroughState.ts'), 'utf8');

describe('walkthrough steps that already hold', () => {
  for (const id of ['contact', 'wiki', 'run']) {
    it(`the "${id}" step completes on a context key the extension sets`, () => {
      const step = steps.find((s) => s.id === id);
      assert.ok(step, `step ${id}`);
      const keys = (step.completionEvents ?? []).filter((e) => e.startsWith('onContext:')).map((e) => e.slice('onContext:'.length));
      assert.equal(keys.length, 1, `${id}: ${JSON.stringify(step.completionEvents)}`);
      // The key is one the client defines (a constant in walkthroughState.ts, passed to setContext).
      for (const key of keys[0]!.split(' && '))
        assert.match(stateSource, new RegExp(`= '${key.replace(/\./g, '\\.')}';`), `${key} is not set by the extension`);
    });
  }
});
