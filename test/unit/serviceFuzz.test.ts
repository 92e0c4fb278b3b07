// Property tests over every entry point of the language service: random
// documents and positions, including huge lines, thousands of `|` values,
// control characters, lone surrogates, CRLF and CR line ends. Nothing throws,
// every range lies inside the document, formatting is idempotent.
// A fixed seed keeps the run reproducible; MWQ_FUZZ_RUNS=100000 runs longer.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';

const RUNS = Number(process.env.MWQ_FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.MWQ_FUZZ_SEED ?? 424242);

const anyChar = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const fragment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('### q\n', '\n', '\r\n', '\r', 'list=', 'prop=', 'meta=', 'generator=', 'titles=A|B', 'allpages', 'revisions', 'search', '|', '=', ' = ', '  ', '\t', '@v = x\n', '{{v}}', '{{$secret t}}', '{{', '}}', '# c\n', '// c\n', 'https://w/api.php?list=allpagez&aplimit=600', '%', 'aplimit=max', 'aplimit=600', 'rvprop=ids|user', 'rvslots=*', 'rvcontentformat-main=x', 'redirects=false', 'wltoken=abc', 'srsearch=x', 'apnamespace=-1', 'lestart=yesterday', 'bkusers=1.2.3.4/99', 'rcshow=bot|!bot', '\u0000', '\ud800', '\udfff', '\u2028', '\ufeff') },
  { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: anyChar, maxLength: 6 }) },
);
const documentText = fc.oneof(
  { weight: 10, arbitrary: fc.array(fragment, { maxLength: 80 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.integer({ min: 500, max: 5000 }).map((n) => `list=allpages\naplimit=${'9'.repeat(n)}\nrvprop=${Array.from({ length: n }, (_, i) => (i % 3 ? 'ids' : 'x' + i)).join('|')}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20000 }).map((n) => `titles=${'A|'.repeat(n)}\n${'z'.repeat(n * 3)}=${'y'.repeat(n)}`) },
);

function inside(document: TextDocument, range: Range): boolean {
  const { start, end } = range;
  const ok = (p: { line: number; character: number }) => p.line >= 0 && p.line < document.lineCount && p.character >= 0;
  return ok(start) && ok(end) && document.offsetAt(start) <= document.offsetAt(end) && document.offsetAt(end) <= document.getText().length;
}

describe('service fuzzing', () => {
  it(`every entry point survives random documents and positions (seed ${SEED})`, () => {
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
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`service fuzz: ${cases} documents, ${calls} position/action calls, seed ${SEED}`);
    assert.equal(cases, RUNS);
  });
});
