// Hover, quick fixes, symbols, folding and formatting, on plain strings.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, documentOf, service, withCursor } from './serviceHelpers';

function hoverText(textWithCursor: string): string | undefined {
  const { document, position } = withCursor(textWithCursor);
  const h = service.hover(document, position);
  return h ? (h.contents as { value: string }).value : undefined;
}

/** Applies the quick fix whose title matches to the text and returns the result. */
function fix(text: string, code: string, title: RegExp): string {
  const document = documentOf(text);
  const diagnostic = service.validate(document).find((d) => d.code === code);
  assert.ok(diagnostic, `no ${code} diagnostic`);
  const actions = service.codeActions(document, diagnostic.range);
  const action = actions.find((a) => title.test(a.title));
  assert.ok(action, `no action ${title} among ${actions.map((a) => a.title).join(' / ')}`);
  return applyEdits(document, action.edit!.changes![document.uri]!);
}

describe('hover', () => {
  it('on a module name: group, prefix, generator, source, licence, help', () => {
    const text = hoverText('list=all{|}pages')!;
    assert.match(text, /\*\*allpages\*\* — list module · prefix `ap` · generator/);
    assert.match(text, /generator=allpages/);
    assert.match(text, /Source: MediaWiki · Licence: GPL-2.0-or-later/);
    assert.match(text, /API:Allpages/);
  });

  it('on a deprecated extension module', () => {
    const text = hoverText('prop=flow{|}info\ntitles=A')!;
    assert.match(text, /Deprecated/);
    assert.match(text, /Source: Flow/);
  });

  it('on a parameter name: type, default, range, owner', () => {
    const text = hoverText('list=allpages\napli{|}mit=5')!;
    assert.match(text, /\*\*aplimit\*\* — parameter of `list=allpages`/);
    assert.match(text, /Type: limit/);
    assert.match(text, /Default: `10`/);
    assert.match(text, /Range: 1–500 \(5000 with apihighlimits\)/);
  });

  it('on a multi-valued, deprecated-value, info-conditioned parameter', () => {
    const text = hoverText('prop=revisions\ntitles=A\nrvli{|}mit=5')!;
    assert.match(text, /single page/);
    const prop = hoverText('prop=revisions\ntitles=A\nrv{|}prop=ids')!;
    assert.match(prop, /Multi-valued: up to 50 values \(500 with apihighlimits\)/);
    assert.match(prop, /~~`parsetree`~~/);
  });

  it('on required and sensitive parameters', () => {
    assert.match(hoverText('list=search\nsr{|}search=x')!, /\*\*Required\.\*\*/);
    assert.match(hoverText('list=watchlist\nwlto{|}ken={{$secret t}}')!, /Sensitive/);
  });

  it('on a generator parameter', () => {
    assert.match(hoverText('generator=allpages\ngap{|}limit=5')!, /parameter of `generator=allpages`/);
  });

  it('on an enumeration value', () => {
    const text = hoverText('list=allpages\napfilterredir=non{|}redirects')!;
    assert.match(text, /`nonredirects` — value of `apfilterredir`/);
    assert.match(hoverText('prop=revisions\ntitles=A\nrvprop=ids|parse{|}tree')!, /Deprecated value/);
  });

  it('on a namespace and a variable', () => {
    assert.match(hoverText('list=allpages\napnamespace=1{|}4')!, /Namespace 14: \*\*Category\*\*/);
    assert.match(hoverText('@p = Foo\ntitles={{{|}p}}')!, /`p` = `Foo`/);
  });

  it('nothing on blank space', () => {
    assert.equal(hoverText('list=allpages\n{|}\n'), undefined);
  });
});

describe('quick fixes', () => {
  it('nearest known name', () => {
    assert.equal(fix('list=allpagez\n', 'unrecognizedvalues', /Change to `allpages`/), 'list=allpages\n');
    assert.equal(
      fix('list=allpages\napfilterredir=nonredirect\n', 'badvalue', /nonredirects/),
      'list=allpages\napfilterredir=nonredirects\n',
    );
  });

  it('moves a module to its right group', () => {
    assert.equal(
      fix('titles=A\nlist=allpages|revisions\n', 'unrecognizedvalues', /Move `revisions` to `prop=`/),
      'titles=A\nlist=allpages\nprop=revisions\n',
    );
    assert.equal(fix('titles=A\nprop=info\nlist=revisions\n', 'unrecognizedvalues', /Move/), 'titles=A\nprop=info|revisions\n');
    assert.equal(fix('generator=allusers\n', 'badgenerator', /Move `allusers` to `list=`/), 'list=allusers\n');
  });

  it('adds the module that owns a parameter', () => {
    assert.equal(fix('titles=A\naplimit=5\n', 'unrecognizedparams', /Add `list=allpages`/), 'list=allpages\ntitles=A\naplimit=5\n');
    assert.equal(fix('list=allusers\naplimit=5\n', 'unrecognizedparams', /Add `list=allpages`/), 'list=allusers|allpages\naplimit=5\n');
    assert.equal(
      fix('prop=info\ngcmtitle=Category:X\n', 'unrecognizedparams', /Add `generator=categorymembers`/),
      'generator=categorymembers\nprop=info\ngcmtitle=Category:X\n',
    );
  });

  it('removes a deprecated parameter or value', () => {
    assert.equal(
      fix('prop=revisions\ntitles=A\nrvexpandtemplates\nrvprop=ids\n', 'deprecation', /Remove `rvexpandtemplates`/),
      'prop=revisions\ntitles=A\nrvprop=ids\n',
    );
    assert.equal(
      fix('prop=revisions\ntitles=A\nrvprop=ids|parsetree|user\n', 'deprecation', /Remove `parsetree`/),
      'prop=revisions\ntitles=A\nrvprop=ids|user\n',
    );
    assert.equal(
      fix('prop=revisions\ntitles=A\nrvprop=ids|parsetree\n', 'deprecation', /Remove `parsetree`/),
      'prop=revisions\ntitles=A\nrvprop=ids\n',
    );
    assert.equal(fix('list=deletedrevs|allpages\n', 'deprecation', /Remove `deletedrevs`/), 'list=allpages\n');
  });

  it('adds a missing required parameter', () => {
    assert.equal(fix('list=search\nsrlimit=5\n', 'missingparam', /Add `srsearch=`/), 'list=search\nsrsearch=\nsrlimit=5\n');
  });

  it('drops the value of a boolean', () => {
    assert.equal(fix('titles=A\nredirects=false\n', 'boolean-value', /as a flag/), 'titles=A\nredirects\n');
  });

  it('replaces a literal secret by {{$secret NAME}}', () => {
    assert.equal(
      fix('list=watchlist\nwlowner=X\nwltoken=abc\n', 'secret-in-file', /secret storage/),
      'list=watchlist\nwlowner=X\nwltoken={{$secret wltoken}}\n',
    );
  });

  it('keeps CRLF line ends when adding lines', () => {
    assert.equal(fix('list=search\r\nsrlimit=5\r\n', 'missingparam', /Add/), 'list=search\r\nsrsearch=\r\nsrlimit=5\r\n');
  });
});

describe('outline, folding, formatting', () => {
  const text = 'list=allpages\n### Recent\nlist=recentchanges\nrclimit=5\n\n### \nmeta=siteinfo\n';

  it('one symbol per query, named by its ### title', () => {
    const symbols = service.documentSymbols(documentOf(text));
    assert.deepEqual(
      symbols.map((s) => [s.name, s.detail, s.range.start.line, s.range.end.line]),
      [
        ['(first query)', 'list=allpages', 0, 0],
        ['Recent', 'list=recentchanges', 1, 3],
        ['(unnamed query)', 'meta=siteinfo', 5, 6],
      ],
    );
    assert.deepEqual(
      symbols[1]!.children!.map((c) => c.name),
      ['list', 'rclimit'],
    );
  });

  it('folds each query', () => {
    assert.deepEqual(
      service.foldingRanges(documentOf(text)).map((f) => [f.startLine, f.endLine]),
      [
        [1, 3],
        [5, 6],
      ],
    );
  });

  it('normalises spacing around = and keeps everything else', () => {
    const messy =
      '# keep  =  this\n@page=Foo\n### q  \nlist = allpages\n  apprefix  =  A b  \nrvprop=ids\n   |user\nredirects\naplimit =\nhttps://x/api.php?a = b\n';
    const document = documentOf(messy);
    const once = applyEdits(document, service.format(document));
    assert.equal(
      once,
      '# keep  =  this\n@page = Foo\n### q  \nlist=allpages\n  apprefix=A b  \nrvprop=ids\n   |user\nredirects\naplimit=\nhttps://x/api.php?a = b\n',
    );
    const again = documentOf(once);
    assert.deepEqual(service.format(again), []);
  });
});
