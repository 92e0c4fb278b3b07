// The wiki's help texts (paraminfo `helpformat=wikitext`) in
// hover and completion: the wikitext → Markdown conversion (helpText.ts), the
// language asked for, the snapshot that carries them, the note the bundled
// catalogue gives instead, and parameter completion ordered by usefulness.
// The wikitext samples are MediaWiki 1.39's own (as the test wiki answers).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { helpLanguage } from '../../common/src/catalogue/fetchCatalogue';
import { snapshotFromFile, snapshotToFile, type CatalogueSnapshot } from '../../common/src/catalogue/snapshot';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import { buildCatalogue, readParam } from '../../server/src/service/catalogue';
import { exampleMarkdown, helpInline, helpMarkdown, valueHelp } from '../../server/src/service/helpText';
import { createLanguageService } from '../../server/src/service/languageService';
import { documentOf, service, withCursor } from './serviceHelpers';

const MarkdownIt = createRequire(__filename)('markdown-it') as new (options: object) => { render(text: string): string };
const render = (markdown: string) => new MarkdownIt({ html: true, linkify: true }).render(markdown);

const RVPROP =
  'Which properties to get for each revision:\n\n;<span dir="ltr" lang="en">ids</span>:The ID of the revision.\n' +
  ';<span dir="ltr" lang="en">user</span>:User that made the revision. If the user has been revision deleted, a <samp>userhidden</samp> property will be returned.';

describe('help texts: wikitext to Markdown', () => {
  it('keeps paragraphs, numbered lists and definition lists; values as code', () => {
    const revisions =
      'Get revision information.\n\nMay be used in several ways:\n# Get data about a set of pages (last revision), by setting titles or pageids.\n# Get revisions for one given page.';
    assert.equal(
      helpMarkdown(revisions),
      'Get revision information.\n\nMay be used in several ways:\n\n1. Get data about a set of pages \\(last revision\\), by setting titles or pageids.\n1. Get revisions for one given page.',
    );
    assert.equal(
      helpMarkdown(RVPROP),
      'Which properties to get for each revision:\n\n- `ids`: The ID of the revision.\n- `user`: User that made the revision. If the user has been revision deleted, a `userhidden` property will be returned.',
    );
    const html = render(helpMarkdown(RVPROP));
    assert.match(html, /<ul>\n<li><code>ids<\/code>: The ID of the revision.<\/li>/);
  });

  it('turns <var>, <kbd>, <samp> and <code> into code, links into their labels, entities into characters', () => {
    assert.equal(
      helpInline(
        'Which category to enumerate. Must include the <kbd>Category:</kbd> prefix. Cannot be used together with <var>cmpageid</var>.',
      ),
      'Which category to enumerate. Must include the `Category:` prefix. Cannot be used together with `cmpageid`.',
    );
    assert.equal(
      helpInline(
        'More detailed information on how to continue queries [[mw:Special:MyLanguage/API:Continue|can be found on mediawiki.org]].',
      ),
      'More detailed information on how to continue queries can be found on mediawiki\\.org.',
    );
    assert.equal(
      helpInline('See [[Special:ApiHelp/query]] and [https://lists.example/ the list].'),
      'See Special:ApiHelp/query and the list.',
    );
    assert.equal(helpInline("'''Bold''' &amp; ''italic'' &lt;tag&gt; &#65;&#x42;"), 'Bold \\& italic \\<tag\\> AB');
  });

  it('gives a term that is a sentence as text, and escapes what would start a Markdown block', () => {
    assert.equal(helpMarkdown(';A long term:its text'), '- A long term: its text');
    assert.equal(
      helpMarkdown('- not a list\n\n1. not a list either\n\n=== a heading ==='),
      '\\- not a list\n\n1\\. not a list either\n\n**a heading**',
    );
    assert.equal(helpMarkdown(''), '');
    assert.equal(helpMarkdown('<div class="x">\n</div>'), '');
  });

  it('cuts a huge text and drops control and BIDI characters', () => {
    const huge = helpMarkdown(('word '.repeat(200) + '\n\n').repeat(100));
    assert.ok(huge.length < 12_000, `${huge.length} characters`);
    assert.ok(huge.endsWith('…'));
    const many = helpMarkdown(Array.from({ length: 500 }, (_, i) => `* item ${i}`).join('\n'));
    assert.equal(many.split('\n').filter((l) => l.startsWith('- ')).length, 40);
    assert.doesNotMatch(helpMarkdown('a\u202eb\u0007c\u2028d'), /[\u202e\u0007\u2028]/);
  });

  it('shows an example as its query, without action=query, with its description', () => {
    assert.equal(
      exampleMarkdown({
        query: 'action=query&list=allpages&apfrom=B',
        description: 'Show a list of pages starting at the letter <kbd>B</kbd>.',
      }),
      '`list=allpages&apfrom=B` — Show a list of pages starting at the letter `B`.',
    );
    assert.equal(exampleMarkdown({ query: 'action=query&titles=Main%20Page|A%2BB&prop=info' }), '`titles=Main Page|A+B&prop=info`');
    assert.equal(exampleMarkdown({ query: 'action=query&titles=%E0%A4%A' }), '`titles=%E0%A4%A`');
  });

  it("finds one value's definition in the parameter's text", () => {
    const param = readParam({ name: 'prop', type: ['ids', 'user', 'flags'], description: RVPROP });
    assert.equal(valueHelp(param, 'ids'), 'The ID of the revision.');
    assert.match(valueHelp(param, 'user') ?? '', /`userhidden`/);
    assert.equal(valueHelp(param, 'flags'), undefined);
    assert.equal(valueHelp(readParam({ name: 'prop', type: ['ids'] }), 'ids'), undefined);
  });
});

describe('help texts: the language asked for', () => {
  it('takes a language code, lower-cased; anything else is English', () => {
    for (const [given, sent] of [
      ['de', 'de'],
      ['zh-cn', 'zh-cn'],
      ['pt-BR', 'pt-br'],
      ['sr-el', 'sr-el'],
      ['  fr ', 'fr'],
      [undefined, 'en'],
      ['', 'en'],
      ['qqx', 'en'],
      ['qqq', 'en'],
      ['user', 'en'],
      ['de&uselang=qqx', 'en'],
      ['../../x', 'en'],
      ['de\n', 'de'],
      ['x'.repeat(40), 'en'],
      [42, 'en'],
    ] as const) {
      assert.equal(helpLanguage(given), sent, String(given));
    }
  });
});

const WIKI = 'https://wiki.example/w/api.php';
const modules = [
  { name: 'query', path: 'query', prefix: '', parameters: [{ name: 'list', type: ['allpages'], multi: true }] },
  {
    name: 'allpages',
    path: 'query+allpages',
    group: 'list',
    prefix: 'ap',
    generator: true,
    description: 'Enumerate all pages sequentially in a given namespace.',
    examples: [
      { query: 'action=query&list=allpages&apfrom=B', description: 'Show a list of pages starting at the letter <kbd>B</kbd>.' },
      { query: 'action=query&generator=allpages&gapfrom=T', description: 'As a generator.' },
      { query: 'action=query&list=allpages&aplimit=5', description: 'Five.' },
      { query: 'action=query&list=allpages&apdir=descending', description: 'Backwards.' },
    ],
    parameters: [
      { name: 'from', type: 'string', description: 'The page title to start enumerating from.' },
      { name: 'namespace', type: 'namespace', description: 'The namespace to enumerate.' },
    ],
  },
];

function snapshot(withHelp: boolean): CatalogueSnapshot {
  const strip = (m: Record<string, unknown>): Record<string, unknown> => {
    const {
      description: _d,
      examples: _e,
      parameters,
      ...rest
    } = m as { description?: unknown; examples?: unknown; parameters?: Record<string, unknown>[] };
    return { ...rest, parameters: (parameters ?? []).map(({ description: _pd, ...p }) => p) };
  };
  return {
    endpoint: WIKI,
    fetchedAt: '2026-01-01T00:00:00.000Z',
    documents: [{ paraminfo: { helpformat: withHelp ? 'wikitext' : 'none', modules: withHelp ? modules : modules.map(strip) } }],
    namespaces: [{ id: 0, name: '(Main)' }],
    ...(withHelp ? { lang: 'de' } : {}),
  };
}

function hoverOf(catalogueSnapshot: CatalogueSnapshot | undefined, text: string, line: number, character: number): string {
  const s = catalogueSnapshot ? createLanguageService({ catalogueFor: () => catalogueFromSnapshot(catalogueSnapshot) }) : service;
  const h = s.hover(documentOf(text), { line, character });
  assert.ok(h, `a hover at ${line}:${character} of ${text}`);
  return (h.contents as { value: string }).value;
}

describe('help texts: in hover', () => {
  it('a module: its description and up to three examples; a parameter: its description and the examples that use it', () => {
    const module = hoverOf(snapshot(true), 'list=allpages', 0, 7);
    assert.match(module, /Enumerate all pages sequentially in a given namespace\./);
    assert.match(module, /`list=allpages&apfrom=B` — Show a list of pages starting at the letter `B`/);
    assert.match(module, /`list=allpages&aplimit=5`/);
    assert.doesNotMatch(module, /apdir=descending/, 'three examples at most');
    const from = hoverOf(snapshot(true), 'list=allpages\napfrom=A', 1, 3);
    assert.match(from, /The page title to start enumerating from\./);
    assert.match(from, /`list=allpages&apfrom=B`/);
    assert.match(from, /`generator=allpages&gapfrom=T`/, 'the generator form counts too');
    assert.doesNotMatch(from, /aplimit=5/);
    assert.doesNotMatch(from + module, /descriptions appear|without descriptions/);
  });

  it('the bundled catalogue says where descriptions come from', () => {
    for (const [text, line, character] of [
      ['list=allpages', 0, 7],
      ['list=allpages\napnamespace=0', 1, 3],
    ] as const) {
      const value = hoverOf(undefined, text, line, character);
      assert.match(value, /The bundled catalogue has no descriptions: they appear once the wiki's own catalogue is fetched/);
      assert.match(value, /MediaWiki Query: Refresh Catalogue of This Wiki/);
    }
  });

  it("a wiki's catalogue cached before help texts were fetched: loads, and says to fetch it again", () => {
    const old = snapshot(false);
    const file = snapshotToFile(old);
    assert.equal(file.paraminfo.helpformat, 'none');
    assert.equal(file.mwquery.lang, undefined);
    const loaded = snapshotFromFile(JSON.parse(JSON.stringify(file)));
    assert.ok(loaded);
    assert.equal(loaded.lang, undefined);
    assert.match(
      hoverOf(loaded, 'list=allpages', 0, 7),
      /This catalogue was fetched without descriptions: run \*\*MediaWiki Query: Refresh Catalogue of This Wiki\*\*/,
    );
  });

  it('the file format keeps the texts and their language', () => {
    const file = JSON.parse(JSON.stringify(snapshotToFile(snapshot(true))));
    assert.equal(file.paraminfo.helpformat, 'wikitext');
    assert.equal(file.mwquery.lang, 'de');
    assert.deepEqual(snapshotFromFile(file), snapshot(true));
    // A language without `helpformat: wikitext` is not believed.
    assert.equal(snapshotFromFile({ ...file, paraminfo: { ...file.paraminfo, helpformat: 'none' } })?.lang, undefined);
  });

  it('completion documentation carries the descriptions', () => {
    const s = createLanguageService({ catalogueFor: () => catalogueFromSnapshot(snapshot(true)) });
    const items = s.complete(documentOf('list=allpages\n'), { line: 1, character: 0 }).items;
    const from = items.find((i) => i.label === 'apfrom');
    assert.match((from?.documentation as { value: string }).value, /The page title to start enumerating from/);
    const list = s.complete(documentOf('list='), { line: 0, character: 5 }).items;
    assert.match((list.find((i) => i.label === 'allpages')?.documentation as { value: string }).value, /Enumerate all pages/);
  });
});

describe('parameter completion order', () => {
  const sortedNames = (text: string): string[] => {
    const { document, position } = withCursor(text);
    return service
      .complete(document, position)
      .items.sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''))
      .map((i) => String(i.label));
  };

  it("a module's limit, prop, title and namespace parameters first, the rest by name, continue and deprecated ones last", () => {
    const names = sortedNames('list=allpages\n{|}').filter((n) => n.startsWith('ap'));
    assert.deepEqual(names.slice(0, 2), ['aplimit', 'apnamespace']);
    const rest = names.slice(2, -1);
    assert.deepEqual(rest, [...rest].sort(), 'the rest by name');
    assert.equal(names.at(-1), 'apcontinue');

    const rv = sortedNames('prop=revisions\ntitles=A\n{|}');
    const own = rv.filter((n) => n.startsWith('rv'));
    assert.deepEqual(own.slice(0, 2), ['rvlimit', 'rvprop']);
    const deprecated = ['rvcontentformat', 'rvdiffto', 'rvdifftotext', 'rvdifftotextpst', 'rvexpandtemplates', 'rvgeneratexml', 'rvparse'];
    assert.deepEqual(own.slice(-deprecated.length), deprecated, 'deprecated last');
    assert.equal(own.at(-deprecated.length - 1), 'rvcontinue', 'continue just before them');
    // The module's other parameters before the API's own; every continue after them.
    assert.ok(rv.indexOf('rvuser') < rv.indexOf('maxlag'));
    assert.deepEqual(rv.slice(-deprecated.length - 2, -deprecated.length), ['continue', 'rvcontinue']);
  });

  it('a required parameter still comes first', () => {
    const names = sortedNames('list=categorymembers\n{|}').filter((n) => n.startsWith('cm'));
    // cmtitle is not required by paraminfo (cmtitle or cmpageid is), so the order is the usual one.
    assert.deepEqual(names.slice(0, 4), ['cmlimit', 'cmprop', 'cmnamespace', 'cmtitle']);
    const search = sortedNames('list=search\n{|}').filter((n) => n.startsWith('sr'));
    assert.equal(search[0], 'srsearch', 'required');
    assert.deepEqual(search.slice(1, 4), ['srlimit', 'srprop', 'srnamespace']);
  });
});

describe('help texts: a catalogue without any', () => {
  it('has no help texts, and a parameter without examples has none', () => {
    const catalogue = buildCatalogue([{ paraminfo: { modules } }]);
    assert.equal(catalogue.hasHelpTexts, true);
    assert.equal(catalogue.module('allpages')?.paramByName.get('namespace')?.examples, undefined);
    assert.equal(catalogue.module('allpages')?.paramByName.get('from')?.examples?.length, 2);
    assert.equal(
      buildCatalogue([
        {
          paraminfo: { modules: snapshot(false).documents.flatMap((d) => (d as { paraminfo: { modules: unknown[] } }).paraminfo.modules) },
        },
      ]).hasHelpTexts,
      false,
    );
  });
});
