// API errors and warnings: parsing, and the line of the query each belongs to
// (texts as MediaWiki 1.39 writes them with errorformat=plaintext).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../common/src/parser';
import { bodyExcerpt } from '../../common/src/runner/httpMessages';
import { locateApiMessage, parseApiMessages, type ApiMessage } from '../../common/src/runner/apiMessages';
import { parseRetryAfter } from '../../common/src/runner/classify';

const text = [
  '### Broken', // 0
  'list=allpagez|allusers', // 1
  'prop=revisions', // 2
  'rvprop=ids', // 3
  '   |bogus', // 4
  'apfoo=1', // 5
  'apbar=2', // 6
  'apfilterredir=foo', // 7
  'titles=A', // 8
  'pageids=1', // 9
  'aplimit=600', // 10
  'apminsize=1.5', // 11
  '### Search', // 12
  'list=search', // 13
  '### Plain', // 14
  'meta=siteinfo', // 15
].join('\n');
const doc = parseDocument(text);
const [broken, search, plain] = doc.queries as [(typeof doc.queries)[0], (typeof doc.queries)[0], (typeof doc.queries)[0]];
const warning = (code: string, t: string, module: string, data?: unknown): ApiMessage => ({
  severity: 'warning',
  code,
  text: t,
  module,
  data,
});
const at = (m: ApiMessage, q = broken) => locateApiMessage(m, q, doc).map((l) => [l.line, text.slice(l.span.start, l.span.end)]);

describe('API messages: parsing', () => {
  it('reads formatversion 2 plaintext errors and warnings', () => {
    const parsed = parseApiMessages({
      errors: [{ code: 'badvalue', text: 'Unrecognized value for parameter "apfilterredir": foo.', module: 'query+allpages' }],
      warnings: [
        {
          code: 'unrecognizedvalues',
          text: 'Unrecognized value for parameter "list": allpagez',
          data: { values: ['allpagez'] },
          module: 'query',
        },
      ],
      docref: 'See …',
    });
    assert.deepEqual(parsed.errors, [
      { severity: 'error', code: 'badvalue', text: 'Unrecognized value for parameter "apfilterredir": foo.', module: 'query+allpages' },
    ]);
    assert.deepEqual(parsed.warnings[0]!.data, { values: ['allpagez'] });
  });

  it('reads the legacy shapes of wikis that ignore errorformat', () => {
    const parsed = parseApiMessages({
      error: { code: 'badvalue', info: 'Bad' },
      warnings: { main: { warnings: 'One\nTwo' }, query: { '*': 'Three' } },
    });
    assert.deepEqual(
      parsed.errors.map((e) => [e.code, e.text]),
      [['badvalue', 'Bad']],
    );
    assert.deepEqual(
      parsed.warnings.map((w) => [w.module, w.text]),
      [
        ['main', 'One'],
        ['main', 'Two'],
        ['query', 'Three'],
      ],
    );
  });
});

describe('API messages: lines', () => {
  it('unrecognizedparams → each named parameter', () => {
    assert.deepEqual(at(warning('unrecognizedparams', 'Unrecognized parameters: apfoo, apbar.', 'main')), [
      [5, 'apfoo'],
      [6, 'apbar'],
    ]);
    assert.deepEqual(at(warning('unrecognizedparams', 'Unrecognized parameter: apbar.', 'main')), [[6, 'apbar']]);
  });

  it('unrecognizedvalues → the value item, also on a continuation line', () => {
    assert.deepEqual(
      at(warning('unrecognizedvalues', 'Unrecognized value for parameter "list": allpagez', 'query', { values: ['allpagez'] })),
      [[1, 'allpagez']],
    );
    assert.deepEqual(
      at(warning('unrecognizedvalues', 'Unrecognized value for parameter "rvprop": bogus', 'query+revisions', { values: ['bogus'] })),
      [[4, 'bogus']],
    );
  });

  it('badvalue → the value; multisource → both parameters', () => {
    assert.deepEqual(
      at({ severity: 'error', code: 'badvalue', text: 'Unrecognized value for parameter "apfilterredir": foo.', module: 'query+allpages' }),
      [[7, 'foo']],
    );
    assert.deepEqual(
      at({ severity: 'error', code: 'multisource', text: 'The "pageids" parameter cannot be used with "titles".', module: 'query' }),
      [
        [9, 'pageids'],
        [8, 'titles'],
      ],
    );
  });

  it('outofrange and badinteger → the quoted value of the named parameter', () => {
    assert.deepEqual(
      at(
        warning('outofrange', 'The value "600" for parameter "aplimit" must be between 1 and 500.', 'query+allpages', {
          min: 1,
          curmax: 500,
          max: 500,
          highmax: 5000,
        }),
      ),
      [[10, '600']],
    );
    assert.deepEqual(
      at({
        severity: 'error',
        code: 'badinteger',
        text: 'Invalid value "1.5" for integer parameter "apminsize".',
        module: 'query+allpages',
      }),
      [[11, '1.5']],
    );
  });

  it('a parameter that is not in the query → the module that raised it', () => {
    assert.deepEqual(
      at({ severity: 'error', code: 'missingparam', text: 'The "srsearch" parameter must be set.', module: 'query+search' }, search),
      [[13, 'search']],
    );
  });

  it('otherwise → the query first line', () => {
    assert.deepEqual(
      at(
        { severity: 'error', code: 'internal_api_error_DBQueryError', text: 'A database query error has occurred.', module: 'main' },
        plain,
      ),
      [[14, '### Plain']],
    );
  });
});

describe('HTTP helpers', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    assert.equal(parseRetryAfter('5'), 5);
    assert.equal(parseRetryAfter(null), undefined);
    assert.equal(parseRetryAfter('soon'), undefined);
    const now = Date.parse('2030-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('Tue, 01 Jan 2030 00:00:20 GMT', now), 20);
  });

  it('turns an HTML page into a few lines of text', () => {
    const html =
      '<!DOCTYPE html><html><head><title>x</title><style>body{color:red}</style></head><body><script>alert(1)</script><h1>503 Service Unavailable</h1><p>Our servers are &quot;busy&quot; &amp; slow.</p><p>Try again.</p></body></html>';
    assert.equal(bodyExcerpt(html), 'x\n503 Service Unavailable\nOur servers are "busy" & slow.\nTry again.');
    assert.equal(bodyExcerpt('a\nb\nc\nd', 2), 'a\nb…');
    assert.equal(bodyExcerpt('x'.repeat(600)).length, 501);
  });
});
