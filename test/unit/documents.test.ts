// Which document view an answer offers (common/src/results/documents.ts), on
// the answers the real test wiki gave (test/fixtures/documents/, captured by
// test/wikiRuns/documentViews.test.ts on 1.39 and 1.43) and on shapes read
// from the rule alone; and the preview frame's policy.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerDocuments, documentKind, previewPolicy } from '../../common/src/results/documents';
import { answerParts } from '../../common/src/results/parts';

const fixture = (version: string, name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'documents', version, `${name}.json`), 'utf8'));
const offered = (answer: unknown) => answerDocuments(answerParts([answer])).map((d) => `${d.kind}:${d.part}.${d.field}`);

describe('document views by the answer’s shape', () => {
  for (const version of ['1.39', '1.43']) {
    it(`captured answers (${version}): parse → Preview and Wikitext, compare → Diff, expandtemplates → Wikitext`, () => {
      assert.deepEqual(offered(fixture(version, 'parse')), ['html:parse.text', 'wikitext:parse.wikitext']);
      assert.deepEqual(offered(fixture(version, 'compare')), ['diff:compare.body']);
      assert.deepEqual(offered(fixture(version, 'expandtemplates')), ['wikitext:expandtemplates.wikitext']);
    });
  }

  it('reads the members, not the action: any module with a `text` of HTML, a `body` of rows, a `wikitext`', () => {
    assert.deepEqual(offered({ someextension: { text: '<p>hi</p>', body: '', wikitext: "''x''" } }), [
      'html:someextension.text',
      'diff:someextension.body',
      'wikitext:someextension.wikitext',
    ]);
    // formatversion 1: { "*": text }
    assert.deepEqual(offered({ parse: { title: 'A', text: { '*': '<div>x</div>' } } }), ['html:parse.text']);
  });

  it('offers nothing for text that is not that document, nor for rows of a list', () => {
    assert.equal(documentKind('text', 'plain words'), undefined);
    assert.equal(documentKind('body', '<div>not diff rows</div>'), undefined);
    assert.equal(documentKind('comment', '<p>x</p>'), undefined);
    assert.deepEqual(offered({ query: { allpages: [{ title: 'A', text: '<p>x</p>', wikitext: 'y' }] } }), []);
    assert.deepEqual(offered({ query: { general: { text: 'no' } } }), []);
  });

  it('the preview policy: nothing loads but images of the given origin; a malformed origin gives none', () => {
    assert.equal(previewPolicy(), "default-src 'none'; img-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'");
    assert.match(previewPolicy('https://wiki.example.org'), /img-src https:\/\/wiki\.example\.org;/);
    assert.match(previewPolicy("https://a.org; script-src 'unsafe-inline'"), /img-src 'none';/);
    assert.match(previewPolicy('https://a.org/path'), /img-src 'none';/);
  });
});
