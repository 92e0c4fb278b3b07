// Request building and the copyable forms of a request (pure: no network).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../common/src/parser';
import { VariableScope, type ExternalLookup } from '../../common/src/resolve';
import { RunnerError } from '../../common/src/runner/errors';
import { buildRequest, type BuildRequestOptions, type PreparedRequest } from '../../common/src/runner/request';
import { indexPhpFor, requestPairs, toApiSandboxUrl, toCurl, toUrl, toWire } from '../../common/src/runner/wire';
import { queryAtLine } from '../../common/src/parser';
import '../nodeTransport';

function build(text: string, index = 0, options: BuildRequestOptions = {}): PreparedRequest {
  const doc = parseDocument(text);
  return buildRequest(doc.queries[index]!, new VariableScope(doc), options);
}

function pairsOf(request: PreparedRequest): Record<string, string> {
  return Object.fromEntries(requestPairs(request, { mask: false }));
}

function usageError(fn: () => unknown): RunnerError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof RunnerError, `expected a RunnerError, got ${String(error)}`);
    assert.equal(error.kind, 'usage');
    return error;
  }
  assert.fail('expected a usage error');
}

const EP = 'https://wiki.example/w/api.php';

describe('request: parameters', () => {
  it('sends the runner parameters first, then the file parameters; bare flags are empty; continuation lines join with |', () => {
    const r = build(
      `@endpoint = ${EP}\n### q\nprop=revisions\ntitles=A\nredirects\nrvprop=ids|timestamp\n   |user\nformat=xml\nformatversion=1\n`,
    );
    assert.equal(r.endpoint, EP);
    assert.deepEqual(
      r.params.map((p) => [p.name, p.value]),
      [
        ['action', 'query'],
        ['format', 'json'],
        ['formatversion', '2'],
        ['errorformat', 'plaintext'],
        ['prop', 'revisions'],
        ['titles', 'A'],
        ['redirects', ''],
        ['rvprop', 'ids|timestamp|user'],
      ],
    );
    assert.equal(r.notes.length, 2);
    assert.match(r.notes[0]!, /line 8: format=xml is ignored/);
    assert.equal(r.params.find((p) => p.name === 'rvprop')!.line, 5);
  });

  it('keeps the last of duplicate parameters', () => {
    const r = build(`@endpoint = ${EP}\nlist=allpages\naplimit=5\naplimit=7\n`);
    assert.equal(pairsOf(r).aplimit, '7');
    assert.equal(r.params.filter((p) => p.name === 'aplimit').length, 1);
  });

  it('sends a single-valued value with | exactly as written', () => {
    const r = build(`@endpoint = ${EP}\nlist=search\nsrsearch=a|b\n`);
    assert.equal(pairsOf(r).srsearch, 'a|b');
  });

  it('switches to U+001F separators when an item of a multi-valued value gains a | from a variable', () => {
    const text = `@endpoint = ${EP}\n@two = X|Y\ntitles={{two}}|B\nsrsearch={{two}}\nrvprop={{one}}|ids\n@one = user\n`;
    const p = pairsOf(build(text.replace('@one = user\n', '').replace('rvprop={{one}}|ids\n', '')));
    assert.equal(p.titles, '\x1fX|Y\x1fB');
    // One item: sent as resolved (U+001F is refused in single-valued parameters).
    assert.equal(p.srsearch, 'X|Y');
    const q = pairsOf(build(`@endpoint = ${EP}\n@one = user\nrvprop={{one}}|ids\n`));
    assert.equal(q.rvprop, 'user|ids');
  });

  it('sends a value that already starts with U+001F unchanged', () => {
    const r = build(`${EP}?action=query&titles=%1FA%7CB%1FC\n`);
    assert.equal(pairsOf(r).titles, '\x1fA|B\x1fC');
  });

  it('keeps the other parameters of a pasted URL and ignores its format', () => {
    const r = build(
      '### pasted\nhttps://en.wikipedia.org/w/api.php?action=query&format=xml&list=search&srsearch=kittens%20cats&srlimit=20\n',
    );
    assert.equal(r.endpoint, 'https://en.wikipedia.org/w/api.php');
    assert.deepEqual(pairsOf(r), {
      action: 'query',
      format: 'json',
      formatversion: '2',
      errorformat: 'plaintext',
      list: 'search',
      srsearch: 'kittens cats',
      srlimit: '20',
    });
  });

  it("sends a read action in place of query, with the runner's own parameters", () => {
    const request = build(`@endpoint = ${EP}\naction=parse\npage=X\nformat=xml\n`);
    assert.deepEqual(
      request.params.map((p) => [p.name, p.value]),
      [
        ['action', 'parse'],
        ['format', 'json'],
        ['formatversion', '2'],
        ['errorformat', 'plaintext'],
        ['page', 'X'],
      ],
    );
    assert.match(usageError(() => build(`@endpoint = ${EP}\naction=par se\npage=X\n`)).message, /line 2: "par se" is not an action name/);
  });

  it('refuses rawcontinue with the line', () => {
    assert.match(
      usageError(() => build(`@endpoint = ${EP}\nlist=allpages\nrawcontinue\n`)).message,
      /line 3: rawcontinue is not supported/,
    );
  });
});

describe('request: endpoint', () => {
  it('takes the URL line first, then @endpoint above the query, then the default', () => {
    const text = `@endpoint = https://a.example/w/api.php\n### one\nlist=allpages\n### two\nhttps://b.example/w/api.php?list=allusers\n### three\n@endpoint = https://c.example/api.php\nmeta=siteinfo\n`;
    assert.equal(build(text, 0).endpoint, 'https://a.example/w/api.php');
    assert.equal(build(text, 1).endpoint, 'https://b.example/w/api.php');
    assert.equal(build(text, 2).endpoint, 'https://c.example/api.php');
    assert.equal(build('list=allpages\n', 0, { defaultEndpoint: 'https://d.example/api.php' }).endpoint, 'https://d.example/api.php');
  });

  it('says clearly when there is no endpoint', () => {
    const e = usageError(() => build('### Mine\nlist=allpages\n'));
    assert.match(
      e.message,
      /No endpoint for query "Mine": add a URL line or "@endpoint = https:\/\/…\/api\.php" above it, or pick an environment in the status bar \(\.mwquery\.json\), or set mwquery\.endpoint\./,
    );
  });

  it('refuses an endpoint that is not an http(s) URL', () => {
    assert.match(
      usageError(() => build('@endpoint = ftp://x/api.php\nlist=allpages\n')).message,
      /line 1: the endpoint "ftp:\/\/x\/api\.php" is not an http\(s\) URL/,
    );
  });
});

describe('request: variables and secrets', () => {
  const lookup: ExternalLookup = (use) =>
    use.kind === 'env'
      ? ({ WIKI_USER: 'Alice' } as Record<string, string>)[use.name]
      : use.kind === 'secret'
        ? ({ 'wl-token': 's3cr3t|x' } as Record<string, string>)[use.name]
        : undefined;

  it('resolves {{name}}, {{$env}} and {{$secret}}, and names every unresolved one', () => {
    const r = build(`@endpoint = ${EP}\n@u = {{$env WIKI_USER}}\nlist=usercontribs\nucuser={{u}}\n`, 0, { external: lookup });
    assert.equal(pairsOf(r).ucuser, 'Alice');
    const e = usageError(() =>
      build(`@endpoint = ${EP}\nlist=usercontribs\nucuser={{nobody}}\nuctag={{$env NOPE}}\nwltoken={{$secret none}}\n`, 0, {
        external: lookup,
      }),
    );
    assert.match(e.message, /line 3: \{\{nobody\}\} is not defined above/);
    assert.match(e.message, /line 4: the environment variable NOPE is not set/);
    assert.match(e.message, /line 5: the secret "none" is not stored/);
  });

  it('a variable past the nesting limit is said as such, not as undefined', () => {
    const chain = Array.from({ length: 60 }, (_, i) => (i === 0 ? '@v1 = Main Page\n' : `@v${i + 1} = {{v${i}}}\n`)).join('');
    const e = usageError(() => build(`@endpoint = ${EP}\n${chain}prop=info\ntitles={{v60}}\n`, 0));
    assert.match(e.message, /line 63: \{\{v50\}\} is nested more than 10 variables deep, the limit \(in "titles"\)/);
    assert.doesNotMatch(e.message, /not defined/);
  });

  it('masks secret values and sensitive parameters in every displayed form, by default', () => {
    const text = `@endpoint = ${EP}\n@tok = {{$secret wl-token}}\nlist=watchlist\nwlowner=Example\nwltoken={{tok}}\nwrtoken=literal\ncentralauthtoken=abc\nuctag={{$secret wl-token}}\n`;
    const r = build(text, 0, { external: lookup, sensitiveNames: ['wlowner'] });
    const url = toUrl(r);
    assert.ok(!url.includes('s3cr3t'), url);
    assert.ok(!url.includes('literal') && !url.includes('abc') && !url.includes('Example'), url);
    assert.match(url, /wltoken=\*\*\*&wrtoken=\*\*\*&centralauthtoken=\*\*\*&uctag=\*\*\*/);
    assert.match(url, /wlowner=\*\*\*/);
    assert.ok(!toCurl(r).includes('s3cr3t'));
    assert.ok(!toApiSandboxUrl(r).includes('s3cr3t'));
    // Unmasked only on request (what is sent).
    assert.ok(toUrl(r, { mask: false }).includes('wltoken=s3cr3t|x'));
    assert.equal(pairsOf(r).wltoken, 's3cr3t|x');
  });
});

describe('request: URL, cURL, ApiSandbox', () => {
  const r = build(`@endpoint = ${EP}\nlist=search\nsrsearch=O'Brien & "co" 100%\nsrlimit=max\n`);

  it('every character is encoded as encodeURIComponent does, with | : / , left readable (names and values)', () => {
    const full = (t: string) =>
      encodeURIComponent(t).replace(/%7C/gi, '|').replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%2C/gi, ',');
    const texts = ['', 'Bulk_00501', '-||', 'a|b:c/d,e', "x!~*'()", 'Main Page', 'é', '\u{1F600}', '\x1fA|B\x1fC'];
    for (let c = 0; c < 0x100; c++) texts.push(String.fromCharCode(c), `a${String.fromCharCode(c)}b`);
    for (const text of texts) {
      const wire = toWire(EP, [[text, text]]);
      assert.equal(wire.url, `${EP}?${full(text)}=${full(text)}`, JSON.stringify(text));
    }
  });

  it('builds a readable, correctly encoded GET URL, with continue values merged whole', () => {
    const url = toUrl(r, { continueParams: { sroffset: 10, continue: '-||' } });
    assert.equal(
      url,
      `${EP}?action=query&format=json&formatversion=2&errorformat=plaintext&list=search&srsearch=O'Brien%20%26%20%22co%22%20100%25&srlimit=max&sroffset=10&continue=-||`,
    );
    const back = new URL(url).searchParams;
    assert.equal(back.get('srsearch'), `O'Brien & "co" 100%`);
    assert.equal(back.get('continue'), '-||');
  });

  it('adds defaults such as maxlag only when the query does not set them', () => {
    assert.equal(Object.fromEntries(requestPairs(r, { defaults: { maxlag: '5' } })).maxlag, '5');
    const own = build(`@endpoint = ${EP}\nlist=allpages\nmaxlag=1\n`);
    assert.equal(Object.fromEntries(requestPairs(own, { defaults: { maxlag: '5' } })).maxlag, '1');
  });

  it('builds a cURL command that a POSIX shell reads back exactly', () => {
    const curl = toCurl(r, { userAgent: 'mwquery/0.1.0 (me)' });
    assert.equal(
      curl,
      `curl --compressed -A 'mwquery/0.1.0 (me)' '${EP}?action=query&format=json&formatversion=2&errorformat=plaintext&list=search&srsearch=O'\\''Brien%20%26%20%22co%22%20100%25&srlimit=max'`,
    );
  });

  it('switches to a form-encoded POST past ~8000 bytes, in the wire request and in cURL', () => {
    const titles = Array.from({ length: 50 }, (_, i) => `A rather long page title number ${i} ${'x'.repeat(150)}`).join('|');
    const big = build(`@endpoint = ${EP}\nprop=info\ntitles=${titles}\n`);
    const wire = toWire(big.endpoint, requestPairs(big, { mask: false }));
    assert.equal(wire.method, 'POST');
    assert.equal(wire.url, EP);
    assert.equal(new URLSearchParams(wire.body).get('titles'), titles);
    assert.match(toCurl(big), /^curl --compressed --data-binary 'action=query&.*' https:\/\/wiki\.example\/w\/api\.php$/);
    assert.equal(toWire(r.endpoint, requestPairs(r)).method, 'GET');
  });

  it('links to ApiSandbox beside api.php', () => {
    assert.equal(indexPhpFor('https://en.wikipedia.org/w/api.php'), 'https://en.wikipedia.org/w/index.php');
    assert.equal(indexPhpFor('http://127.0.0.1:8080/api.php'), 'http://127.0.0.1:8080/index.php');
    assert.equal(indexPhpFor('https://wiki.example/mw/'), 'https://wiki.example/mw/index.php');
    assert.equal(
      toApiSandboxUrl(r),
      `https://wiki.example/w/index.php?title=Special:ApiSandbox#action=query&format=json&formatversion=2&errorformat=plaintext&list=search&srsearch=O'Brien%20%26%20%22co%22%20100%25&srlimit=max`,
    );
  });

  it('finds the query at a line', () => {
    const doc = parseDocument('list=allpages\n\n### two\nmeta=siteinfo\n');
    assert.equal(queryAtLine(doc, 0)?.index, 0);
    assert.equal(queryAtLine(doc, 3)?.name, 'two');
  });
});
