// A query string on one line (`a=b&c=d`, a URL
// without its host) is read as parameters, percent-decoded like a URL line,
// with a quick fix that splits it; a parameter name the API does not know
// (`acfrom|acprefix`, pasted from a URL) is sent as written and flagged with
// the wiki's own code, never dropped.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest } from '../../common/src/runner/request';
import { documentEndpoint, queryEndpoints } from '../../common/src/catalogue/documentEndpoint';
import { requestPairs } from '../../common/src/runner/wire';
import { applyEdits, diagnose, documentOf, service } from './serviceHelpers';
import '../nodeTransport';

function pairsOf(text: string): [string, string][] {
  const doc = parseDocument(text);
  const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: 'https://wiki.example/w/api.php' });
  return [...requestPairs(request)].map(([k, v]) => [k, v] as [string, string]);
}

describe('a query string on one line', () => {
  const line = 'prop=revisions&titles=Page%200001&rvlimit=3\n';

  it('is read as its parameters, percent-decoded', () => {
    const doc = parseDocument(line);
    assert.deepEqual(doc.problems, []);
    assert.deepEqual(
      doc.queries[0]!.params.map((p) => [p.name, p.value]),
      [
        ['prop', 'revisions'],
        ['titles', 'Page 0001'],
        ['rvlimit', '3'],
      ],
    );
    assert.ok(pairsOf(line).some(([k, v]) => k === 'titles' && v === 'Page 0001'));
  });

  it('is checked like any parameters, with a hint that offers to split it', () => {
    assert.deepEqual(
      diagnose(line).map((d) => d.code),
      ['query-string-line'],
    );
    assert.deepEqual(
      diagnose('list=allpages&apfilterredir=some\n')
        .map((d) => d.code)
        .sort(),
      ['badvalue', 'query-string-line'],
    );
  });

  it('the quick fix writes one parameter per line', () => {
    const document = documentOf(line);
    const diagnostic = service.validate(document).find((d) => d.code === 'query-string-line');
    assert.ok(diagnostic);
    const action = service.codeActions(document, diagnostic.range).find((a) => /Split into one parameter per line/.test(a.title));
    assert.ok(action);
    assert.equal(applyEdits(document, action.edit!.changes![document.uri]!), 'prop=revisions\ntitles=Page 0001\nrvlimit=3\n');
  });

  it('a value with " & " in it stays one parameter', () => {
    const doc = parseDocument('titles=Tom & Jerry\n');
    assert.deepEqual(
      doc.queries[0]!.params.map((p) => [p.name, p.value]),
      [['titles', 'Tom & Jerry']],
    );
    assert.deepEqual(diagnose('prop=info\ntitles=Tom & Jerry\n'), []);
  });

  it('a {{…}} that only decoding makes is text, not a reference, and the split is not offered', () => {
    const text = 'list=allpages&apfrom=%7B%7B%24secret%20WIKI_TOKEN%7D%7D\n';
    const doc = parseDocument(text);
    assert.equal(doc.uses.length, 0);
    assert.ok(pairsOf(text).some(([k, v]) => k === 'apfrom' && v === '{{$secret WIKI_TOKEN}}'));
    const document = documentOf(text);
    const diagnostic = service.validate(document).find((d) => d.code === 'query-string-line');
    assert.ok(diagnostic);
    assert.equal(service.codeActions(document, diagnostic.range).length, 0);
  });
});

describe('a parameter name the API does not know, from a pasted URL', () => {
  const text = 'https://wiki.example/w/api.php?action=query&list=allcategories&acfrom|acprefix=Cat\n';

  it('is sent as written, never dropped', () => {
    const doc = parseDocument(text);
    assert.deepEqual(doc.problems, []);
    assert.ok(pairsOf(text).some(([k, v]) => k === 'acfrom|acprefix' && v === 'Cat'));
  });

  it("is flagged with the wiki's own code (unrecognizedparams), not as a syntax error", () => {
    const codes = diagnose(text).map((d) => d.code);
    assert.ok(codes.includes('unrecognizedparams'), codes.join(', '));
    assert.ok(!codes.includes('syntax'));
  });
});

describe('a line that is not a parameter', () => {
  const text = '### Pasted\nlist=allcategories\nacfrom|acprefix=Cat\n';

  it('is an error on its line that says the query does not run, and the request is refused naming the line', () => {
    const [syntax] = diagnose(text);
    assert.deepEqual([syntax?.code, syntax?.line, syntax?.covered], ['syntax', 3, 'acfrom|acprefix']);
    assert.match(syntax!.message, /The query does not run until this line is fixed\.$/);
    assert.throws(() => pairsOf(text), /Cannot run query "Pasted": line 3 is not a parameter \("acfrom\|acprefix" is not a parameter name/);
    assert.throws(() => pairsOf('list=allpages\nfoo bar\n'), /line 2 is not a parameter/);
  });

  it('`a|b=value` has a quick fix that writes each name on its own line', () => {
    const document = documentOf(text);
    const diagnostic = service.validate(document).find((d) => d.code === 'syntax');
    assert.ok(diagnostic);
    const action = service
      .codeActions(document, diagnostic.range)
      .find((a) => a.title === 'Split into `acfrom=` and `acprefix=`, one line each');
    assert.ok(action);
    const fixed = applyEdits(document, action.edit!.changes![document.uri]!);
    assert.equal(fixed, '### Pasted\nlist=allcategories\nacfrom=Cat\nacprefix=Cat\n');
    assert.deepEqual(parseDocument(fixed).problems, []);
  });
});

describe('a pasted ApiSandbox link', () => {
  it('reads its parameters from the part after # and its endpoint from the link, with a hint', () => {
    const wikimedia = 'https://en.wikipedia.org/wiki/Special:ApiSandbox#action=query&list=allpages&aplimit=5\n';
    const doc = parseDocument(wikimedia);
    assert.deepEqual(doc.problems, []);
    assert.deepEqual(
      doc.queries[0]!.params.map((p) => [p.name, p.value]),
      [
        ['action', 'query'],
        ['list', 'allpages'],
        ['aplimit', '5'],
      ],
    );
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc));
    assert.equal(request.endpoint, 'https://en.wikipedia.org/w/api.php');
    const hints = diagnose(wikimedia).filter((d) => d.code === 'apisandbox-link');
    assert.equal(hints.length, 1);
    assert.match(hints[0]!.message, /sent to https:\/\/en\.wikipedia\.org\/w\/api\.php, where every Wikimedia wiki has it/);
    const indexForm = parseDocument(
      'http://127.0.0.1:8080/w/index.php?title=Special%3AApiSandbox#action=query&list=allpages&titles=A%7CB\n',
    );
    assert.equal(buildRequest(indexForm.queries[0]!, new VariableScope(indexForm)).endpoint, 'http://127.0.0.1:8080/w/api.php');
    assert.deepEqual(
      indexForm.queries[0]!.params.map((p) => [p.name, p.value]),
      [
        ['action', 'query'],
        ['list', 'allpages'],
        ['titles', 'A|B'],
      ],
    );
    const other = diagnose('https://wiki.example.org/wiki/Spezial:ApiSandbox#list=allpages\n').find((d) => d.code === 'apisandbox-link');
    assert.match(other!.message, /sent to the wiki's api\.php, found when run from the link's page/);
    // The request keeps the link's page, where the run reads the script path; `/w/api.php` stands in until then.
    const otherDoc = parseDocument('https://wiki.example.org/wiki/Spezial:ApiSandbox#list=allpages\n');
    const otherRequest = buildRequest(otherDoc.queries[0]!, new VariableScope(otherDoc));
    assert.equal(otherRequest.endpointPage, 'https://wiki.example.org/wiki/Spezial:ApiSandbox');
    assert.equal(otherRequest.endpoint, 'https://wiki.example.org/w/api.php');
    assert.equal(buildRequest(doc.queries[0]!, new VariableScope(doc)).endpointPage, undefined, 'a Wikimedia link needs no look-up');
    // The query's catalogue: a Wikimedia link's wiki; a link naming no script path is not known before a run (the environment's).
    assert.deepEqual(queryEndpoints(doc, 'http://127.0.0.1:9/api.php'), ['https://en.wikipedia.org/w/api.php']);
    assert.deepEqual(queryEndpoints(otherDoc, 'http://127.0.0.1:9/api.php'), ['http://127.0.0.1:9/api.php']);
    assert.deepEqual(queryEndpoints(otherDoc), [undefined]);
    // The file's (status item, the question to fetch): the environment's when there is one, else the link's wiki.
    assert.equal(documentEndpoint(doc, 'http://127.0.0.1:9/api.php'), 'http://127.0.0.1:9/api.php');
    assert.equal(documentEndpoint(doc), 'https://en.wikipedia.org/w/api.php');
    assert.equal(documentEndpoint(otherDoc), undefined);
    // An api.php URL with a fragment is still an api.php URL.
    assert.deepEqual(
      diagnose('https://en.wikipedia.org/w/api.php?list=allpages#x\n').map((d) => d.code),
      [],
    );
  });

  it('a query that asks for nothing is flagged, saying what is missing', () => {
    const flagged = diagnose('### Nothing\naplimit=5\n').filter((d) => d.code === 'asks-for-nothing');
    assert.equal(flagged.length, 1);
    assert.equal(flagged[0]!.covered, '### Nothing');
    assert.match(flagged[0]!.message, /no `list`, `prop`, `meta` or `generator`, and no pages \(`titles`, `pageids`, `revids`\)/);
    const sandbox = diagnose('https://en.wikipedia.org/wiki/Special:ApiSandbox#action=query&aplimit=5\n');
    assert.ok(sandbox.some((d) => d.code === 'asks-for-nothing'));
    for (const asking of [
      'list=allpages',
      'prop=info\ntitles=A',
      'meta=siteinfo',
      'titles=A',
      'pageids=1',
      'revids=1',
      'generator=allpages',
    ]) {
      assert.ok(!diagnose(`${asking}\n`).some((d) => d.code === 'asks-for-nothing'), asking);
    }
  });
});
