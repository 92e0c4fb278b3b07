// `{{#Query name.field}}`: references, diagnostics, completion, and the
// pure parts of the chained run (values, batches' values). The run itself is
// tested against the test wiki in test/wikiRuns/chaining.test.ts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chainRefOf, findCycle } from '../../common/src/chain/chainRef';
import { fieldValues, joinValues } from '../../common/src/runner/chainedSession';
import { parseDocument } from '../../common/src/parser';
import { completionLabels, diagnose, service, withCursor } from './serviceHelpers';

const HEAD = '@endpoint = https://w.example/w/api.php\n### Members\nlist=categorymembers\ncmtitle=Category:X\ncmprop=ids|title|sortkey\n\n';

describe('chain references', () => {
  it('reads the name (dots and spaces allowed) and the field after the last dot, with spans', () => {
    const value = '{{# Pages v1.2 .title}}';
    const ref = chainRefOf(value, 100)!;
    assert.equal(ref.queryName, 'Pages v1.2');
    assert.equal(ref.field, 'title');
    assert.equal(value.slice(ref.nameSpan.start - 100, ref.nameSpan.end - 100), 'Pages v1.2');
    assert.equal(value.slice(ref.fieldSpan.start - 100, ref.fieldSpan.end - 100), 'title');
    assert.equal(chainRefOf('a{{#X.title}}', 0), undefined);
    assert.equal(chainRefOf('{{X}}', 0), undefined);
  });

  it('finds cycles, including a query that takes from itself', () => {
    const doc = parseDocument(
      '### A\ntitles={{#B.title}}\n### B\ntitles={{#A.title}}\n### C\ntitles={{#C.title}}\n### D\ntitles={{#A.title}}\n',
    );
    assert.deepEqual(findCycle(doc, doc.queries[0]!), ['A', 'B', 'A']);
    assert.deepEqual(findCycle(doc, doc.queries[2]!), ['C', 'C']);
    assert.deepEqual(findCycle(doc, doc.queries[3]!), ['A', 'B', 'A']);
  });
});

describe('chain diagnostics', () => {
  const seen = (text: string) => diagnose(HEAD + text).map((d) => [d.code, d.severity, d.covered]);

  it('a good reference has no diagnostic, and its value is not checked as a value (pageids is an integer list)', () => {
    assert.deepEqual(seen('### Info\nprop=info\npageids={{#Members.pageid}}\n'), []);
  });

  it('unknown query, unknown field, cycle, misuse', () => {
    assert.deepEqual(seen('### Info\nprop=info\ntitles={{#Membrs.title}}\n'), [['unknown-query', 1, 'Membrs']]);
    assert.match(diagnose(HEAD + '### Info\nprop=info\ntitles={{#Membrs.title}}\n')[0]!.message, /did you mean "Members"/);
    assert.deepEqual(seen('### Info\nprop=info\ntitles={{#Members.titel}}\n'), [['unknown-field', 2, 'titel']]);
    assert.deepEqual(
      seen('### A\nprop=info\ntitles={{#B.title}}\n### B\nprop=info\ntitles={{#A.title}}\n').map((d) => d[0]),
      ['chain-cycle', 'chain-cycle'],
    );
    assert.deepEqual(seen('### Info\nprop=info\ntitles=Main|{{#Members.title}}\n'), [['bad-chain', 1, 'Main|{{#Members.title}}']]);
  });
});

describe('chain completion', () => {
  it('offers the other queries after {{# and the fields after the dot', () => {
    const names = completionLabels(HEAD + '### Other\nlist=allpages\n\n### Info\nprop=info\ntitles={{#{|}\n');
    assert.deepEqual(names.sort(), ['Members', 'Other']);
    const fields = completionLabels(HEAD + '### Info\nprop=info\ntitles={{#Members.{|}\n');
    assert.ok(fields.includes('title') && fields.includes('pageid') && fields.includes('sortkeyprefix'), fields.join(' '));
  });

  it('in the order a person picks them: query names in file order, then title, pageid, ns before the other fields; a name opens the fields', () => {
    const ordered = (text: string) => {
      const { document, position } = withCursor(text);
      return service
        .complete(document, position)
        .items.slice()
        .sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label))
        .map((i) => i.label);
    };
    assert.deepEqual(ordered(HEAD + '### Other\nlist=allpages\n\n### Info\nprop=info\ntitles={{#{|}\n'), ['Members', 'Other']);
    const fields = ordered(HEAD + '### Info\nprop=info\ntitles={{#Members.{|}\n');
    assert.deepEqual(fields.slice(0, 3), ['title', 'pageid', 'ns'], fields.join(' '));
    assert.deepEqual(fields.slice(3), fields.slice(3).sort());
    const { document, position } = withCursor(HEAD + '### Info\nprop=info\ntitles={{#{|}\n');
    assert.equal(service.complete(document, position).items[0]!.command?.command, 'editor.action.triggerSuggest');
  });
});

describe('values of a chained run', () => {
  it('takes each value once, in order, as text; arrays spread; objects and empty values skipped', () => {
    assert.deepEqual(fieldValues([{ t: 'A' }, { t: 'B' }, { t: 'A' }, { t: 3 }, { t: ['C', 'B'] }, { t: { x: 1 } }, { t: '' }, {}], 't'), [
      'A',
      'B',
      '3',
      'C',
    ]);
  });

  it('joins with | unless a value holds one, then with U+001F', () => {
    assert.equal(joinValues(['A', 'B']), 'A|B');
    assert.equal(joinValues(['A|B', 'C']), '\x1fA|B\x1fC');
  });
});
