// Completion in every context a line offers (docs/file-format.md), with a cursor marker.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { applyEdits, completionLabels, documentOf, service, withCursor } from './serviceHelpers';

const has = (labels: string[], ...expected: string[]) => {
  for (const e of expected)
    assert.ok(labels.includes(e), `expected ${e} in ${labels.slice(0, 40).join(', ')}${labels.length > 40 ? ', …' : ''}`);
};
const lacks = (labels: string[], ...unexpected: string[]) => {
  for (const u of unexpected) assert.ok(!labels.includes(u), `did not expect ${u}`);
};

describe('completion', () => {
  it('offers the modules of each group after list=, prop=, meta=', () => {
    const list = completionLabels('list={|}');
    assert.equal(list.length, 37);
    has(list, 'allpages', 'categorymembers', 'search');
    lacks(list, 'revisions', 'siteinfo');
    const prop = completionLabels('prop={|}');
    assert.equal(prop.length, 22);
    has(prop, 'revisions', 'info');
    const meta = completionLabels('meta={|}');
    assert.equal(meta.length, 9);
    has(meta, 'siteinfo', 'userinfo', 'tokens');
  });

  it('offers nothing in query names and comments, not even variables after {{', () => {
    for (const text of ['### Pipe{|}', '### Pipe {{{|}', '# a note {{{|}', '// list={|}', '@v = 1\n### Uses {{{|}', '  ### indented{|}']) {
      assert.deepEqual(completionLabels(text), [], text);
    }
    // ...while a value line still offers them
    has(completionLabels('@v = 1\n### q\ntitles={{{|}'), 'v');
  });

  it('offers only generator modules after generator=', () => {
    const labels = completionLabels('generator={|}');
    assert.equal(labels.length, 36);
    has(labels, 'allpages', 'categorymembers', 'revisions', 'watchlistraw');
    lacks(labels, 'allusers', 'siteinfo', 'info');
  });

  it('offers the values not yet used after a |', () => {
    const labels = completionLabels('list=allpages|{|}');
    lacks(labels, 'allpages');
    has(labels, 'allusers');
    const rv = completionLabels('prop=revisions\ntitles=A\nrvprop=ids|timestamp|{|}');
    lacks(rv, 'ids', 'timestamp');
    has(rv, 'user', 'comment', 'content');
  });

  it('marks deprecated modules and values and sorts them last', () => {
    const { document, position } = withCursor('list={|}');
    const items = service.complete(document, position).items;
    const deletedrevs = items.find((i) => i.label === 'deletedrevs')!;
    assert.deepEqual(deletedrevs.tags, [1]);
    const sorted = [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    assert.equal(sorted.at(-1)!.label, 'deletedrevs');
    const rv = withCursor('prop=revisions\ntitles=A\nrvprop={|}');
    const parsetree = service.complete(rv.document, rv.position).items.find((i) => i.label === 'parsetree')!;
    assert.deepEqual(parsetree.tags, [1]);
  });

  it('offers prefixed parameter names of the modules in the query, at the start of a line', () => {
    const labels = completionLabels('list=allpages\n{|}');
    has(labels, 'apprefix', 'aplimit', 'apnamespace', 'titles', 'generator', 'maxlag', 'assert');
    lacks(labels, 'rvprop', 'gapprefix', 'format', 'action');
  });

  it('offers g-prefixed names for the generator', () => {
    const labels = completionLabels('generator=categorymembers\nprop=info\n{|}');
    has(labels, 'gcmtitle', 'gcmlimit', 'inprop');
    lacks(labels, 'cmtitle');
  });

  it('leaves out names already used in the query', () => {
    const labels = completionLabels('list=allpages\napprefix=A\nap{|}');
    lacks(labels, 'apprefix', 'list');
    has(labels, 'aplimit');
    // Another query's names do not count.
    has(completionLabels('### one\nlist=allpages\napprefix=A\n### two\nlist=allpages\n{|}'), 'apprefix');
  });

  it('offers enumeration values, max for limits, * for allspecifiers', () => {
    has(completionLabels('list=allpages\napfilterredir={|}'), 'all', 'redirects', 'nonredirects');
    assert.deepEqual(completionLabels('list=allpages\naplimit={|}'), ['max']);
    const slots = completionLabels('prop=revisions\ntitles=A\nrvslots={|}');
    has(slots, '*', 'main');
    lacks(completionLabels('list=allpages\napminsize={|}'), 'max');
  });

  it('offers namespace numbers with their names', () => {
    const { document, position } = withCursor('list=allpages\napnamespace={|}');
    const items = service.complete(document, position).items;
    const main = items.find((i) => i.label === '0')!;
    assert.equal(main.labelDetails?.description, '(Main)');
    has(
      items.map((i) => i.label),
      '0',
      '1',
      '10',
      '14',
    );
    lacks(
      items.map((i) => i.label),
      '-1',
      '-2',
    );
    // Extra namespaces where the parameter accepts them.
    has(completionLabels('list=alllinks\nalnamespace={|}'), '-1', '-2');
  });

  it('offers nothing after a boolean', () => {
    assert.deepEqual(completionLabels('titles=A\nredirects={|}'), []);
  });

  it('offers templated names once the slots are named', () => {
    lacks(completionLabels('prop=revisions\ntitles=A\n{|}'), 'rvcontentformat-main');
    has(completionLabels('prop=revisions\ntitles=A\nrvslots=main\n{|}'), 'rvcontentformat-main');
    has(completionLabels('prop=revisions\ntitles=A\nrvslots=*\n{|}'), 'rvcontentformat-main');
  });

  it('continues values on a continuation line', () => {
    const labels = completionLabels('prop=revisions\ntitles=A\nrvprop=ids\n  |{|}');
    has(labels, 'user');
    lacks(labels, 'ids');
  });

  it('works on a half-typed line inside a query that does not parse', () => {
    const labels = completionLabels('list=allpages\nthis is broken\n=\napli{|}');
    has(labels, 'aplimit');
    has(completionLabels('list=allp{|}'), 'allpages');
  });

  it('replaces the word being typed and adds = with a re-trigger for names with values', () => {
    const { document, position } = withCursor('list=allpages\napli{|}');
    const item = service.complete(document, position).items.find((i) => i.label === 'aplimit')!;
    assert.equal(applyEdits(document, [item.textEdit as never]), 'list=allpages\naplimit=');
    assert.equal(item.command?.command, 'editor.action.triggerSuggest');
    const flag = service.complete(document, position).items.find((i) => i.label === 'redirects')!;
    assert.equal((flag.textEdit as { newText: string }).newText, 'redirects');
  });

  it('carries documentation: type, default, limits', () => {
    const { document, position } = withCursor('list=allpages\n{|}');
    const item = service.complete(document, position).items.find((i) => i.label === 'aplimit')!;
    assert.match(item.detail!, /limit · default 10 · 1–500/);
    assert.match((item.documentation as { value: string }).value, /5000 with apihighlimits/);
  });

  it('offers snippets at the start of an empty query', () => {
    const labels = completionLabels('### new\n{|}');
    has(labels, 'All pages with a prefix', 'Category members', 'Recent changes', 'Revisions of a page', 'Site info');
    lacks(completionLabels('### q\nlist=allpages\n{|}'), 'Category members');
  });

  it('offers variables and $env/$secret inside {{', () => {
    has(completionLabels('@page = X\ntitles={{{|}'), 'page', '$env', '$secret');
  });
});

describe('completion at every position of the examples', () => {
  const dir = path.join(__dirname, '..', '..', 'examples');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mwq'))) {
    it(`answers without error everywhere in ${file}`, () => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const document = documentOf(text);
      let positions = 0;
      for (let offset = 0; offset <= text.length; offset++) {
        const position = document.positionAt(offset);
        const list = service.complete(document, position);
        assert.ok(Array.isArray(list.items));
        service.hover(document, position);
        positions++;
      }
      assert.equal(positions, text.length + 1);
    });
  }
});
