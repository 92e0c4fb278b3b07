// The parser: the format's forms, and survival of anything at all.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDocument } from '../../common/src/parser';
import type { ParsedDocument, Span } from '../../common/src/syntaxTree';
import { documentOf, service } from './serviceHelpers';
import { fixedRandom } from './fixedRandom';

describe('parser: the format', () => {
  it('splits queries on ###, with names and an unnamed first query', () => {
    const doc = parseDocument('list=allpages\n### First one\nmeta=siteinfo\n###\nprop=info\n');
    assert.deepEqual(
      doc.queries.map((q) => [q.name, q.firstLine, q.lastLine, q.params.map((p) => p.name)]),
      [
        ['', 0, 0, ['list']],
        ['First one', 1, 2, ['meta']],
        ['', 3, 4, ['prop']],
      ],
    );
  });

  it('trims names and values, keeps the value after the first =, flags without =', () => {
    const doc = parseDocument('  srsearch =  a=b|c  \nredirects\n');
    const [search, redirects] = doc.queries[0]!.params;
    assert.equal(search!.name, 'srsearch');
    assert.equal(search!.value, 'a=b|c');
    assert.deepEqual(
      search!.items.map((i) => i.text),
      ['a=b', 'c'],
    );
    assert.equal(redirects!.hasEquals, false);
    assert.equal(redirects!.value, '');
  });

  it('joins continuation lines and keeps each item range', () => {
    const text = 'rvprop=ids|timestamp\n       |user|comment\n';
    const param = parseDocument(text).queries[0]!.params[0]!;
    assert.equal(param.value, 'ids|timestamp|user|comment');
    assert.deepEqual(
      param.items.map((i) => text.slice(i.start, i.end)),
      ['ids', 'timestamp', 'user', 'comment'],
    );
    assert.equal(param.lastLine, 1);
  });

  it('reads comments, variables and uses', () => {
    const doc = parseDocument('# c\n// c\n@page = Albert Einstein\ntitles={{page}}|{{$env X}}|{{$secret Y}}\n');
    assert.deepEqual(
      doc.variables.map((v) => [v.name, v.value]),
      [['page', 'Albert Einstein']],
    );
    assert.deepEqual(
      doc.uses.map((u) => [u.kind, u.name]),
      [
        ['variable', 'page'],
        ['env', 'X'],
        ['secret', 'Y'],
      ],
    );
    assert.equal(doc.problems.length, 0);
  });

  it('decodes pasted URL lines into parameters and an endpoint', () => {
    const text = 'https://en.wikipedia.org/w/api.php?action=query&list=search&srsearch=kittens%20and+cats&srnamespace=0%7C1\n';
    const query = parseDocument(text).queries[0]!;
    assert.equal(query.urls[0]!.endpoint, 'https://en.wikipedia.org/w/api.php');
    assert.deepEqual(
      query.params.map((p) => [p.name, p.value]),
      [
        ['action', 'query'],
        ['list', 'search'],
        ['srsearch', 'kittens and cats'],
        ['srnamespace', '0|1'],
      ],
    );
    assert.equal(text.slice(query.params[2]!.nameSpan.start, query.params[2]!.nameSpan.end), 'srsearch');
  });

  it('handles CRLF and lone CR line ends', () => {
    const doc = parseDocument('### a\r\nlist=allpages\r### b\rmeta=siteinfo');
    assert.deepEqual(
      doc.queries.map((q) => [q.name, q.params[0]!.name, q.params[0]!.value]),
      [
        ['a', 'list', 'allpages'],
        ['b', 'meta', 'siteinfo'],
      ],
    );
  });
});

function spans(doc: ParsedDocument): Span[] {
  const result: Span[] = [];
  for (const q of doc.queries) {
    result.push(q.span);
    if (q.header) result.push(q.header);
    for (const p of q.params) result.push(p.nameSpan, p.valueSpan, ...p.items);
    for (const u of q.urls) result.push(u.span);
  }
  for (const v of doc.variables) result.push(v.nameSpan, v.valueSpan);
  for (const u of doc.uses) result.push(u.span);
  for (const p of doc.problems) result.push(p.span);
  return result;
}

// Fragments that make generated text look like (broken) query files.
const fragment = fc.oneof(
  fc.constantFrom(
    '###',
    '### q',
    'list=',
    'prop=',
    'meta=',
    'generator=',
    'titles=',
    '|',
    '||',
    '=',
    '==',
    '@',
    '@v = ',
    '{{',
    '}}',
    '{{v}}',
    '{{$env X}}',
    '{{$secret',
    '#',
    '//',
    'https://w/api.php?',
    '&',
    '%',
    '%ZZ',
    '%7C',
    'aplimit=max',
    'rvprop=ids',
    ' ',
    '\t',
    '\n',
    '\r\n',
    '\r',
    '\u0000',
    '\ud800',
    '\udc00',
    '\ufeff',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
);
const documentText = fc.oneof(
  { weight: 8, arbitrary: fc.array(fragment, { maxLength: 60 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 400 }) },
  // Huge lines and thousands of values.
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20000 }).map((n) => `rvprop=${'ids|'.repeat(n)}\n${'x'.repeat(n * 5)}`) },
);

describe('parser: survives anything', () => {
  it('never throws and keeps every range inside the document (fixed random start)', () => {
    let cases = 0;
    fc.assert(
      fc.property(documentText, (text) => {
        cases++;
        const doc = parseDocument(text);
        for (const span of spans(doc)) {
          assert.ok(span.start >= 0 && span.start <= span.end && span.end <= text.length, `span ${JSON.stringify(span)} in ${text.length}`);
        }
        // The whole service stays up on the same input.
        const document = documentOf(text);
        for (const d of service.validate(document)) {
          assert.ok(document.offsetAt(d.range.start) <= document.offsetAt(d.range.end));
          assert.ok(d.range.end.line < document.lineCount);
        }
      }),
      fixedRandom(20261121, 3000),
    );
    console.log(`parser fuzz: ${cases} generated documents`);
    assert.ok(cases >= 3000);
  });
});
