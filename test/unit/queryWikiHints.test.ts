// A query run across several wikis (`@endpoints`) checked with each wiki's
// own catalogue once it is known: what some of them lack is flagged with
// their names. Plain paraminfo-shaped JSON and .mwq text in.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CatalogueSnapshot } from '../../common/src/catalogue/snapshot';
import { parseDocument } from '../../common/src/parser';
import { CatalogueStore } from '../../server/src/catalogue/catalogueStore';
import { buildCatalogue, type Catalogue } from '../../server/src/service/catalogue';
import { queryWikiHints } from '../../server/src/service/environmentHints';
import { createLanguageService } from '../../server/src/service/languageService';

type Module = Record<string, unknown>;
const main: Module = { name: 'main', path: 'main', prefix: '', parameters: [{ name: 'action', type: ['query'] }] };
const query = (lists: string[]): Module => ({
  name: 'query',
  path: 'query',
  prefix: '',
  parameters: [{ name: 'list', type: lists, multi: true }],
});
const allusers = (withExcludeNamed: boolean): Module => ({
  name: 'allusers',
  path: 'query+allusers',
  group: 'list',
  prefix: 'au',
  parameters: [
    { name: 'limit', type: 'limit', min: 1, max: 500 },
    ...(withExcludeNamed ? [{ name: 'excludenamed', type: 'boolean' }] : []),
  ],
});
const linterrors: Module = {
  name: 'linterrors',
  path: 'query+linterrors',
  group: 'list',
  prefix: 'lnt',
  parameters: [{ name: 'limit', type: 'limit', min: 1, max: 500 }],
};

const newerModules = [main, query(['allusers', 'linterrors']), allusers(true), linterrors];
const olderModules = [main, query(['allusers']), allusers(false)];
const catalogue = (modules: Module[]): Catalogue =>
  buildCatalogue([{ paraminfo: { modules } }], { namespaces: [{ id: 0, name: '(Main)' }] });
const newer = catalogue(newerModules);
const older = catalogue(olderModules);

const snapshot = (endpoint: string, modules: Module[]): CatalogueSnapshot => ({
  endpoint,
  fetchedAt: '2026-01-01T00:00:00.000Z',
  documents: [{ paraminfo: { modules } }],
  namespaces: [{ id: 0, name: '(Main)' }],
});

const doc = (text: string) => TextDocument.create('file:///w/q.mwq', 'mwquery', 1, text);

function flagged(text: string, wikisOf: Parameters<typeof queryWikiHints>[3]) {
  const d = doc(text);
  return queryWikiHints(d, parseDocument(text), newer, wikisOf).map((h) => ({
    code: String(h.code),
    severity: h.severity,
    covered: text.slice(d.offsetAt(h.range.start), d.offsetAt(h.range.end)),
    message: String(h.message),
  }));
}

describe("a query's @endpoints wikis checked with their own catalogues", () => {
  it('a parameter some wikis lack is a warning on its name, naming those wikis', () => {
    const text = 'list=allusers\nauexcludenamed\naulimit=5\n';
    const wikis = [
      { name: 'old.example', catalogue: older },
      { name: 'new.example', catalogue: newer },
      { name: 'older.example', catalogue: older },
    ];
    assert.deepEqual(
      flagged(text, () => wikis),
      [
        {
          code: 'unknown-on-wikis',
          severity: 2,
          covered: 'auexcludenamed',
          message:
            'The wikis "old.example" and "older.example" of this query\'s @endpoints do not know the parameter `auexcludenamed`: they ignore it (unrecognizedparams).',
        },
      ],
    );
  });

  it('a module one wiki lacks: one warning on the module, none for its parameters', () => {
    const flags = flagged('list=allusers|linterrors\nlntlimit=5\n', () => [{ name: 'old.example', catalogue: older }]);
    assert.deepEqual(
      flags.map((f) => [f.covered, f.message]),
      [
        [
          'linterrors',
          'The wiki "old.example" of this query\'s @endpoints does not have the module `linterrors`: it answers with unrecognizedvalues.',
        ],
      ],
    );
  });

  it('each query is checked with its own wikis only', () => {
    const text = '### A\nlist=allusers\nauexcludenamed\n\n### B\nlist=allusers\nauexcludenamed\n';
    const flags = flagged(text, (q) => (q.name === 'B' ? [{ name: 'old.example', catalogue: older }] : []));
    assert.equal(flags.length, 1);
    assert.equal(text.slice(0, text.indexOf('### B')).includes('auexcludenamed'), true);
    // The one flag is on B's line, not A's.
    const d = doc(text);
    const [hint] = queryWikiHints(d, parseDocument(text), newer, (q) =>
      q.name === 'B' ? [{ name: 'old.example', catalogue: older }] : [],
    );
    assert.equal(hint?.range.start.line, 6);
  });

  it('nothing when every wiki knows the query, or no wiki catalogue is known', () => {
    assert.deepEqual(
      flagged('list=allusers\naulimit=5\n', () => [{ name: 'old.example', catalogue: older }]),
      [],
    );
    assert.deepEqual(
      flagged('list=allusers\nauexcludenamed\n', () => []),
      [],
    );
    assert.deepEqual(
      flagged('list=allusers\nauexcludenamed\n', () => [{ name: 'same', catalogue: newer }]),
      [],
    );
  });
});

describe('the catalogue store gives each query the known catalogues of its @endpoints URLs', () => {
  const OLD = 'http://old.example/w/api.php';
  const NEW = 'http://new.example/w/api.php';
  const UNKNOWN = 'http://unknown.example/w/api.php';

  it('by query index and host name; unknown wikis and queries without @endpoints left out', () => {
    const store = new CatalogueStore(() => newer);
    store.set(snapshot(OLD, olderModules));
    store.set(snapshot(NEW, newerModules));
    const text = `### Alone\nlist=allusers\n\n@endpoints = ${OLD} ${NEW}, ${UNKNOWN}\n### Many\nlist=allusers\nauexcludenamed\n`;
    const parsed = parseDocument(text);
    const wikis = store.queryWikis(parsed);
    assert.deepEqual([...wikis.keys()], [parsed.queries.find((q) => q.name === 'Many')!.index]);
    assert.deepEqual(
      [...wikis.values()][0]!.map((w) => w.name),
      ['old.example', 'new.example'],
    );
  });

  it('the language service flags the parameter with the wiki that lacks it, and drops the flag when that wiki goes', () => {
    const store = new CatalogueStore(() => newer);
    store.set(snapshot(OLD, olderModules));
    store.set(snapshot(NEW, newerModules));
    const service = createLanguageService({
      catalogueFor: () => newer,
      queryWikis: (d) => store.queryWikis(service.parse(d)),
    });
    const text = `@endpoints = ${OLD}, ${NEW}\n### Many\nlist=allusers\nauexcludenamed\n`;
    const d = doc(text);
    const found = service.validate(d).map((x) => [String(x.code), String(x.message)]);
    assert.deepEqual(found, [
      [
        'unknown-on-wikis',
        'The wiki "old.example" of this query\'s @endpoints does not know the parameter `auexcludenamed`: it ignores it (unrecognizedparams).',
      ],
    ]);
    store.remove(OLD);
    assert.deepEqual(service.validate(d), [], 'the same document version, checked again once the catalogue is gone');
  });

  it('an edit elsewhere in the file moves the kept flag with its query', () => {
    const store = new CatalogueStore(() => newer);
    store.set(snapshot(OLD, olderModules));
    const service = createLanguageService({ catalogueFor: () => newer, queryWikis: (d) => store.queryWikis(service.parse(d)) });
    const text = `@endpoints = ${OLD}\n### A\nlist=allusers\naulimit=5\n\n### B\nlist=allusers\nauexcludenamed\n`;
    const first = service.validate(TextDocument.create('file:///w/m.mwq', 'mwquery', 1, text));
    assert.deepEqual(
      first.map((x) => x.range.start.line),
      [7],
    );
    // A line added to query A: B's flag, kept from the last check, is one line lower.
    const edited = text.replace('aulimit=5\n', 'aulimit=5\n# a note\n');
    const second = service.validate(TextDocument.create('file:///w/m.mwq', 'mwquery', 2, edited));
    assert.deepEqual(
      second.map((x) => [x.range.start.line, String(x.code)]),
      [[8, 'unknown-on-wikis']],
    );
  });
});

describe('completion in a query under @endpoints says which of its wikis lack a name', () => {
  const OLD = 'http://old.example/w/api.php';
  const NEW = 'http://new.example/w/api.php';
  const serviceWith = (known: string[]) => {
    const store = new CatalogueStore(() => newer);
    if (known.includes(OLD)) store.set(snapshot(OLD, olderModules));
    if (known.includes(NEW)) store.set(snapshot(NEW, newerModules));
    const service = createLanguageService({ catalogueFor: () => newer, queryWikis: (d) => store.queryWikis(service.parse(d)) });
    return service;
  };
  const itemsAt = (known: string[], text: string, line: number, character: number) =>
    serviceWith(known).complete(doc(text), { line, character }).items;

  it('a parameter one wiki lacks: its name in the detail, sorted after the others; the rest unchanged', () => {
    const text = `@endpoints = ${OLD}, ${NEW}\n### Q\nlist=allusers\nau\n`;
    const items = itemsAt([OLD, NEW], text, 3, 2);
    const exclude = items.find((i) => i.label === 'auexcludenamed');
    const limit = items.find((i) => i.label === 'aulimit');
    assert.match(exclude?.detail ?? '', /\(not on old\.example\)$/);
    assert.equal(exclude?.labelDetails?.description, 'not on old.example');
    assert.ok((exclude?.sortText ?? '') > (limit?.sortText ?? ''), 'after the names every wiki has');
    assert.doesNotMatch(limit?.detail ?? '', /not on/);
    assert.equal(limit?.labelDetails, undefined);
  });

  it('a module one wiki lacks, after list=', () => {
    const text = `@endpoints = ${OLD}, ${NEW}\n### Q\nlist=\n`;
    const items = itemsAt([OLD, NEW], text, 2, 5);
    assert.match(items.find((i) => i.label === 'linterrors')?.detail ?? '', /\(not on old\.example\)$/);
    assert.doesNotMatch(items.find((i) => i.label === 'allusers')?.detail ?? '', /not on/);
  });

  it('nothing marked when the wiki that lacks it has no known catalogue, or outside @endpoints', () => {
    const under = `@endpoints = ${OLD}, ${NEW}\n### Q\nlist=allusers\nau\n`;
    assert.ok(!itemsAt([NEW], under, 3, 2).some((i) => /not on/.test(i.detail ?? '')));
    const alone = `### Q\nlist=allusers\nau\n`;
    assert.ok(!itemsAt([OLD, NEW], alone, 2, 2).some((i) => /not on/.test(i.detail ?? '')));
  });
});
