// A wiki's catalogue is hostile. Its names, `source`,
// `licensetag`, `helpurls`, values and namespace names reach hover and
// completion Markdown; rendered (markdown-it with HTML and linkify on, stricter
// than VS Code's renderer), they must give no image, no HTML from the wiki, and
// no link except http(s) ones to the wiki's own host.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { buildCatalogue } from '../../server/src/service/catalogue';
import { createLanguageService } from '../../server/src/service/languageService';
import { mdCode, mdLink, mdText } from '../../server/src/service/markdownText';

const MarkdownIt = createRequire(__filename)('markdown-it') as new (options: object) => { render(text: string): string };
const renderer = new MarkdownIt({ html: true, linkify: true });
const render = (markdown: string) => renderer.render(markdown);

const EVIL = [
  '![x](http://evil.example/x.png)',
  '[Wikipedia](http://evil.example/phish)',
  '[a](javascript:alert(1))',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'see http://evil.example/auto and www.evil.example',
  '`` ` ``![y](http://evil.example/y.png)',
  'line\nbreak\u202e\u0007',
  '&lt;b&gt;',
  'visit evil.com or mail a@evil.com',
].join(' ');

const WIKI = 'https://wiki.example/w/api.php';

/** A help text (paraminfo `helpformat=wikitext`) that tries everything wikitext and HTML could carry into Markdown. */
const EVIL_HELP = [
  EVIL,
  '[[Special:Evil|![i](http://evil.example/i.png)]] [http://evil.example/phish Wikipedia] [[javascript:alert(1)|click]]',
  '<kbd>![k](http://evil.example/k.png)</kbd> <var>`` ` ``</var> <code><img src=x onerror=alert(1)></code>',
  '&lt;img src=x onerror=alert(1)&gt; &#60;script&#62;alert(1)&#60;/script&#62; &#x3c;b&#x3e;bold',
  ';<img src=x onerror=alert(1)>:[x](https://evil.example) definition',
  ';javascript:alert(1):a term with a colon',
  '* <b>list</b> item with a bare https://evil.example/x link',
  '# ![n](http://evil.example/n.png)',
  '== <script>alert(1)</script> ==',
  '<div onclick="alert(1)">div</div><!-- a comment <img src=x> -->',
  'control\u0007 and bidi \u202e text',
  'huge '.repeat(3000),
  '<!-- an unterminated comment <img src=x>',
].join('\n');

function hostileCatalogue() {
  return buildCatalogue(
    [
      {
        paraminfo: {
          modules: [
            { name: 'query', path: 'query', prefix: '', parameters: [{ name: 'list', type: ['evil'], multi: true }] },
            {
              name: 'evil',
              path: 'query+evil',
              group: 'list',
              prefix: 'ev',
              source: EVIL,
              sourcename: EVIL,
              licensetag: EVIL,
              helpurls: [
                'http://evil.example/help',
                'javascript:alert(1)',
                'https://user:pw@wiki.example/help',
                'https://wiki.example/wiki/Help:Evil_(list)',
              ],
              description: EVIL_HELP,
              examples: [
                { query: 'action=query&list=evil&evkind=plain', description: EVIL_HELP },
                {
                  query: 'action=query&list=evil&evkind=![x](http://evil.example/x.png)`<img src=x>',
                  description: '[x](javascript:alert(1))',
                },
                { query: `action=query&list=evil&evns=${'%'.repeat(5000)}` },
              ],
              parameters: [
                { name: 'kind', type: ['plain', EVIL], default: EVIL, description: `Kinds:\n;plain:${EVIL_HELP}\n;<img src=x>:x` },
                { name: 'ns', type: 'namespace', description: EVIL_HELP },
              ],
            },
          ],
        },
      },
    ],
    {
      origin: WIKI,
      namespaces: [
        { id: 0, name: '' },
        { id: 4, name: EVIL },
      ],
    },
  );
}

function linksOf(html: string): string[] {
  return [...html.matchAll(/<a\s+href="([^"]*)"/g)].map((m) => m[1]!);
}

function assertSafe(html: string, where: string): void {
  assert.doesNotMatch(html, /<img/i, `${where}: no image`);
  assert.doesNotMatch(html, /<script/i, `${where}: no script`);
  assert.doesNotMatch(html, /<b>|<[a-z]+[^>]*\son[a-z]+=/i, `${where}: no HTML from the wiki`);
  for (const href of linksOf(html)) assert.match(href, /^https:\/\/wiki\.example\//, `${where}: link to ${href}`);
  assert.doesNotMatch(html, /[\u202e\u0007]/, `${where}: no control or BIDI characters`);
}

describe('wiki-supplied text in hover and completion Markdown', () => {
  const service = createLanguageService({ catalogueFor: () => hostileCatalogue() });
  const text = 'list=evil\nevkind=plain\nevns=4\n';
  const document = TextDocument.create('file:///h.mwq', 'mwquery', 1, text);
  const hoverAt = (line: number, character: number) => {
    const h = service.hover(document, { line, character });
    assert.ok(h, `a hover at ${line}:${character}`);
    return (h.contents as MarkupContent).value;
  };

  it("the module hover: source, licence and names are text; only the wiki's own help link is a link", () => {
    const html = render(hoverAt(0, 6));
    assertSafe(html, 'module hover');
    assert.deepEqual(linksOf(html), ['https://wiki.example/wiki/Help:Evil_(list)']);
    // The hostile text is still readable as text.
    assert.match(html, /!\[x\]\(http:\/\/evil\.example\/x\.png\)/);
    assert.match(html, /http:\/\/evil\.example\/help/);
  });

  it('the parameter hover: values, defaults and namespace names are text', () => {
    assertSafe(render(hoverAt(1, 3)), 'parameter hover');
    assertSafe(render(hoverAt(2, 3)), 'namespace parameter hover');
    assertSafe(render(hoverAt(2, 5)), 'namespace value hover');
  });

  it("the wiki's help texts and examples are text too, and bounded", () => {
    for (const [what, line, character] of [
      ['module', 0, 6],
      ['kind parameter', 1, 3],
      ['value plain', 1, 9],
      ['ns parameter', 2, 3],
    ] as const) {
      const markdown = hoverAt(line, character);
      assert.ok(markdown.length < 40_000, `${what}: ${markdown.length} characters`);
      const html = render(markdown);
      assertSafe(html, `${what} hover`);
      assert.doesNotMatch(html, /<h[1-6]|<div|<span/i, `${what}: no block from the wiki`);
      if (what === 'module') assert.deepEqual(linksOf(html), ['https://wiki.example/wiki/Help:Evil_(list)']);
      else assert.deepEqual(linksOf(html), [], what);
    }
    // Still readable.
    assert.match(render(hoverAt(0, 6)), /Wikipedia/);
    assert.match(render(hoverAt(1, 9)), /Wikipedia/);
    assert.match(render(hoverAt(2, 3)), /huge huge/);
  });

  it('completion documentation is as safe as hover', () => {
    const modules = service.complete(TextDocument.create('file:///c.mwq', 'mwquery', 1, 'list='), { line: 0, character: 5 });
    const values = service.complete(TextDocument.create('file:///d.mwq', 'mwquery', 1, 'list=evil\nevkind='), { line: 1, character: 7 });
    const names = service.complete(TextDocument.create('file:///e.mwq', 'mwquery', 1, 'list=evil\nev'), { line: 1, character: 2 });
    const docs = [...modules.items, ...values.items, ...names.items].map(
      (i) => (i.documentation as MarkupContent | undefined)?.value ?? '',
    );
    assert.ok(docs.length >= 3);
    for (const d of docs) assertSafe(render(d), 'completion');
  });

  it('mdCode keeps any run of backticks inside the span', () => {
    const html = render(mdCode('a ``` b ` c'));
    assert.match(html, /<code>a ``` b ` c<\/code>/);
    assert.equal(render(mdCode('')).trim(), '<p>(empty)</p>');
  });

  it('mdLink: only http(s) on the allowed host, without credentials', () => {
    assert.deepEqual(linksOf(render(mdLink('Help', 'https://wiki.example/x', 'wiki.example'))), ['https://wiki.example/x']);
    for (const url of [
      'http://other.example/x',
      'javascript:alert(1)',
      'https://a:b@wiki.example/x',
      'https://wiki.example.evil.example/x',
      'not a url',
    ]) {
      assert.deepEqual(linksOf(render(mdLink('Help', url, 'wiki.example'))), [], url);
    }
    assert.deepEqual(linksOf(render(mdLink('Help', 'https://wiki.example/x', undefined))), []);
  });

  it('mdText escapes everything Markdown or HTML would read', () => {
    const html = render(mdText(EVIL));
    assertSafe(html, 'mdText');
    assert.deepEqual(linksOf(html), []);
  });
});
