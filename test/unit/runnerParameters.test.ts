// The parameters the runner owns, as the run and the editor see them: a line
// is either sent or called ignored, never both (one table:
// common/src/runnerParameters.ts).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest } from '../../common/src/runner/request';
import { RUNNER_PARAMETERS, runnerParameterNote } from '../../common/src/runnerParameters';
import { bundledCatalogue } from '../../server/src/service/bundledCatalogue';
import { diagnose } from './serviceHelpers';

const EP = 'https://wiki.example/w/api.php';
const VALUE = 'foo';

/** What the runner does with `name=foo` in a query: sent as written, or the run's note about it. */
function runOf(name: string): { sent: boolean; note?: string } {
  const doc = parseDocument(`@endpoint = ${EP}\n### q\nlist=allpages\n${name}=${VALUE}\n`);
  const request = buildRequest(doc.queries[0]!, new VariableScope(doc));
  const sent = request.params.some((p) => p.name === name && p.value === VALUE);
  const note = request.notes.find((n) => n.startsWith('line 4: '));
  return { sent, ...(note ? { note: note.slice('line 4: '.length) } : {}) };
}

function hintOf(name: string): string | undefined {
  return diagnose(`list=allpages\n${name}=${VALUE}\n`).find((d) => d.code === 'runner-parameter')?.message;
}

describe('runner-owned parameters: the editor says what the runner does', () => {
  const names = new Set<string>([...bundledCatalogue().main.params.map((p) => p.name), ...RUNNER_PARAMETERS.keys()]);
  names.delete('action'); // its own rule: query, or the read action the file names

  for (const name of [...names].sort()) {
    it(`${name}=${VALUE} is either sent or called ignored, never both, and the sentences agree`, () => {
      const run = runOf(name);
      const hint = hintOf(name);
      assert.notEqual(run.sent, hint !== undefined, `${name}: sent=${run.sent}, hint=${hint ?? 'none'}`);
      if (!run.sent) {
        assert.ok(run.note, `${name} is not sent, so the run says why`);
        assert.equal(hint, run.note, `${name}: the hint and the run's note are one sentence`);
      }
    });
  }

  it('callback=foo: not sent, and the hint says so (the JSONP answer would fail as "not JSON")', () => {
    assert.equal(runOf('callback').sent, false);
    assert.match(hintOf('callback') ?? '', /callback=foo is ignored: the runner never sends callback/);
  });

  it('errorformat=html: the runner sends errorformat=plaintext, and the editor says so', () => {
    assert.equal(runOf('errorformat').sent, false);
    assert.match(hintOf('errorformat') ?? '', /errorformat=html|errorformat=foo is ignored: the runner sends errorformat=plaintext/);
  });

  it("a line with the runner's own value makes no run note and is still marked unneeded", () => {
    assert.equal(runnerParameterNote('format', 'json'), undefined);
    assert.match(hintOf('format') ?? '', /format=foo is ignored/);
    const d = diagnose('list=allpages\nformat=json\n').find((x) => x.code === 'runner-parameter');
    assert.match(d?.message ?? '', /not needed/);
  });
});
