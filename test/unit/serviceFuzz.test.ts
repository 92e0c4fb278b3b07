// Property tests over every entry point of the language service: random
// documents and positions, including huge lines, thousands of `|` values,
// control characters, lone surrogates, CRLF and CR line ends. Nothing throws,
// every range lies inside the document, formatting is idempotent.
// A fixed random start keeps the run reproducible; MWQ_FUZZ_RUNS=100000 runs longer.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { fixedRandom } from './fixedRandom';

const RUNS = Number(process.env.MWQ_FUZZ_RUNS ?? 1500);
const RANDOM_START = Number(process.env.MWQ_FUZZ_SEED ?? 424242);

const anyChar = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const fragment = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '### q\n',
      '\n',
      '\r\n',
      '\r',
      'list=',
      'prop=',
      'meta=',
      'generator=',
      'titles=A|B',
      'allpages',
      'revisions',
      'search',
      '|',
      '=',
      ' = ',
      '  ',
      '\t',
      '@v = x\n',
      '{{v}}',
      '{{$secret t}}',
      '{{',
      '}}',
      '# c\n',
      '// c\n',
      'https://w/api.php?list=allpagez&aplimit=600',
      '%',
      'aplimit=max',
      'aplimit=600',
      'rvprop=ids|user',
      'rvslots=*',
      'rvcontentformat-main=x',
      'redirects=false',
      'wltoken=abc',
      'srsearch=x',
      'apnamespace=-1',
      'lestart=yesterday',
      'bkusers=1.2.3.4/99',
      'rcshow=bot|!bot',
      '\u0000',
      '\ud800',
      '\udfff',
      '\u2028',
      '\ufeff',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: anyChar, maxLength: 6 }) },
);
const documentText = fc.oneof(
  { weight: 10, arbitrary: fc.array(fragment, { maxLength: 80 }).map((parts) => parts.join('')) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 500, max: 5000 })
      .map(
        (n) =>
          `list=allpages\naplimit=${'9'.repeat(n)}\nrvprop=${Array.from({ length: n }, (_, i) => (i % 3 ? 'ids' : 'x' + i)).join('|')}`,
      ),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1000, max: 20000 }).map((n) => `titles=${'A|'.repeat(n)}\n${'z'.repeat(n * 3)}=${'y'.repeat(n)}`),
  },
);

function inside(document: TextDocument, range: Range): boolean {
  const { start, end } = range;
  const ok = (p: { line: number; character: number }) => p.line >= 0 && p.line < document.lineCount && p.character >= 0;
  return ok(start) && ok(end) && document.offsetAt(start) <= document.offsetAt(end) && document.offsetAt(end) <= document.getText().length;
}

describe('service fuzzing', () => {
  it(`every entry point survives random documents and positions (random start ${RANDOM_START})`, () => {
    const service = createLanguageService();
    let cases = 0;
    let calls = 0;
    fc.assert(
      fc.property(documentText, fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), (text, positions) => {
        cases++;
        const document = TextDocument.create(`file:///fuzz/${cases}.mwq`, 'mwquery', 1, text);
        const diagnostics = service.validate(document);
        for (const d of diagnostics) assert.ok(inside(document, d.range), `diagnostic range ${JSON.stringify(d.range)}`);
        for (const s of service.documentSymbols(document)) {
          assert.ok(inside(document, s.range) && inside(document, s.selectionRange));
          for (const c of s.children ?? []) assert.ok(inside(document, c.range));
        }
        for (const f of service.foldingRanges(document)) assert.ok(f.startLine <= f.endLine && f.endLine < document.lineCount);
        for (const n of positions) {
          const position = document.positionAt(text.length === 0 ? 0 : n % (text.length + 1));
          const list = service.complete(document, position);
          for (const item of list.items) {
            const edit = item.textEdit as { range: Range } | undefined;
            if (edit) assert.ok(inside(document, edit.range), `completion edit ${JSON.stringify(edit.range)}`);
          }
          const hover = service.hover(document, position);
          if (hover?.range) assert.ok(inside(document, hover.range));
          calls += 2;
        }
        for (const d of diagnostics.slice(0, 10)) {
          for (const action of service.codeActions(document, d.range)) {
            const edits = action.edit?.changes?.[document.uri] ?? [];
            for (const e of edits) assert.ok(inside(document, e.range), `code action edit ${JSON.stringify(e.range)}`);
            TextDocument.applyEdits(document, edits); // throws on overlapping edits
            calls++;
          }
        }
        const formatted = TextDocument.applyEdits(document, service.format(document));
        const again = TextDocument.create(`file:///fuzz/${cases}-formatted.mwq`, 'mwquery', 1, formatted);
        assert.deepEqual(service.format(again), [], 'formatting is idempotent');
        service.forget(document.uri);
        service.forget(again.uri);
      }),
      fixedRandom(RANDOM_START, RUNS),
    );
    console.log(`service fuzz: ${cases} documents, ${calls} position/action calls, random start ${RANDOM_START}`);
    assert.equal(cases, RUNS);
  });

  it(`the content entry points survive random documents, answers and positions (random start ${RANDOM_START})`, () => {
    const service = createLanguageService();
    const contentFragment = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          '### q\n',
          '\n',
          '\r\n',
          'titles=',
          'pageids=',
          'revids=',
          'list=categorymembers|usercontribs|users\n',
          'prop=templates|revisions\n',
          'cmtitle=',
          'tltemplates=',
          'ucuser=',
          'ususers=',
          'rctag=',
          'uselang=',
          'apnamespace=',
          'cmnamespace=0|14',
          'Page 1',
          '12',
          '|',
          '{{v}}',
          '@v = x\n',
          'redirects\n',
          'Category:',
          '\u0000',
          '\ud800',
          '__proto__',
        ),
      },
      { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
    );
    const fact = fc.record(
      {
        missing: fc.constantFrom(true, undefined),
        invalid: fc.constantFrom(undefined, 'bad\u0000', 5),
        normalized: fc.constantFrom(undefined, 'N|x', '\u202eX'),
        redirectTo: fc.constantFrom(undefined, 'T'),
        title: fc.constantFrom(undefined, 'T\n', 7),
      },
      { requiredKeys: [] },
    );
    let cases = 0;
    let flagged = 0;
    let sites = 0;
    fc.assert(
      fc.property(
        fc.array(contentFragment, { maxLength: 60 }).map((parts) => parts.join('')),
        fact,
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (text, f, positions) => {
          cases++;
          const document = TextDocument.create(`file:///fuzz/content-${cases}.mwq`, 'mwquery', 1, text);
          const q = service.contentQuestions(document);
          const record = (values: string[]) => Object.fromEntries(values.map((v) => [v, f as any]));
          const answers = { titles: record(q.titles), pageids: record(q.pageids), revids: record(q.revids), users: record(q.users) };
          const diagnostics = service.contentDiagnostics(document, answers);
          flagged += diagnostics.length;
          for (const d of diagnostics) assert.ok(inside(document, d.range), `content diagnostic range ${JSON.stringify(d.range)}`);
          for (const d of diagnostics.slice(0, 10)) {
            for (const action of service.codeActions(document, d.range))
              TextDocument.applyEdits(document, action.edit?.changes?.[document.uri] ?? []);
          }
          const whole = { start: { line: 0, character: 0 }, end: document.positionAt(text.length) };
          for (const hint of service.inlayHints(document, whole, answers))
            assert.ok(inside(document, { start: hint.position, end: hint.position }));
          for (const n of positions) {
            const site = service.liveValueQuestionAt(document, document.positionAt(text.length === 0 ? 0 : n % (text.length + 1)));
            if (!site) continue;
            sites++;
            assert.ok(inside(document, site.range));
            service.liveValueCompletions({ values: [{ value: 'A' }, { value: 5 as any }, null as any], incomplete: false }, site);
          }
          service.forget(document.uri);
        },
      ),
      fixedRandom(RANDOM_START, Math.min(RUNS, 800)),
    );
    console.log(`content fuzz: ${cases} documents, ${flagged} content diagnostics, ${sites} live-value sites`);
    assert.ok(flagged > 0 && sites > 0, 'the random documents name content');
  });
});
