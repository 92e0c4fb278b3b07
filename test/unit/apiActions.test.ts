// The read actions beside `query` and the refusal of writes (common/src/apiActions.ts),
// on plain strings: the language service with the bundled catalogue (whose action
// modules are the test wiki's paraminfo, server/catalogue/actions.json), the runner's
// request building and the code export's model, which must refuse a write with the
// editor's own sentence.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isWriteAction, requestWriteRefusal, writeRefusal } from '../../common/src/apiActions';
import { WRITE_ACTION_MARKS } from '../../common/src/writeActions';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest } from '../../common/src/runner/request';
import { exportModel } from '../../common/src/codegen/model';
import { actionMarks, buildCatalogue } from '../../server/src/service/catalogue';
import { bundledCatalogue } from '../../server/src/service/bundledCatalogue';
import { createLanguageService } from '../../server/src/service/languageService';
import { completionLabels, diagnose, documentOf, ERROR, service, withCursor } from './serviceHelpers';

const READS = ['parse', 'compare', 'expandtemplates', 'opensearch', 'templatedata', 'feedrecentchanges'];
const WRITES = ['edit', 'delete', 'move', 'upload', 'options', 'purge'];
const ENDPOINT = 'https://wiki.example/w/api.php';

/** What the runner says when asked to build the request of the file's first query (undefined: it builds). */
function runnerRefusal(text: string): string | undefined {
  const doc = parseDocument(text);
  try {
    buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: ENDPOINT });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('read actions beside action=query', () => {
  it('`action=` completes with query and the read actions, never a write', () => {
    const labels = completionLabels('action={|}\n');
    assert.equal(labels[0], 'query');
    for (const name of READS) assert.ok(labels.includes(name), `offers ${name}`);
    for (const name of WRITES) assert.ok(!labels.includes(name), `does not offer ${name}`);
    assert.ok(labels.length > READS.length + 5, `${labels.length} actions offered`);
  });

  it("a parse query's names and values are parse's own, not query's", () => {
    const names = completionLabels('action=parse\n{|}');
    for (const name of ['page', 'pageid', 'oldid', 'text', 'prop', 'section', 'maxlag']) assert.ok(names.includes(name), name);
    for (const name of ['list', 'titles', 'generator', 'apprefix', 'rvprop']) assert.ok(!names.includes(name), name);
    const values = completionLabels('action=parse\npage=Main Page\nprop=text|{|}');
    for (const value of ['links', 'sections', 'templates', 'categories']) assert.ok(values.includes(value), value);
    assert.ok(!values.includes('revisions') && !values.includes('text'), 'not query modules, not the value already given');
  });

  it("hover on a parse parameter and on the action shows the wiki's texts", () => {
    const parse = {
      name: 'parse',
      path: 'parse',
      prefix: '',
      description: 'Parses content and returns parser output.',
      parameters: [
        { name: 'page', type: 'string', description: 'Parse the content of this page.' },
        { name: 'prop', type: ['text', 'links'], multi: true, description: 'Which pieces of information to get.' },
      ],
      examples: [{ query: 'action=parse&page=Project:Sandbox', description: 'Parse a page.' }],
    };
    const catalogue = buildCatalogue([{ paraminfo: { modules: [parse] } }]);
    const ls = createLanguageService({ catalogueFor: () => catalogue });
    const hoverText = (text: string) => {
      const { document, position } = withCursor(text);
      const h = ls.hover(document, position);
      return h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    };
    const page = hoverText('action=parse\npa{|}ge=Main Page\n');
    assert.match(page, /\*\*page\*\* — parameter of `action=parse`/);
    assert.match(page, /Parse the content of this page\./);
    assert.match(page, /action=parse&page=Project:Sandbox/);
    const action = hoverText('action=pa{|}rse\n');
    assert.match(action, /\*\*parse\*\* — action module/);
    assert.match(action, /Parses content and returns parser output\./);
  });

  it('no false diagnostic on valid parse, compare, expandtemplates, opensearch, templatedata and feedrecentchanges queries', () => {
    const valid = [
      'action=parse\npage=Main Page\nprop=text|links|sections\n',
      'action=parse\ntext=Hello [[World]]\ntitle=Sandbox\nprop=links\n',
      'action=compare\nfromrev=1\ntorev=2\n',
      'action=compare\nfromtitle=A\ntorelative=prev\n',
      'action=expandtemplates\ntext=Hello\nprop=wikitext\n',
      'action=opensearch\nsearch=Page\nlimit=5\n',
      'action=templatedata\ntitles=Template:Echo\n',
      'action=feedrecentchanges\nfeedformat=atom\ndays=7\n',
    ];
    for (const text of valid) assert.deepEqual(diagnose(text), [], text);
  });

  it("the actions' rules: parse takes one source, compare needs a from and a to, parameters of query are unknown there", () => {
    const codes = (text: string) => diagnose(text).map((d) => `${d.code}@${d.covered}`);
    assert.deepEqual(codes('action=parse\npage=A\ntext=x\n'), ['invalidparammix@text']);
    assert.deepEqual(codes('action=compare\nfromrev=1\n'), ['missingparam@compare']);
    assert.deepEqual(codes('action=compare\ntorev=1\n'), ['missingparam@compare']);
    assert.deepEqual(codes('action=expandtemplates\n'), ['missingparam@expandtemplates']);
    assert.deepEqual(codes('action=parse\ntitles=A\n'), ['unrecognizedparams@titles']);
    assert.deepEqual(codes('action=parse\nprop=bogus\n'), ['unrecognizedvalues@bogus']);
    assert.deepEqual(codes('action=opensearch\nsearch=a\nlimit=600\n'), ['outofrange@600']);
    assert.deepEqual(codes('action=pars\n'), ['unsupported-action@pars']);
  });

  it('a write is one Error saying why, from paraminfo; the runner and code export refuse it with the same sentence', () => {
    for (const name of WRITES) {
      const text = `action=${name}\ntitle=Page 0001\n`;
      const seen = diagnose(text);
      assert.deepEqual(
        seen.map((d) => [d.code, d.severity, d.covered]),
        [['write-action', ERROR, name]],
        text,
      );
      const why = writeRefusal(name, actionMarks(bundledCatalogue().action(name)!))!;
      assert.match(why, /writes to the wiki \(paraminfo: it (needs write rights|must be posted)/);
      assert.equal(seen[0]!.message, `${why}.`);
      assert.match(runnerRefusal(text) ?? '', new RegExp(`line 1: ${why.replace(/[()]/g, '\\$&')}`));
      const doc = parseDocument(text);
      assert.throws(() => exportModel(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: ENDPOINT }), /writes to the wiki/);
    }
    assert.match(diagnose('action=edit\n')[0]!.message, /needs write rights, must be posted and takes a token/);
    assert.match(diagnose('action=purge\n')[0]!.message, /needs write rights and must be posted\)/);
    // Another wiki's action the runner has no markers for: a `token` in the query is a write.
    assert.match(
      runnerRefusal('action=wbeditentity\nid=Q1\ntoken=abc\n') ?? '',
      /action=wbeditentity writes to the wiki \(paraminfo: it takes a token\)/,
    );
    assert.equal(requestWriteRefusal('query', ['token']), undefined);
    assert.equal(requestWriteRefusal('parse', ['page']), undefined);
  });

  it("the runner's write table is the bundled catalogue's markers (scripts/catalogue/fetch-actions.ts makes both)", () => {
    const writes = [...bundledCatalogue().actions.values()].filter((m) => isWriteAction(actionMarks(m))).map((m) => m.name);
    assert.deepEqual(Object.keys(WRITE_ACTION_MARKS).sort(), writes.sort());
    for (const name of READS) assert.ok(bundledCatalogue().action(name), `the bundled catalogue has ${name}`);
    assert.ok(bundledCatalogue().main.paramByName.get('action')!.values!.includes('parse'));
    assert.equal(service.validate(documentOf('action=query\nlist=allpages\n')).length, 0);
  });
});
