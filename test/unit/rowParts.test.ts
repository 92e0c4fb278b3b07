// Which part of the answers is the result rows, and what is said of the others (pure).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listItemRows, MetaRows, OtherParts, rowPlan } from '../../common/src/runner/rowParts';

const params = (text: string) => text.split('&').map((pair) => ({ name: pair.split('=')[0]!, value: pair.slice(pair.indexOf('=') + 1) }));

describe('rowPlan: the part that is the rows', () => {
  it('is the first list module, then the pages, then none (meta only)', () => {
    assert.equal(rowPlan(params('list=search&srsearch=x')).main, 'search');
    assert.equal(rowPlan(params('list=allpages|allcategories&meta=siteinfo&titles=A')).main, 'allpages');
    assert.equal(rowPlan(params('generator=allpages&prop=info&meta=siteinfo')).main, 'pages');
    assert.equal(rowPlan(params('titles=A|B&prop=revisions')).main, 'pages');
    assert.equal(rowPlan(params('meta=siteinfo&siprop=general')).main, undefined);
    assert.equal(rowPlan(params('titles=&meta=userinfo')).main, undefined);
  });

  it('reads U+001F-separated values and skips names that cannot be keys', () => {
    assert.equal(rowPlan([{ name: 'list', value: '\u001fallusers\u001fallpages' }]).main, 'allusers');
    assert.equal(rowPlan([{ name: 'list', value: ' | bad name|blocks' }]).main, 'blocks');
  });
});

describe('listItemRows', () => {
  it("makes rows of an array, of an object of objects and of querypage's results; nothing of other values", () => {
    assert.deepEqual(listItemRows([{ a: 1 }, 2]), [{ a: 1 }, { value: 2 }]);
    assert.deepEqual(listItemRows({ x: { id: 1 }, y: { id: 2 } }), [{ id: 1 }, { id: 2 }]);
    assert.deepEqual(listItemRows({ name: 'Ancientpages', results: [{ title: 'A' }] }), [{ title: 'A' }]);
    assert.deepEqual(listItemRows({ totalhits: 5 }), []);
    assert.deepEqual(listItemRows('text'), []);
  });
});

describe("MetaRows: a meta-only query's first part", () => {
  it('skips input descriptions and keeps to the first part found', () => {
    const meta = new MetaRows();
    assert.deepEqual(
      meta.add({ normalized: [{ from: 'a', to: 'A' }], userinfo: { id: 0, name: '1.2.3.4' }, tokens: { csrftoken: '+\\' } }),
      [
        { key: 'id', value: 0 },
        { key: 'name', value: '1.2.3.4' },
      ],
    );
    assert.equal(meta.name, 'userinfo');
    assert.deepEqual(meta.add({ tokens: { csrftoken: '+\\' } }), []);
  });

  it('keeps a hostile key as a value, never as a property name', () => {
    const meta = new MetaRows();
    const rows = meta.add(JSON.parse('{"general":{"__proto__":{"x":1},"constructor":2}}') as Record<string, unknown>);
    assert.deepEqual(
      rows.map((r) => r.key),
      ['__proto__', 'constructor'],
    );
    assert.equal(Object.getPrototypeOf(rows[0]), Object.prototype);
  });
});

describe('OtherParts: what stderr says beside the rows', () => {
  it("says a small object whole, a big one by its size, lists by their rows; never the rows' own part", () => {
    const others = new OtherParts(() => 'search');
    others.add({ query: { searchinfo: { totalhits: 1201 }, search: [{ title: 'A' }] } });
    others.add({ query: { searchinfo: { totalhits: 1201 }, search: [{ title: 'B' }], normalized: [{ from: 'a', to: 'A' }] } });
    assert.deepEqual(others.names, ['searchinfo', 'normalized']);
    assert.equal(others.describe(), 'searchinfo (totalhits 1201), normalized (1 row)');
    const site = new OtherParts(() => 'allpages');
    site.add({
      query: {
        allpages: [],
        general: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, i])),
        namespaces: { 0: { id: 0 }, 1: { id: 1 } },
      },
    });
    assert.equal(site.describe(), 'general (60 fields), namespaces (2 rows)');
  });

  it('cuts long names short and names at most 20 parts', () => {
    const others = new OtherParts(() => undefined);
    const query = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`${'x'.repeat(100)}${i}`, { a: 'b' }]));
    others.add({ query });
    const text = others.describe();
    assert.ok(text.endsWith(', 5 more'));
    assert.ok(!text.includes('x'.repeat(65)));
  });
});
