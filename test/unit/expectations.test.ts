// `@expect` lines: parsing (full and incremental), the expression grammar,
// the `bad-expect` diagnostic, checks against rows, bounded regexes, JUnit.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDocument, reparseDocument } from '../../common/src/parser';
import { parseExpectation } from '../../common/src/expect/grammar';
import { checkExpectations, type RunForExpectations } from '../../common/src/expect/check';
import { matchAll, RegexTimeoutError } from '../../common/src/expect/boundedRegex';
import '../nodeTransport';
import { junitXml } from '../../common/src/expect/junit';
import { diagnose } from './serviceHelpers';
import { expectationSummary } from '../../client/src/testing/runSummary';
import { fixedRandom } from './fixedRandom';

const run = (rows: Record<string, unknown>[], extra: Partial<RunForExpectations> = {}): RunForExpectations => ({
  rows,
  warnings: [],
  errors: [],
  complete: true,
  ...extra,
});

function results(text: string, r: RunForExpectations) {
  const doc = parseDocument(text);
  return checkExpectations(doc.queries[0]!.expects, r).map((x) => [x.line + 1, x.passed, x.message]);
}

describe('@expect in the parser', () => {
  it('belongs to its query, with the expression and its span; @expect = x stays a variable', () => {
    const text = '### A\nlist=allpages\n  @expect  count >= 2  \n@expect\n@expect = v\n### B\nmeta=siteinfo\n';
    const doc = parseDocument(text);
    const [a, b] = doc.queries;
    assert.deepEqual(
      a!.expects.map((e) => [e.line, e.text, text.slice(e.span.start, e.span.end)]),
      [
        [2, 'count >= 2', 'count >= 2'],
        [3, '', ''],
      ],
    );
    assert.deepEqual(
      a!.params.map((p) => p.name),
      ['list'],
    );
    assert.deepEqual(
      doc.variables.map((v) => [v.name, v.value]),
      [['expect', 'v']],
    );
    assert.deepEqual(b!.expects, []);
    assert.deepEqual(doc.problems, []);
  });

  it('before any query it is a syntax problem', () => {
    assert.match(parseDocument('@expect count == 1\n').problems[0]!.message, /belongs to a query/);
  });

  it('incremental parsing equals a full parse with @expect lines (fixed random start)', () => {
    const fragment = fc.constantFrom(
      '### q\n',
      '\n',
      'list=allpages\n',
      '@expect count == 1\n',
      '@expect\n',
      '@expect any title ~ /x/\n',
      '@v = 1\n',
      '# c\n',
      '@',
      'expect',
      ' ',
      '=',
      'x',
    );
    const text = fc.array(fragment, { maxLength: 40 }).map((p) => p.join(''));
    const edit = fc.tuple(
      fc.nat(),
      fc.nat({ max: 20 }),
      fc.array(fragment, { maxLength: 3 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(text, fc.array(edit, { minLength: 1, maxLength: 4 }), (original, edits) => {
        let current = original;
        let tree = parseDocument(current);
        for (const [at, length, insert] of edits) {
          const start = current.length === 0 ? 0 : at % (current.length + 1);
          current = current.slice(0, start) + insert + current.slice(Math.min(current.length, start + length));
          tree = reparseDocument(tree, current);
          assert.deepStrictEqual(tree, parseDocument(current));
        }
      }),
      fixedRandom(1414, 300),
    );
  });
});

describe('the expectation grammar', () => {
  it('reads every documented form', () => {
    const ok = (t: string) => {
      const r = parseExpectation(t);
      assert.ok(r.ok, `${t}: ${r.ok ? '' : r.message}`);
      return r.expectation;
    };
    assert.deepEqual(ok('count == 12'), { kind: 'count', op: '==', value: 12 });
    assert.deepEqual(ok('count>=1'), { kind: 'count', op: '>=', value: 1 });
    assert.deepEqual(ok('all ns == 0'), { kind: 'rows', quantifier: 'all', field: ['ns'], test: { op: '==', value: '0' } });
    assert.deepEqual(ok('any title == "A \\"quoted\\" title"'), {
      kind: 'rows',
      quantifier: 'any',
      field: ['title'],
      test: { op: '==', value: 'A "quoted" title' },
    });
    assert.deepEqual(ok('any title == Albert Einstein'), {
      kind: 'rows',
      quantifier: 'any',
      field: ['title'],
      test: { op: '==', value: 'Albert Einstein' },
    });
    assert.deepEqual(ok('none revisions.user ~ /bot$/i'), {
      kind: 'rows',
      quantifier: 'none',
      field: ['revisions', 'user'],
      test: { op: '~', pattern: 'bot$', flags: 'i' },
    });
    assert.deepEqual(ok('all title !~ /a/b/'), {
      kind: 'rows',
      quantifier: 'all',
      field: ['title'],
      test: { op: '!~', pattern: 'a/b', flags: '' },
    });
    assert.deepEqual(ok('all size <= 1000'), { kind: 'rows', quantifier: 'all', field: ['size'], test: { op: '<=', value: 1000 } });
    assert.deepEqual(ok('all missing exists'), { kind: 'rows', quantifier: 'all', field: ['missing'], test: { op: 'exists' } });
    assert.deepEqual(ok('no warnings'), { kind: 'no', what: 'warnings' });
    assert.deepEqual(ok('no errors'), { kind: 'no', what: 'errors' });
  });

  it('says what is wrong, and where', () => {
    const bad = (t: string) => {
      const r = parseExpectation(t);
      assert.ok(!r.ok, t);
      return [r.message, t.slice(r.start, r.end)];
    };
    assert.match(bad('countt == 1')[0]!, /Unknown expectation "countt"/);
    assert.equal(bad('countt == 1')[1], 'countt');
    assert.match(bad('count = 1')[0]!, /comparison/);
    assert.match(bad('count == many')[0]!, /whole number/);
    assert.match(bad('all size > big')[0]!, /needs a number/);
    assert.match(bad('any title ~ /[/')[0]!, /Not a valid regular expression/);
    assert.match(bad('any title ~ /x/g')[0]!, /not flags/);
    assert.match(bad(`any title ~ /${'a'.repeat(201)}/`)[0]!, /longer than 200/);
    assert.match(bad('any title == "unterminated')[0]!, /one JSON string/);
    assert.match(bad('no problems')[0]!, /"warnings" or "errors"/);
    assert.match(bad('')[0]!, /needs an expectation/);
  });

  it('survives random input without throwing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (t) => void parseExpectation(t)),
      fixedRandom(14, 2000),
    );
  });
});

describe('bad-expect diagnostics', () => {
  it('marks the wrong part of a bad @expect line with its own code, and nothing on good ones', () => {
    const ds = diagnose(
      '@endpoint = https://w.example/w/api.php\n### A\nlist=allpages\n@expect count == 1\n@expect counts == 1\n@expect any title ~ /(/\n',
    );
    assert.deepEqual(
      ds.map((d) => [d.line, d.code, d.severity, d.covered]),
      [
        [5, 'bad-expect', 1, 'counts'],
        [6, 'bad-expect', 1, '/(/'],
      ],
    );
  });
});

describe('checking expectations', () => {
  const rows = [
    { title: 'Alpha', ns: 0, size: 10, revisions: [{ user: 'Ann' }, { user: 'Bot' }] },
    { title: 'Beta', ns: 0, size: 2000, revisions: [{ user: 'Ann' }] },
    { title: 'Talk:Gamma', ns: 1 },
  ];
  const text = (lines: string[]) => `### q\nlist=allpages\n${lines.map((l) => `@expect ${l}`).join('\n')}\n`;

  it('passes and fails as the rows say, with what was found', () => {
    assert.deepEqual(
      results(
        text([
          'count == 3',
          'count > 3',
          'all ns == 0',
          'any title == Beta',
          'none title ~ /^Talk:/',
          'any revisions.user == Bot',
          'all size exists',
          'any size > 1000',
          'all title != Delta',
        ]),
        run(rows),
      ),
      [
        [3, true, '3 rows'],
        [4, false, '3 rows'],
        [5, false, 'row 3 ("Talk:Gamma") does not: ns is "1"'],
        [6, true, '1 of 3 rows matches, first row 2 ("Beta")'],
        [7, false, '1 row matches, first row 3 ("Talk:Gamma"): title is "Talk:Gamma"'],
        [8, true, '1 of 3 rows matches, first row 1 ("Alpha")'],
        [9, false, 'row 3 ("Talk:Gamma") does not: size is missing'],
        [10, true, '1 of 3 rows matches, first row 2 ("Beta")'],
        [11, true, 'all 3 rows match'],
      ],
    );
  });

  it('checks warnings and errors, and judges nothing else on an incomplete run', () => {
    const warning = { severity: 'warning' as const, code: 'unrecognizedparams', text: 'Unrecognized parameter: x.', module: 'main' };
    const doc = parseDocument(text(['no warnings', 'no errors', 'count >= 0']));
    const out = checkExpectations(
      doc.queries[0]!.expects,
      run(rows, { warnings: [warning], complete: false, incomplete: 'stopped after 1 page' }),
    );
    assert.deepEqual(
      out.map((x) => [x.line + 1, x.passed, x.errored ?? false, x.message]),
      [
        [3, false, false, '1 warning: unrecognizedparams: Unrecognized parameter: x.'],
        [4, false, true, 'the run did not complete (stopped after 1 page)'],
        [5, false, true, 'the run did not complete (stopped after 1 page)'],
      ],
    );
  });

  it("a failed run passes nothing: every expectation is unjudged with the run's failure", () => {
    const doc = parseDocument(text(['no warnings', 'no errors', 'count >= 0', 'none title == Main Page']));
    const out = checkExpectations(
      doc.queries[0]!.expects,
      run([], { complete: false, failure: 'Could not connect to 127.0.0.1:9 (ECONNREFUSED).' }),
    );
    assert.deepEqual(
      out.map((x) => [x.passed, x.errored, x.message]),
      Array(4).fill([false, true, 'the run failed: Could not connect to 127.0.0.1:9 (ECONNREFUSED).']),
    );
  });

  it('an answer with an API error judges only `no errors`; row checks on its zero rows are unjudged', () => {
    const error = {
      severity: 'error' as const,
      code: 'badvalue',
      text: 'Unrecognized value for parameter "apnamespace": notanumber.',
      module: 'allpages',
    };
    const doc = parseDocument(text(['no errors', 'all ns == 0', 'count < 5', 'no warnings']));
    const out = checkExpectations(doc.queries[0]!.expects, run([], { errors: [error] }));
    assert.deepEqual(
      out.map((x) => [x.line + 1, x.passed, x.errored ?? false]),
      [
        [3, false, false],
        [4, false, true],
        [5, false, true],
        [6, false, true],
      ],
    );
    assert.match(out[1]!.message, /^the wiki answered with an error \(badvalue: Unrecognized value/);
  });

  it('a catastrophic regex against a long value is stopped, not hung', () => {
    const started = Date.now();
    const out = results(text(['any title ~ /(a+)+$/']), run([{ title: `${'a'.repeat(5000)}!` }]));
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    assert.equal(out[0]![1], false);
    assert.match(String(out[0]![2]), /took longer than 1000 ms and was stopped/);
    assert.throws(() => matchAll('(a+)+$', '', ['a'.repeat(40) + 'b'], 100), RegexTimeoutError);
    assert.deepEqual(matchAll('^a', 'i', ['Abc', 'b', 'x'.repeat(20_000) + 'a']), [true, false, false]);
  });

  it('twenty catastrophic regex lines share one time budget per run: stopped well under 20 s, the rest say the budget ran out', () => {
    const lines = [...Array.from({ length: 20 }, () => 'any title ~ /(a+)+$/'), 'count == 1'];
    const started = Date.now();
    const out = checkExpectations(parseDocument(text(lines)).queries[0]!.expects, run([{ title: `${'a'.repeat(5000)}!` }]));
    const took = Date.now() - started;
    assert.ok(took < 5000, `took ${took} ms`);
    assert.ok(out.slice(0, 20).every((r) => !r.passed));
    const outOfBudget = out.filter((r) => /used up their time budget \(3000 ms\)/.test(r.message));
    assert.ok(outOfBudget.length >= 16, out.map((r) => r.message).join('\n'));
    assert.ok(outOfBudget.every((r) => r.errored));
    // Checks without a regular expression are still judged.
    assert.deepEqual([out[20]!.passed, out[20]!.message], [true, '1 row']);
  });
});

describe('JUnit XML', () => {
  it('escapes hostile names and messages and drops characters XML cannot hold', () => {
    const xml = junitXml([
      {
        file: 'a&b.mwq',
        query: '<q> "x"',
        seconds: 0.5,
        result: { line: 4, text: 'any title == "]]></x>"', passed: false, message: 'bad\u0000\u0007 & <worse>' },
      },
      { file: 'a&b.mwq', query: 'ok', seconds: 0, result: { line: 9, text: 'count == 1', passed: true, message: '1 row' } },
    ]);
    assert.match(xml, /<testsuite name="a&amp;b.mwq" tests="2" failures="1"/);
    assert.match(xml, /classname="&lt;q&gt; &quot;x&quot;" name="any title == &quot;\]\]&gt;&lt;\/x&gt;&quot; \(line 5\)"/);
    assert.match(xml, /message="bad\ufffd\ufffd &amp; &lt;worse&gt;"/);
    assert.ok(!/[\u0000-\u0008]/.test(xml));
    assert.match(xml, /<testcase classname="ok" name="count == 1 \(line 10\)" file="a&amp;b.mwq" line="10" time="0.000"\/>/);
  });

  it("an expectation its run could not judge is an <error> with the run's failure as message", () => {
    const xml = junitXml([
      {
        file: 'f.mwq',
        query: 'q',
        seconds: 1,
        result: { line: 2, text: 'no errors', passed: false, errored: true, message: 'the run failed: Could not connect (ECONNREFUSED).' },
      },
      { file: 'f.mwq', query: 'q', seconds: 1, result: { line: 3, text: 'count == 1', passed: false, message: '0 rows' } },
    ]);
    assert.match(xml, /<testsuites name="mwq test" tests="2" failures="1" errors="1">/);
    assert.match(xml, /tests="2" failures="1" errors="1" skipped="0"/);
    assert.match(xml, /<error message="the run failed: Could not connect \(ECONNREFUSED\)\.">f\.mwq:3: @expect no errors: /);
    assert.equal((xml.match(/<failure /g) ?? []).length, 1);
  });
});

describe('the verdict in the run summary', () => {
  it('says how many expectations passed and which lines failed, or asks for all pages', () => {
    const doc = parseDocument('### q\nlist=allpages\n@expect count == 2\n@expect all ns == 0\n@expect no warnings\n');
    const q = doc.queries[0]!;
    assert.equal(expectationSummary(q, [{ ns: 0 }, { ns: 0 }], [], [], true), ' · expectations 3/3 ✓');
    assert.equal(expectationSummary(q, [{ ns: 0 }, { ns: 1 }, { ns: 0 }], [], [], true), ' · expectations 1/3, ✗ lines 3, 4');
    assert.equal(expectationSummary(q, [], [], [], false), ' · expectations: run all pages to check them');
    assert.equal(
      expectationSummary(q, [], [], [], false, 'The name x.invalid could not be looked up (ENOTFOUND)'),
      ' · expectations 0/3: the run failed',
    );
    const refused = [{ severity: 'error' as const, code: 'badvalue', text: 'Bad.', module: 'main' }];
    assert.equal(expectationSummary(q, [], [], refused, true), ' · expectations 0/3: the wiki answered with an error');
    assert.equal(expectationSummary(parseDocument('list=allpages\n').queries[0]!, [], [], [], true), '');
  });
});
