// The rules of one parameter line (server/src/service/diagnostics/paramRules.ts),
// run alone on one parsed query against the bundled catalogue: which code,
// which range, which sentence and which quick fix each line gets. The same
// codes through the whole service, one per row of the table:
// test/unit/diagnostics.test.ts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { RUNNER_PARAMETERS, runnerParameterNote } from '../../common/src/runnerParameters';
import { bundledCatalogue } from '../../server/src/service/bundledCatalogue';
import { QueryContext } from '../../server/src/service/queryContext';
import { Collector } from '../../server/src/service/diagnostics/collector';
import { checkParams } from '../../server/src/service/diagnostics/paramRules';

interface Found {
  code: string;
  covered: string;
  message: string;
  fix: unknown;
  unnecessary: boolean;
}

/** checkParams on the first query of `text`, nothing else. */
function paramProblems(text: string): Found[] {
  const document = TextDocument.create('file:///p.mwq', 'mwquery', 1, text);
  const parsed = parseDocument(text);
  const query = parsed.queries[0]!;
  const catalogue = bundledCatalogue();
  const out = new Collector(document);
  checkParams({ ctx: new QueryContext(query, catalogue), catalogue, query, scope: new VariableScope(parsed), out });
  return out.diagnostics.map((d: Diagnostic) => ({
    code: String(d.code),
    covered: text.slice(document.offsetAt(d.range.start), document.offsetAt(d.range.end)),
    message: d.message as string,
    fix: d.data,
    unnecessary: (d.tags ?? []).includes(1),
  }));
}

function one(text: string, code: string): Found {
  const found = paramProblems(text).filter((d) => d.code === code);
  assert.equal(found.length, 1, `one ${code} in ${JSON.stringify(paramProblems(text))}`);
  return found[0]!;
}

describe('paramRules: a clean query', () => {
  it('known modules and their parameters give nothing', () => {
    assert.deepEqual(paramProblems('list=allpages\naplimit=5\napnamespace=0\n'), []);
    assert.deepEqual(paramProblems('generator=allpages\ngaplimit=5\nprop=info\n'), []);
  });
});

describe('paramRules: duplicates', () => {
  it('the earlier line is marked unneeded, counting the lines to the last one, with a fix that removes it', () => {
    const found = paramProblems('list=allpages\naplimit=5\n\naplimit=10\n');
    assert.equal(found.length, 1);
    const d = found[0]!;
    assert.equal(d.code, 'duplicate-parameter');
    assert.equal(d.covered, 'aplimit');
    assert.match(d.message, /given again 2 lines below; the API uses only the last value/);
    assert.deepEqual(d.fix, { fix: 'removeParam' });
    assert.ok(d.unnecessary);
  });
});

describe('paramRules: parameters the runner sets', () => {
  it('every runner-owned parameter but action is marked unneeded with the fix that removes it', () => {
    for (const [name] of RUNNER_PARAMETERS) {
      if (name === 'action') continue;
      const d = one(`list=allpages\n${name}=x\n`, 'runner-parameter');
      assert.equal(d.covered, name);
      assert.equal(d.message, runnerParameterNote(name, 'x'), 'the sentence of the run');
      assert.deepEqual(d.fix, { fix: 'removeParam' }, name);
      assert.ok(d.unnecessary, name);
    }
  });

  it("the runner's own value: still marked unneeded, with the sentence that says it is sent as written", () => {
    const d = one('list=allpages\nformat=json\n', 'runner-parameter');
    assert.match(d.message, /`format` is sent by the runner as it is written here; this line is not needed/);
  });

  it('a pasted URL line setting one is not marked (the line is the URL, not the parameter)', () => {
    const found = paramProblems('https://en.wikipedia.org/w/api.php?action=query&list=allpages&format=json\n');
    assert.deepEqual(
      found.filter((d) => d.code === 'runner-parameter'),
      [],
    );
  });

  it('action=query is fine; a write is refused on its value, an unknown action is not one', () => {
    assert.deepEqual(paramProblems('action=query\nlist=allpages\n'), []);
    const d = one('action=edit\nlist=allpages\n', 'write-action');
    assert.equal(d.covered, 'edit');
    assert.equal(one('action=bogus\n', 'unsupported-action').covered, 'bogus');
  });
});

describe('paramRules: module lists', () => {
  it('an unknown module: the nearest name, with a fix that writes it', () => {
    const d = one('list=allpagez\n', 'unrecognizedvalues');
    assert.equal(d.covered, 'allpagez');
    assert.deepEqual(d.fix, { fix: 'replace', replacement: 'allpages' });
  });

  it('a module of another slot: a fix that moves it there', () => {
    const d = one('titles=A\nlist=revisions\n', 'unrecognizedvalues');
    assert.match(d.message, /`revisions` is a prop module: use `prop=revisions`/);
    assert.deepEqual(d.fix, { fix: 'moveModule', module: 'revisions', from: 'list', to: 'prop' });
  });

  it('an empty list is left to the other rules', () => {
    assert.deepEqual(
      paramProblems('list=\n').filter((d) => d.code === 'unrecognizedvalues'),
      [],
    );
  });
});

describe('paramRules: generator', () => {
  it('empty: badgenerator on the value', () => {
    const d = one('generator=\nprop=info\n', 'badgenerator');
    assert.match(d.message, /needs the name of a generator module/);
  });

  it('unknown: the nearest generator, with a fix', () => {
    const d = one('generator=allpagez\n', 'badgenerator');
    assert.equal(d.covered, 'allpagez');
    assert.deepEqual(d.fix, { fix: 'replace', replacement: 'allpages' });
  });

  it('a module that is no generator: a fix that moves it to its own slot', () => {
    const d = one('generator=info\n', 'badgenerator');
    assert.match(d.message, /cannot be used as a generator; use `prop=info` instead/);
    assert.deepEqual(d.fix, { fix: 'moveModule', module: 'info', from: 'generator', to: 'prop' });
  });
});

describe('paramRules: parameters of no module the query uses', () => {
  it("a module's parameter without the module: names the module, with a fix that adds it", () => {
    const d = one('list=allusers\naplimit=5\n', 'unrecognizedparams');
    assert.match(d.message, /belongs to `list=allpages`, which this query does not use/);
    assert.deepEqual(d.fix, { fix: 'addModule', slot: 'list', module: 'allpages' });
  });

  it('the module used as a generator: says which prefix to write', () => {
    const d = one('generator=allpages\naplimit=5\n', 'unrecognizedparams');
    assert.match(d.message, /uses `allpages` as `generator` \(write `gaplimit`\)/);
  });

  it('a name no module has: the nearest parameter of the query, with a fix', () => {
    const d = one('list=allpages\naplimt=5\n', 'unrecognizedparams');
    assert.match(d.message, /did you mean `aplimit`\?/);
    assert.deepEqual(d.fix, { fix: 'replace', replacement: 'aplimit' });
  });
});
