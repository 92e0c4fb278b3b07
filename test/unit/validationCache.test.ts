// The per-query diagnostics cache: after any sequence of edits, the language
// service (which parses incrementally and reuses the diagnostics of queries
// whose nodes survived) gives exactly the diagnostics of a fresh check.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service/languageService';
import { emptyAnswers, type ContentAnswers } from '../../common/src/content/contentTypes';
import { fixedRandom } from './fixedRandom';

const fragment = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '### q\n',
      '\n',
      'list=allpages\n',
      'aplimit=5\n',
      'aplimit=x\n',
      'apfoo=1\n',
      'prop=revisions\n',
      'rvprop=content\n',
      'titles=A|B\n',
      'titles={{v}}\n',
      '@v = A\n',
      'prop=info\n',
      'ucuser=Nobody\n',
      'list=usercontribs\n',
      '@v = 1\n',
      '@v = zz\n',
      '### w\n@v = 2\n',
      'aplimit={{v}}\n',
      '  ',
      'list=categorymembers\n',
      'cmtitle=Category:X\n',
      '|user\n',
      'x',
      '=',
      '#',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);
const text = fc.array(fragment, { maxLength: 50 }).map((parts) => parts.join(''));
const edit = fc.tuple(
  fc.nat(),
  fc.nat({ max: 20 }),
  fc.array(fragment, { maxLength: 3 }).map((p) => p.join('')),
);

const FACTS: ContentAnswers = {
  ...emptyAnswers(),
  titles: { A: { missing: true }, B: { normalized: 'Bb' }, 'Category:X': { invalid: 'bad' } },
  users: { Nobody: { missing: true } },
};

describe('diagnostics cache', () => {
  it('equals a fresh check after random edits, content checks too (fixed random start)', () => {
    let cases = 0;
    fc.assert(
      fc.property(text, fc.array(edit, { minLength: 1, maxLength: 6 }), (original, edits) => {
        const service = createLanguageService();
        const document = TextDocument.create('file:///a.mwq', 'mwquery', 1, original);
        service.validate(document);
        let current = original;
        for (const [at, length, insert] of edits) {
          const start = current.length === 0 ? 0 : at % (current.length + 1);
          const end = Math.min(current.length, start + length);
          TextDocument.update(
            document,
            [{ range: { start: document.positionAt(start), end: document.positionAt(end) }, text: insert }],
            document.version + 1,
          );
          current = current.slice(0, start) + insert + current.slice(end);
          const freshService = createLanguageService();
          const freshDocument = TextDocument.create('file:///b.mwq', 'mwquery', 1, current);
          assert.deepStrictEqual(service.validate(document), freshService.validate(freshDocument));
          // The content checks keep their sites per query node too.
          assert.deepStrictEqual(service.contentDiagnostics(document, FACTS), freshService.contentDiagnostics(freshDocument, FACTS));
          cases++;
        }
      }),
      fixedRandom(Number(process.env.MWQ_FUZZ_SEED ?? 4242), Number(process.env.MWQ_FUZZ_RUNS ?? 400)),
    );
    console.log(`diagnostics cache: ${cases} edits compared with fresh checks`);
  });

  it('re-checks a query whose variable changed in another section', () => {
    const service = createLanguageService();
    const document = TextDocument.create('file:///a.mwq', 'mwquery', 1, '@v = 5\n### a\nlist=allpages\naplimit={{v}}\n');
    assert.deepStrictEqual(service.validate(document), []);
    TextDocument.update(document, [{ range: { start: { line: 0, character: 5 }, end: { line: 0, character: 6 } }, text: 'zz' }], 2);
    assert.deepStrictEqual(
      service.validate(document).map((d) => [d.code, d.range.start.line]),
      [['badinteger', 3]],
    );
  });

  it('moves the diagnostics of a query that an edit above it moved', () => {
    const service = createLanguageService();
    const document = TextDocument.create('file:///a.mwq', 'mwquery', 1, '### a\nlist=allpages\n### b\nlist=allpages\naplimit=x\n');
    assert.deepStrictEqual(
      service.validate(document).map((d) => d.range.start.line),
      [4],
    );
    TextDocument.update(
      document,
      [{ range: { start: { line: 1, character: 13 }, end: { line: 1, character: 13 } }, text: '\naplimit=5\n' }],
      2,
    );
    assert.deepStrictEqual(
      service.validate(document).map((d) => d.range.start.line),
      [6],
    );
  });
});
