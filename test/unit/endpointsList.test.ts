// `@endpoints` lines: the three forms, the problems, the queries they apply to.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, reparseDocument } from '../../common/src/parser';
import { endpointsListOf, MAX_WIKIS, readEndpointsFile, readEndpointsList } from '../../common/src/endpointsList';
import { VariableScope } from '../../common/src/resolve';
import type { EndpointsList } from '../../common/src/syntaxTree';

const listOf = (text: string): EndpointsList | undefined => parseDocument(text).variables.find((v) => v.name === 'endpoints')?.endpoints;

describe('@endpoints: the forms', () => {
  it('reads api.php URLs separated by blanks or commas, with their places in the line', () => {
    const text = '@endpoints = https://a.example/w/api.php, http://b.example/api.php  https://c.example/w/api.php\n';
    const list = listOf(text);
    assert.equal(list?.kind, 'urls');
    const items = list!.kind === 'urls' ? list!.items : [];
    assert.deepEqual(
      items.map((i) => i.text),
      ['https://a.example/w/api.php', 'http://b.example/api.php', 'https://c.example/w/api.php'],
    );
    for (const item of items) assert.equal(text.slice(item.start, item.end), item.text);
  });

  it('reads a path (a slash, or .txt/.list) as a file of URLs', () => {
    assert.deepEqual(listOf('@endpoints = ./lists/wikis.txt\n'), { kind: 'file', path: { text: './lists/wikis.txt', start: 13, end: 30 } });
    assert.equal(listOf('@endpoints = wikis.list\n')?.kind, 'file');
    assert.equal(listOf('@endpoints = C:\\lists\\wikis\n')?.kind, 'file');
  });

  it('reads anything else as wikis of the sitematrix: families, hosts, database names, language codes', () => {
    const list = listOf('@endpoints = de,fr, en.wikipedia.org dewiktionary\n');
    assert.deepEqual(list?.kind === 'wikis' ? list.items.map((i) => i.text) : list, ['de', 'fr', 'en.wikipedia.org', 'dewiktionary']);
    assert.equal(listOf('@endpoints = wikipedia\n')?.kind, 'wikis');
  });

  it('leaves a value with {{…}} to be read once resolved', () => {
    assert.deepEqual(listOf('@endpoints = {{wikis}}\n'), { kind: 'unresolved' });
  });

  it('flags an empty value, non-http URLs, credentials and words that are no wiki, without showing a password', () => {
    const problems = (value: string) => parseDocument(`@endpoints = ${value}\n`).problems.map((p) => p.message);
    assert.match(problems('').join(), /needs api\.php URLs/);
    assert.match(problems('ftp://a.example/api.php https://b.example/api.php').join(), /not an http\(s\)/);
    const credentials = problems('https://bot:hunter2@a.example/w/api.php').join();
    assert.match(credentials, /user:password@/);
    assert.doesNotMatch(credentials, /hunter2/);
    assert.doesNotMatch(problems('ftp://bot:hunter2@a.example/api.php').join(), /hunter2/);
    assert.match(problems('de fr\u0007x').join(), /neither a wiki/);
    assert.doesNotMatch(problems('de fr\u0007x').join(), /\u0007/);
    assert.deepEqual(problems('de,fr,en.wikipedia.org'), []);
  });

  it('caps the number of wikis of one line', () => {
    const { list, problems } = readEndpointsList(Array.from({ length: MAX_WIKIS + 50 }, (_, i) => `w${i}`).join(','), 0);
    assert.equal(list.kind === 'wikis' ? list.items.length : -1, MAX_WIKIS);
    assert.match(problems[0]!.message, new RegExp(`more than ${MAX_WIKIS}`));
  });

  it('keeps the items at their places after an edit above them', () => {
    const before = parseDocument('### A\nlist=allpages\n@endpoints = https://a.example/api.php\n### B\nmeta=siteinfo\n');
    const text = '# a comment\n### A\nlist=allpages\n@endpoints = https://a.example/api.php\n### B\nmeta=siteinfo\n';
    const after = reparseDocument(before, text);
    const list = after.variables[0]!.endpoints;
    assert.ok(list?.kind === 'urls');
    assert.equal(text.slice(list.items[0]!.start, list.items[0]!.end), 'https://a.example/api.php');
    assert.deepEqual(after.variables, parseDocument(text).variables);
  });
});

describe('@endpoints: the queries it applies to', () => {
  const text = [
    '@endpoints = https://a.example/api.php https://b.example/api.php',
    '### Many',
    'list=allpages',
    '### Own URL',
    'https://c.example/api.php?action=query&meta=siteinfo',
    '@endpoint = https://d.example/api.php',
    '### Single again',
    'meta=siteinfo',
    '@lists = de,fr',
    '@endpoints = {{lists}}',
    '### Resolved later',
    'meta=siteinfo',
  ].join('\n');
  const doc = parseDocument(text);
  const scope = new VariableScope(doc);
  const of = (name: string) =>
    endpointsListOf(
      doc.queries.find((q) => q.name === name)!,
      scope,
    );

  it('applies to the queries below it, not to a query with a URL line nor below a later @endpoint', () => {
    const many = of('Many');
    assert.deepEqual(many?.list.kind === 'urls' ? many.list.items.map((i) => i.text) : many, [
      'https://a.example/api.php',
      'https://b.example/api.php',
    ]);
    assert.equal(many?.line, 0);
    assert.equal(of('Own URL'), undefined);
    assert.equal(of('Single again'), undefined);
  });

  it('resolves {{…}} in the value before reading it', () => {
    const later = of('Resolved later');
    assert.deepEqual(later?.list.kind === 'wikis' ? later.list.items.map((i) => i.text) : later, ['de', 'fr']);
    assert.deepEqual(later?.problems, []);
  });
});

describe('files of endpoints', () => {
  it('reads one URL a line, skipping blanks and # comments, naming bad lines by number only', () => {
    const { urls, problems } = readEndpointsFile(
      '# wikis\nhttps://a.example/api.php\n\n  https://b.example/w/api.php  \nfile:///etc/passwd\nhttps://u:secret@c.example/api.php\r\n',
    );
    assert.deepEqual(urls, ['https://a.example/api.php', 'https://b.example/w/api.php']);
    assert.deepEqual(problems, ['line 5 is not an http(s) api.php URL', 'line 6: an endpoint with "user:password@" is refused']);
  });

  it('stops at the cap and says so', () => {
    const { urls, problems } = readEndpointsFile(
      Array.from({ length: MAX_WIKIS + 3 }, (_, i) => `https://w${i}.example/api.php`).join('\n'),
    );
    assert.equal(urls.length, MAX_WIKIS);
    assert.match(problems[0]!, /more than/);
  });
});
