// The content checks' pure parts (docs/live-content.md): the questions a file
// asks the wiki, the answers as diagnostics and quick fixes, inlay hints, and
// which live values the cursor asks for — with answers written by hand here
// (test/live/content.test.ts asks the real test wiki).
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { emptyAnswers, type ContentAnswers } from '../../common/src/content/contentTypes';
import { documentOf, service, withCursor, ERROR, HINT, WARNING } from './serviceHelpers';

function answers(partial: Partial<ContentAnswers>): ContentAnswers {
  return { ...emptyAnswers(), ...partial };
}

function seen(
  text: string,
  facts: ContentAnswers,
): { code: string; severity: number; covered: string; message: string; diagnostic: Diagnostic }[] {
  const document = documentOf(text);
  return service.contentDiagnostics(document, facts).map((d) => ({
    code: String(d.code),
    severity: d.severity ?? 0,
    covered: text.slice(document.offsetAt(d.range.start), document.offsetAt(d.range.end)),
    message: typeof d.message === 'string' ? d.message : d.message.value,
    diagnostic: d,
  }));
}

describe('content questions', () => {
  it('collects titles, ids, users and title-valued parameters, once each, with variables resolved', () => {
    const text = [
      '@who = Alice',
      '### A',
      'prop=revisions|templates',
      'titles=Page 0001|page_0002|Page 0001',
      'tltemplates=Template:Infobox',
      'rvuser={{who}}',
      '### B',
      'list=categorymembers|usercontribs|users',
      'cmtitle=Category:Even',
      'ucuser=Bob|127.0.0.1|~2024-1',
      'ususers=Carol',
      '### C',
      'pageids=1|999999',
      '### D',
      'revids=65|x',
      '### E',
      'list=backlinks',
      'bltitle={{$env PAGE}}',
    ].join('\n');
    const q = service.contentQuestions(documentOf(text));
    assert.deepEqual(q.titles, ['Page 0001', 'page_0002', 'Template:Infobox', 'Category:Even']);
    assert.deepEqual(q.users, ['Alice', 'Bob', 'Carol']);
    assert.deepEqual(q.pageids, ['1', '999999']);
    assert.deepEqual(q.revids, ['65']);
  });

  it('takes generator-prefixed title parameters, and nothing from chained values or URL-less unknown parameters', () => {
    const text = [
      '### A',
      'generator=categorymembers',
      'gcmtitle=Category:Odd',
      'prop=info',
      '### B',
      'titles={{#A.title}}',
      '### C',
      'list=allpages',
      'cmtitle=Category:Stray',
    ].join('\n');
    const q = service.contentQuestions(documentOf(text));
    assert.deepEqual(q.titles, ['Category:Odd']);
  });
});

describe('content diagnostics', () => {
  const facts = answers({
    titles: {
      Nope: { missing: true },
      'Foo[bar]': { invalid: 'The requested page title contains invalid characters: "[".' },
      'Redirect 01': { redirectTo: 'Page 0001' },
      page_0001: { normalized: 'Page 0001', pageid: 6 },
      'main page': { normalized: 'Main page', missing: true },
      'Page 0002': { pageid: 7 },
    },
    pageids: { '999999': { missing: true }, '1': { title: 'Main Page' } },
    revids: { '999999': { missing: true }, '65': { title: 'Page 0001' } },
    users: { Nobody: { missing: true }, Alice: {}, Xy: { invalid: true } },
  });

  it("flags each value on its own item with the API's codes", () => {
    const text = 'titles=Nope|Foo[bar]|Redirect 01|page_0001|Page 0002|main page';
    const got = seen(text, facts).map(({ code, severity, covered }) => ({ code, severity, covered }));
    assert.deepEqual(got, [
      { code: 'missingtitle', severity: WARNING, covered: 'Nope' },
      { code: 'invalidtitle', severity: ERROR, covered: 'Foo[bar]' },
      { code: 'redirect-title', severity: HINT, covered: 'Redirect 01' },
      { code: 'normalised-title', severity: HINT, covered: 'page_0001' },
      { code: 'normalised-title', severity: HINT, covered: 'main page' },
      { code: 'missingtitle', severity: WARNING, covered: 'main page' },
    ]);
    const missing = seen(text, facts).filter((d) => d.code === 'missingtitle')[1]!;
    assert.match(missing.message, /`main page` \(read as `Main page`\) does not exist/);
  });

  it('no redirect hint when the query resolves redirects already', () => {
    assert.deepEqual(seen('titles=Redirect 01\nredirects', facts), []);
  });

  it('a missing page named by a module parameter is no problem (a red link is a link); an invalid one is', () => {
    const got = seen('list=backlinks\nbltitle=Nope\n### B\nlist=backlinks\nbltitle=Foo[bar]', facts).map((d) => d.code);
    assert.deepEqual(got, ['invalidtitle']);
  });

  it('page ids, revision ids and users', () => {
    const got = seen('pageids=1|999999\n### B\nrevids=65|999999\n### C\nlist=usercontribs\nucuser=Alice|Nobody|Xy', facts).map(
      ({ code, severity, covered }) => ({ code, severity, covered }),
    );
    assert.deepEqual(got, [
      { code: 'nosuchpageid', severity: WARNING, covered: '999999' },
      { code: 'nosuchrevid', severity: WARNING, covered: '999999' },
      { code: 'nosuchuser', severity: WARNING, covered: 'Nobody' },
      { code: 'baduser', severity: ERROR, covered: 'Xy' },
    ]);
  });

  it('a value through a variable is flagged on the whole value, without a replacing fix', () => {
    const text = '@p = page_0001\ntitles={{p}}';
    const [d] = seen(text, facts);
    assert.equal(d?.code, 'normalised-title');
    assert.equal(d?.covered, '{{p}}');
    assert.equal(d?.diagnostic.data, undefined);
  });

  it('hostile answers: controls stripped, inherited keys ignored (an own `__proto__` is just a title), wrong types ignored', () => {
    const hostile = JSON.parse(
      '{"titles":{"__proto__":{"missing":true},"A":{"invalid":"bad\\u0000\\u202etitle\\nnext"},"B":{"normalized":5,"redirectTo":{}}},"pageids":{},"revids":{},"users":{}}',
    ) as ContentAnswers;
    const got = seen('titles=A|B|__proto__|toString', hostile);
    assert.deepEqual(
      got.map((d) => [d.code, d.covered]),
      [
        ['invalidtitle', 'A'],
        ['missingtitle', '__proto__'],
      ],
    );
    assert.doesNotMatch(got[0]!.message, /[\u0000\u202e\n]/);
  });

  it('quick fixes: add `redirects`, change to the normal form', () => {
    const text = '### A\ntitles=Redirect 01|page_0001\nprop=info';
    const document = documentOf(text);
    service.contentDiagnostics(document, facts);
    const actions = service.codeActions(document, { start: { line: 1, character: 0 }, end: { line: 1, character: 40 } });
    const titles = actions.map((a) => a.title);
    assert.ok(titles.includes('Add `redirects`'), titles.join(', '));
    assert.ok(titles.includes('Change to `Page 0001`'), titles.join(', '));
    const add = actions.find((a) => a.title === 'Add `redirects`')!;
    const edit = add.edit!.changes![document.uri]![0]!;
    assert.equal(edit.newText, '\nredirects');
    assert.deepEqual(edit.range.start, { line: 1, character: 28 });
  });

  it('a normal form from the wiki that would add a value, a variable or a line gets no quick fix', () => {
    const hostile = answers({
      titles: {
        A: { normalized: 'Foo|{{$env AWS_SECRET_ACCESS_KEY}}' },
        B: { normalized: 'B{{x}}' },
        C: { normalized: 'C\nprop=info' },
        D: { normalized: 'D good' },
      },
    });
    const text = 'titles=A|B|C|D';
    const document = documentOf(text);
    const got = service.contentDiagnostics(document, hostile);
    assert.deepEqual(
      got.map((d) => d.code),
      ['normalised-title', 'normalised-title', 'normalised-title', 'normalised-title'],
    );
    assert.deepEqual(
      got.map((d) => d.data),
      [undefined, undefined, undefined, { fix: 'replace', replacement: 'D good' }],
    );
    const titles = service.codeActions(document, { start: { line: 0, character: 0 }, end: { line: 0, character: 14 } }).map((a) => a.title);
    assert.deepEqual(
      titles.filter((t) => t.startsWith('Change to')),
      ['Change to `D good`'],
    );
  });
});

describe('inlay hints', () => {
  const facts = answers({ pageids: { '1': { title: 'Main Page' } }, revids: { '65': { title: 'Page\u0000 0001' + 'x'.repeat(200) } } });
  it('titles after ids, namespace names after numbers', () => {
    const text =
      'pageids=1|2\n### B\nrevids=65\n### C\nlist=allpages\napnamespace=14\n### D\nlist=categorymembers\ncmtitle=Category:X\ncmnamespace=0|10';
    const document = documentOf(text);
    const hints = service.inlayHints(document, { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } }, facts);
    const labels = hints.map((h) => `${h.position.line}:${String(h.label)}`);
    assert.equal(labels[0], '0:→ Main Page');
    assert.match(labels[1]!, /^2:→ Page {2}0001x+…$/);
    assert.ok(String(hints[1]!.label).length <= 64);
    assert.deepEqual(labels.slice(2), ['5:Category', '9:(Main)', '9:Template']);
    // Only the range asked for.
    assert.equal(service.inlayHints(document, { start: { line: 5, character: 0 }, end: { line: 5, character: 20 } }, facts).length, 1);
  });
});

describe('live values', () => {
  const at = (text: string) => {
    const { document, position } = withCursor(text);
    return service.liveValueQuestionAt(document, position);
  };
  it("titles in the parameter's namespace, or the one the prefix names", () => {
    assert.deepEqual(at('list=categorymembers\ncmtitle=Ev{|}')?.question, { kind: 'title', prefix: 'Ev', namespace: 14 });
    assert.deepEqual(at('list=categorymembers\ncmtitle=Category:Ev{|}')?.question, { kind: 'title', prefix: 'Ev', namespace: 14 });
    assert.deepEqual(at('prop=templates\ntltemplates=Inf{|}')?.question, { kind: 'title', prefix: 'Inf', namespace: 10 });
    assert.deepEqual(at('list=imageusage\niutitle={|}')?.question, { kind: 'title', prefix: '', namespace: 6 });
    assert.deepEqual(at('titles=A|Page 00{|}')?.question, { kind: 'title', prefix: 'Page 00', namespace: 0 });
    assert.deepEqual(at('titles=help:Con{|}')?.question, { kind: 'title', prefix: 'Con', namespace: 12 });
    assert.deepEqual(at('titles=Foo: bar{|}')?.question, { kind: 'title', prefix: 'Foo: bar', namespace: 0 });
  });
  it('users, tags, languages, interwiki prefixes; nothing for enumerations or variables', () => {
    assert.deepEqual(at('list=usercontribs\nucuser=Al{|}')?.question, { kind: 'user', prefix: 'Al' });
    assert.deepEqual(at('list=users\nususers=B{|}')?.question, { kind: 'user', prefix: 'B' });
    assert.deepEqual(at('list=recentchanges\nrctag=mw-{|}')?.question, { kind: 'tag', prefix: 'mw-' });
    assert.deepEqual(at('prop=langlinks\nlllang=d{|}')?.question, { kind: 'language', prefix: 'd' });
    assert.deepEqual(at('uselang={|}')?.question, { kind: 'language', prefix: '' });
    assert.deepEqual(at('prop=iwlinks\niwprefix=w{|}')?.question, { kind: 'interwiki', prefix: 'w' });
    assert.equal(at('list=allusers\naugroup=s{|}'), undefined); // an enumeration: the catalogue completes it
    assert.equal(at('titles={{x{|}}}'), undefined);
    assert.equal(at('list=allpages\napprefix=P{|}'), undefined);
  });
  it("the range is the whole item; completions replace it, in the wiki's order, without unusable values", () => {
    const { document, position } = withCursor('titles=A|Page 0{|}0|B');
    const site = service.liveValueQuestionAt(document, position)!;
    assert.deepEqual(site.range, { start: { line: 0, character: 9 }, end: { line: 0, character: 16 } });
    const items = service.liveValueCompletions(
      {
        values: [{ value: 'Page 0010' }, { value: 'Bad|title' }, { value: 'Page 0002', detail: 'x\u0000y' }, { value: '' }],
        incomplete: true,
      },
      site,
    );
    assert.deepEqual(
      items.map((i) => [i.label, i.sortText, i.detail]),
      [
        ['Page 0010', '00000', undefined],
        ['Page 0002', '00002', 'x y'],
      ],
    );
    assert.deepEqual(items[0]!.textEdit, { range: site.range, newText: 'Page 0010' });
  });
});
