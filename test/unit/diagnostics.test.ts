// One test per row of the diagnostics table (docs/file-format.md): code,
// severity and the exact text the range covers.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { diagnose, ERROR, HINT, INFORMATION, WARNING, type Seen } from './serviceHelpers';

function only(text: string, code: string): Seen {
  const all = diagnose(text);
  const matching = all.filter((d) => d.code === code);
  assert.equal(matching.length, 1, `expected one ${code} in ${JSON.stringify(all, null, 1)}`);
  return matching[0]!;
}

function expectOne(text: string, code: string, severity: number, covered: string, line?: number): Seen {
  const d = only(text, code);
  assert.equal(d.severity, severity, `severity of ${code}`);
  assert.equal(d.covered, covered, `range of ${code}`);
  if (line !== undefined) assert.equal(d.line, line);
  return d;
}

describe('diagnostics table', () => {
  it('unrecognizedvalues: unknown module, with the nearest name', () => {
    const d = expectOne('list=allpagez\n', 'unrecognizedvalues', WARNING, 'allpagez', 1);
    assert.match(d.message, /not a list module; did you mean `allpages`\?/);
  });

  it('unrecognizedvalues: module in the wrong group names the right one', () => {
    const d = expectOne('titles=A\nlist=allpages|revisions\n', 'unrecognizedvalues', WARNING, 'revisions', 2);
    assert.match(d.message, /`revisions` is a prop module: use `prop=revisions`/);
  });

  it('unrecognizedvalues: unknown value of a multi-valued parameter', () => {
    expectOne('prop=revisions\ntitles=A\nrvprop=ids|bogus\n', 'unrecognizedvalues', WARNING, 'bogus', 3);
  });

  it('unrecognizedvalues: `*` where the parameter has no allspecifier', () => {
    expectOne('prop=revisions\ntitles=A\nrvprop=*\n', 'unrecognizedvalues', WARNING, '*', 3);
    assert.deepEqual(diagnose('prop=revisions\ntitles=A\nrvslots=*\n'), []);
  });

  it('unknown-namespace: a namespace the bundled catalogue does not list is a note, not an error (the wiki may have it)', () => {
    const d = expectOne('list=recentchanges\nrcnamespace=0|9999\n', 'unknown-namespace', INFORMATION, '9999', 2);
    assert.match(d.message, /checked once its own catalogue is fetched/);
    expectOne('list=allpages\napnamespace=828\n', 'unknown-namespace', INFORMATION, '828', 2);
  });

  it('unrecognizedparams: parameter of no module', () => {
    expectOne('list=allpages\napfoo=1\n', 'unrecognizedparams', WARNING, 'apfoo', 2);
  });

  it('unrecognizedparams: parameter of a module the query does not use names its owner', () => {
    const d = expectOne('list=allusers\naplimit=5\n', 'unrecognizedparams', WARNING, 'aplimit', 2);
    assert.match(d.message, /`list=allpages`/);
    const g = expectOne('list=allusers\ngcmlimit=5\n', 'unrecognizedparams', WARNING, 'gcmlimit', 2);
    assert.match(g.message, /`generator=categorymembers`/);
  });

  it('badvalue: value outside a single-valued enumeration', () => {
    expectOne('list=allpages\napfilterredir=foo\n', 'badvalue', ERROR, 'foo', 2);
  });

  it('badvalue: a namespace that is not accepted', () => {
    expectOne('list=allpages\napnamespace=-1\n', 'badvalue', ERROR, '-1', 2);
    // -1 and -2 are fine where the parameter lists them as extra namespaces.
    assert.deepEqual(diagnose('list=alllinks\nalnamespace=-1\n'), []);
  });

  it('badinteger: not an integer, and an empty value', () => {
    expectOne('list=allpages\napminsize=1.5\n', 'badinteger', ERROR, '1.5', 2);
    expectOne('list=allpages\naplimit=\n', 'badinteger', ERROR, 'aplimit', 2);
  });

  it('outofrange: limit below min or above max; `max` is fine', () => {
    expectOne('list=allpages\naplimit=0\n', 'outofrange', WARNING, '0', 2);
    const over = expectOne('list=allpages\naplimit=600\n', 'outofrange', WARNING, '600', 2);
    // What the API will read: 500 (it clamps), not "clamp 600".
    assert.match(over.message, /the API will use 500 instead of 600 \(accounts with apihighlimits get 600\)/);
    assert.match(
      only('list=allpages\naplimit=9000\n', 'outofrange').message,
      /the API will use 500 instead of 9000 \(5000 for accounts with apihighlimits\)/,
    );
    assert.match(only('list=allpages\naplimit=0\n', 'outofrange').message, /the API will use 1 instead of 0/);
    expectOne('list=search\nsrsearch=x\nsroffset=-1\n', 'outofrange', WARNING, '-1', 3);
    assert.deepEqual(diagnose('list=allpages\naplimit=max\n'), []);
    assert.deepEqual(diagnose('list=allpages\naplimit=500\n'), []);
  });

  it('normalised-timestamp: fields out of range are accepted and rolled over by the wiki; the warning says what it reads', () => {
    const d = expectOne('list=logevents\nlestart=2024-13-45T00:00:00Z\n', 'normalised-timestamp', WARNING, '2024-13-45T00:00:00Z', 2);
    assert.match(d.message, /reads it as 2025-02-14T00:00:00Z/);
    assert.match(only('list=logevents\nlestart=20240230000000\n', 'normalised-timestamp').message, /2024-03-01T00:00:00Z/);
    assert.match(only('list=logevents\nlestart=2024-12-31T24:00:00Z\n', 'normalised-timestamp').message, /2025-01-01T00:00:00Z/);
    assert.deepEqual(diagnose('list=logevents\nlestart=2024-02-29T23:59:59Z\n'), []);
    assert.deepEqual(diagnose('list=logevents\nlestart=2024-01-01 00:00:00\n'), []);
  });

  it('badtimestamp: words and a date without time', () => {
    expectOne('list=logevents\nlestart=yesterday\n', 'badtimestamp', ERROR, 'yesterday', 2);
    expectOne('list=logevents\nlestart=2024-01-01\n', 'badtimestamp', ERROR, '2024-01-01', 2);
    expectOne('list=logevents\nlestart=24-01-01T00:00:00Z\n', 'badtimestamp', ERROR, '24-01-01T00:00:00Z', 2);
    expectOne('list=logevents\nlestart=2024-1-5T00:00:00Z\n', 'badtimestamp', ERROR, '2024-1-5T00:00:00Z', 2);
    for (const ok of ['2024-01-01T00:00:00Z', '20240101000000', '1700000000', 'now', '2024-01-31T12:00:00+02:00']) {
      assert.deepEqual(diagnose(`list=logevents\nlestart=${ok}\n`), [], ok);
    }
  });

  it('baduser: a reference outside the allowed subtypes', () => {
    expectOne('list=blocks\nbkusers=Example|1.2.3.4/99\n', 'baduser', ERROR, '1.2.3.4/99', 2);
    expectOne('list=watchlist\nwlowner=192.0.2.1\n', 'baduser', ERROR, '192.0.2.1', 2);
    assert.deepEqual(diagnose('list=blocks\nbkusers=Example|192.0.2.0/24|2001:db8::1\n'), []);
  });

  it('missingparam: required parameter missing, on the module name', () => {
    const d = expectOne('list=search\n', 'missingparam', ERROR, 'search', 1);
    assert.match(d.message, /srsearch/);
    const g = expectOne('generator=search\nprop=info\n', 'missingparam', ERROR, 'search', 1);
    assert.match(g.message, /gsrsearch/);
  });

  it('toomanyvalues: more values than the limit allows', () => {
    const titles = Array.from({ length: 51 }, (_, i) => `T${i}`).join('|');
    expectOne(`prop=info\ntitles=${titles}\n`, 'toomanyvalues', ERROR, titles, 2);
    assert.deepEqual(diagnose(`prop=info\ntitles=${titles.split('|').slice(0, 50).join('|')}\n`), []);
  });

  it('badgenerator: a module with no generator marker', () => {
    expectOne('generator=allusers\n', 'badgenerator', ERROR, 'allusers', 1);
  });

  it('multisource: titles with pageids or revids', () => {
    expectOne('titles=A\npageids=1\n', 'multisource', ERROR, 'pageids', 2);
    expectOne('revids=5\ntitles=A\n', 'multisource', ERROR, 'titles', 2);
  });

  it('invalidparammix: useronly parameter without user', () => {
    expectOne('list=alldeletedrevisions\nadrstart=2024-01-01T00:00:00Z\n', 'invalidparammix', ERROR, 'adrstart', 2);
    assert.deepEqual(diagnose('list=alldeletedrevisions\nadruser=Example\nadrstart=2024-01-01T00:00:00Z\n'), []);
  });

  it('invalidparammix: nonuseronly parameter with user', () => {
    expectOne('list=alldeletedrevisions\nadruser=Example\nadrprefix=A\n', 'invalidparammix', ERROR, 'adrprefix', 3);
  });

  it('invalidparammix: rvlimit with several titles', () => {
    expectOne('prop=revisions\ntitles=A|B\nrvlimit=5\n', 'invalidparammix', ERROR, 'rvlimit', 3);
    assert.deepEqual(diagnose('prop=revisions\ntitles=A\nrvlimit=5\n'), []);
  });

  it('invalidparammix: a deletedrevs parameter outside its modes', () => {
    const text = 'list=deletedrevs\ntitles=A\ndrfrom=B\n';
    const d = expectOne(text, 'invalidparammix', ERROR, 'drfrom', 3);
    assert.match(d.message, /mode 1/);
  });

  it('show: both x and !x', () => {
    expectOne('list=recentchanges\nrcshow=bot|!bot\n', 'show', ERROR, 'bot|!bot', 2);
    assert.deepEqual(diagnose('list=recentchanges\nrcshow=bot|!minor\n'), []);
  });

  it('deprecation: module, parameter and value carry the Deprecated tag', () => {
    const module = expectOne('list=deletedrevs\n', 'deprecation', WARNING, 'deletedrevs', 1);
    assert.ok(module.deprecatedTag);
    const param = expectOne('prop=revisions\ntitles=A\nrvexpandtemplates\n', 'deprecation', WARNING, 'rvexpandtemplates', 3);
    assert.ok(param.deprecatedTag);
    const value = expectOne('prop=revisions\ntitles=A\nrvprop=ids|parsetree\n', 'deprecation', WARNING, 'parsetree', 3);
    assert.ok(value.deprecatedTag);
    const single = expectOne('prop=info\ntitles=A\ninprop=readable\n', 'deprecation', WARNING, 'readable', 3);
    assert.ok(single.deprecatedTag);
  });

  it('duplicate-parameter: the overridden occurrence is flagged', () => {
    expectOne('list=allpages\naplimit=5\naplimit=10\n', 'duplicate-parameter', WARNING, 'aplimit', 2);
  });

  it('boolean-value: false-looking values', () => {
    for (const v of ['false', '0', 'no', 'off', 'FALSE']) {
      expectOne(`titles=A\nredirects=${v}\n`, 'boolean-value', WARNING, v, 2);
    }
    assert.deepEqual(diagnose('titles=A\nredirects\n'), []);
    assert.deepEqual(diagnose('titles=A\nredirects=1\n'), []);
  });

  it('secret-in-file: a sensitive parameter with a literal value', () => {
    const d = expectOne('list=watchlist\nwlowner=Example\nwltoken=abc123\n', 'secret-in-file', WARNING, 'abc123', 3);
    assert.match(d.message, /\{\{\$secret/);
    assert.deepEqual(diagnose('list=watchlist\nwlowner=Example\nwltoken={{$secret wltoken}}\n'), []);
  });

  it('undefined-variable: a use with no definition above', () => {
    expectOne('list=allpages\napprefix={{page}}\n@page = X\n', 'undefined-variable', ERROR, '{{page}}', 2);
    assert.deepEqual(diagnose('@page = X\nlist=allpages\napprefix={{page}}\n'), []);
    expectOne('list=allpages\napprefix={{$nope X}}\n', 'undefined-variable', ERROR, '{{$nope X}}', 2);
  });

  it('variable-too-deep: a value reaching through more than 10 nested variables, reported once where it is sent', () => {
    const chain = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? '@v1 = Main Page\n' : `@v${i + 1} = {{v${i}}}\n`)).join('');
    const d = expectOne(`${chain(60)}prop=info\ntitles={{v60}}\n`, 'variable-too-deep', ERROR, '{{v60}}', 62);
    assert.match(d.message, /^`\{\{v60\}\}` reaches through more than 10 nested variables, the limit \(`\{\{v50\}\}` is past it\)/);
    // Not "not defined": v50 is defined.
    assert.equal(diagnose(`${chain(60)}prop=info\ntitles={{v60}}\n`).filter((x) => x.code === 'undefined-variable').length, 0);
    // Ten definitions deep is within the limit; @endpoint is checked like a query's value.
    assert.deepEqual(diagnose(`${chain(10)}prop=info\ntitles={{v10}}\n`), []);
    expectOne(
      `${chain(12)}@endpoint = https://x.example/{{v12}}/api.php\nprop=info\ntitles=A\n`,
      'variable-too-deep',
      ERROR,
      '{{v12}}',
      13,
    );
  });

  it('syntax: a line that is none of the forms', () => {
    expectOne('list=allpages\nthis is not a parameter\n', 'syntax', ERROR, 'this is not a parameter', 2);
    expectOne('=value\n', 'syntax', ERROR, '=value', 1);
    expectOne('|ids\n', 'syntax', ERROR, '|ids', 1);
    expectOne('@oops\n', 'syntax', ERROR, '@oops', 1);
  });

  it('runner-parameter: format and formatversion get a hint, not in pasted URLs', () => {
    expectOne('format=json\nlist=allpages\n', 'runner-parameter', HINT, 'format', 1);
    assert.deepEqual(diagnose('https://en.wikipedia.org/w/api.php?action=query&format=json&formatversion=2&list=allpages\n'), []);
  });

  it('ignored-parameter: preload parameters without inprop=preloadcontent', () => {
    expectOne('prop=info\ntitles=A\ninpreloadcustom=X\n', 'ignored-parameter', INFORMATION, 'inpreloadcustom', 3);
    assert.deepEqual(diagnose('prop=info\ntitles=A\ninprop=preloadcontent\ninpreloadcustom=X\n'), []);
  });

  it('values are checked after file variables are resolved', () => {
    expectOne('@lim = 900\nlist=allpages\naplimit={{lim}}\n', 'outofrange', WARNING, '{{lim}}', 3);
    // $env and $secret are unknown to the checker: no value diagnostic.
    assert.deepEqual(diagnose('list=allpages\naplimit={{$env LIMIT}}\n'), []);
  });

  it('pasted URL lines are checked like parameter lines', () => {
    const text = 'https://en.wikipedia.org/w/api.php?action=query&list=allpagez&aplimit=5\n';
    const seen = diagnose(text);
    assert.deepEqual(
      seen.map((d) => [d.code, d.covered]),
      [
        ['unrecognizedvalues', 'allpagez'],
        ['unrecognizedparams', 'aplimit'],
      ],
    );
  });

  it('continuation lines add values with their own ranges', () => {
    expectOne('prop=revisions\ntitles=A\nrvprop=ids|timestamp\n   |user|bogus\n', 'unrecognizedvalues', WARNING, 'bogus', 4);
  });

  it('templated parameters follow the slots given', () => {
    assert.deepEqual(diagnose('prop=revisions\ntitles=A\nrvslots=main\nrvcontentformat-main=text/x-wiki\n'), []);
    expectOne('prop=revisions\ntitles=A\nrvslots=main\nrvcontentformat-main=text/bogus\n', 'badvalue', ERROR, 'text/bogus', 4);
    const d = expectOne(
      'prop=revisions\ntitles=A\nrvcontentformat-main=text/x-wiki\n',
      'unrecognizedparams',
      WARNING,
      'rvcontentformat-main',
      3,
    );
    assert.match(d.message, /revisions/);
  });
});

describe('a correct query of every module', () => {
  const text = readFileSync(path.join(__dirname, '..', 'fixtures', 'all-modules.mwq'), 'utf8');

  it('covers the 68 modules of the catalogue', () => {
    const names = [...text.matchAll(/^### (\S+)/gm)].map((m) => m[1]);
    assert.equal(names.length, 68);
    assert.equal(new Set(names).size, 68);
  });

  it('gets no diagnostic except the deprecation of deletedrevs and flowinfo', () => {
    const seen = diagnose(text);
    assert.deepEqual(
      seen.map((d) => [d.code, d.covered]),
      [
        ['deprecation', 'deletedrevs'],
        ['deprecation', 'flowinfo'],
      ],
    );
  });
});
