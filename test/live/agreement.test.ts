// The checker against the wiki itself: each query below is sent to the REAL
// test wiki (MediaWiki 1.39 or 1.43: env MWQ_MEDIAWIKI; errorformat=plaintext, formatversion=2) and
// checked by the language service against that wiki's live catalogue; the API
// codes (errors and warnings) must be the same, with the same severity, on the
// same parameters. Editor-only diagnostics (kebab-case codes and `syntax`) are
// not compared: the API has nothing to say about them.
//
// How findings are read and paired: agreementCompare.ts.
//
// Run: node --import tsx --test test/live/agreement.test.ts

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest } from '../../common/src/runner/request';
import { requestPairs } from '../../common/src/runner/wire';
import { sendApiRequest } from '../../common/src/runner/http';
import { AccountSession } from '../../common/src/runner/login';
import { fetchLiveCatalogue } from '../../common/src/catalogue/fetchCatalogue';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import type { Catalogue } from '../../server/src/service/catalogue';
import { createLanguageService, type LanguageService } from '../../server/src/service/languageService';
import { chosenRelease, startTestWiki, type MediaWikiRelease, type TestWiki } from '../wiki/testWiki';
import { doc } from './liveHelpers';
import { checkerFindings, isEditorOnly, matchFindings, show, wikiFindings, type Finding } from './agreementCompare';

interface Case {
  /** The row of the diagnostics table (docs/file-format.md) it exercises, or `clean`. */
  row: string;
  text: string;
  /** Sent logged in as the wiki's sysop (main account): for modules that need rights (deleted revisions). */
  admin?: true;
  /** Why this case is not compared (kept in the table, so the difference stays visible). */
  exclude?: string;
  /** Only on this release: the releases differ here (the comment says how). */
  release?: MediaWikiRelease;
}

const titles = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`).join('|');

const CASES: Case[] = [
  // unrecognizedvalues: unknown module, module in the wrong group, unknown value, `*` without allspecifier
  { row: 'unrecognizedvalues', text: 'list=allpagez' },
  { row: 'unrecognizedvalues', text: 'list=revisions' },
  { row: 'unrecognizedvalues', text: 'prop=allpages' },
  { row: 'unrecognizedvalues', text: 'prop=mmcontent' }, // in the bundled catalogue (MassMessage), on neither release
  { row: 'unrecognizedvalues', text: 'meta=notifications', release: '1.39' }, // 1.39 ships without Echo
  // 1.43 ships Echo: its module exists and wants a login, which paraminfo does not say.
  {
    row: 'unrecognizedvalues',
    text: 'meta=notifications',
    release: '1.43',
    exclude:
      'MediaWiki 1.43 has Echo: meta=notifications answers anonymous readers `login-required`, which paraminfo does not tell the checker',
  },
  { row: 'unrecognizedvalues', text: 'prop=revisions\ntitles=Page 0001\nrvprop=ids|bogus' },
  { row: 'unrecognizedvalues', text: 'prop=revisions\ntitles=Page 0001\nrvprop=*' },
  { row: 'unrecognizedvalues', text: 'list=abusefilters\nabfprop=id|bogus' }, // an extension's module
  { row: 'unrecognizedvalues', text: 'list=recentchanges\nrcnamespace=0|2300|100', release: '1.39' }, // 2300 (Gadget) exists on 1.39, 100 does not
  { row: 'unrecognizedvalues', text: 'list=recentchanges\nrcnamespace=0|828|100', release: '1.43' }, // 1.43's Gadgets has no namespace 2300: 828 (Module) exists, 100 does not
  { row: 'unrecognizedvalues', text: 'meta=tokens\ntype=csrf|bogus' },
  { row: 'unrecognizedvalues', text: 'list=categorymembers\ncmtitle=Category:Even\ncmnamespace=-1' },
  // unrecognizedparams
  { row: 'unrecognizedparams', text: 'list=allpages\napfoo=1' },
  { row: 'unrecognizedparams', text: 'aplimit=5' },
  { row: 'unrecognizedparams', text: 'generator=categorymembers\ngcmtitle=Category:Even\ncmlimit=5' },
  // badvalue
  { row: 'badvalue', text: 'list=allpages\napfilterredir=foo' },
  { row: 'badvalue', text: 'list=allpages\napnamespace=-1' },
  { row: 'badvalue', text: 'list=allpages\napnamespace=100' },
  { row: 'badvalue', text: 'list=logevents\nletype=bogus' },
  { row: 'badvalue', text: 'list=querypage\nqppage=Bogus' },
  { row: 'badvalue', text: 'list=allpages\nassert=bogus' },
  // badinteger
  { row: 'badinteger', text: 'list=allpages\napminsize=1.5' },
  { row: 'badinteger', text: 'list=allpages\naplimit=' },
  { row: 'badinteger', text: 'list=allpages\nmaxlag=abc' },
  { row: 'badinteger', text: 'prop=extracts\ntitles=Page 0001\nexchars=abc' }, // an extension's parameter
  // outofrange
  { row: 'outofrange', text: 'list=allpages\naplimit=0' },
  { row: 'outofrange', text: 'list=allpages\naplimit=600' },
  { row: 'outofrange', text: 'generator=categorymembers\ngcmtitle=Category:Even\ngcmlimit=0' },
  // badtimestamp
  { row: 'badtimestamp', text: 'list=logevents\nlestart=yesterday' },
  { row: 'badtimestamp', text: 'list=logevents\nlestart=2024-01-01' },
  // baduser
  { row: 'baduser', text: 'list=blocks\nbkusers=1.2.3.4/99' },
  // missingparam
  { row: 'missingparam', text: 'list=search' },
  { row: 'missingparam', text: 'list=pageswithprop' },
  { row: 'missingparam', text: 'generator=search\nprop=info' },
  // toomanyvalues
  { row: 'toomanyvalues', text: `prop=info\ntitles=${titles(51)}` },
  // badgenerator
  { row: 'badgenerator', text: 'generator=allusers\nprop=info' },
  { row: 'badgenerator', text: 'generator=bogus\nprop=info' },
  { row: 'badgenerator', text: 'generator=\nprop=info' },
  // multisource
  { row: 'multisource', text: 'titles=Page 0001\npageids=1' },
  { row: 'multisource', text: 'revids=1\ntitles=Page 0001' },
  // invalidparammix
  { row: 'invalidparammix', text: 'list=alldeletedrevisions\nadrstart=2024-01-01T00:00:00Z' },
  { row: 'invalidparammix', text: 'list=alldeletedrevisions\nadruser=Admin\nadrfrom=A', admin: true },
  { row: 'invalidparammix', text: 'prop=revisions\ntitles=Page 0001|Page 0002\nrvlimit=5' },
  {
    row: 'invalidparammix',
    text: 'list=deletedrevs\ndruser=Admin\ndrfrom=A',
    admin: true,
    exclude:
      'table vs wiki: paraminfo names `invalidparammix` for a deletedrevs parameter outside its modes; MediaWiki (1.39 and 1.43) reports `badparams` ("The "from" parameter cannot be used in modes 1 or 2.")',
  },
  {
    row: 'invalidparammix',
    text: 'list=deletedrevs\ntitles=Page 0001\ndrunique',
    admin: true,
    exclude:
      'table vs wiki: paraminfo gives drunique/drnamespace/drdir modes, but MediaWiki (1.39 and 1.43) ignores them outside those modes (only from/to/prefix and start/end are refused)',
  },
  // show
  { row: 'show', text: 'list=recentchanges\nrcshow=bot|!bot' },
  { row: 'show', text: 'list=abusefilters\nabfshow=enabled|!enabled' },
  { row: 'show', text: 'list=usercontribs\nucuser=Admin\nucshow=new|!new' },
  // deprecation: module, parameter, boolean parameter, value
  { row: 'deprecation', text: 'list=deletedrevs', admin: true },
  { row: 'deprecation', text: 'list=categorymembers\ncmtitle=Category:Even\ncmstartsortkey=A' },
  { row: 'deprecation', text: 'list=random\nrnredirect' },
  { row: 'deprecation', text: 'prop=info\ntitles=Page 0001\ninprop=readable' },
  { row: 'deprecation', text: 'list=search\nsrsearch=page\nsrprop=score' },
  { row: 'deprecation', text: 'list=usercontribs\nucuser=Admin\nuctoponly' },
  // Module rules that live in the modules' code (server/src/service/diagnostics/moduleRules.ts), one case per rule.
  { row: 'missingparam', text: 'list=categorymembers\ncmlimit=5' },
  { row: 'invalidparammix', text: 'list=categorymembers\ncmtitle=Category:Even\ncmpageid=1' },
  { row: 'missingparam', text: 'list=backlinks\nbllimit=5' },
  { row: 'missingparam', text: 'list=embeddedin\neilimit=5' },
  { row: 'missingparam', text: 'list=usercontribs\nuclimit=5' },
  { row: 'invalidparammix', text: 'list=usercontribs\nucuser=Admin\nucuserprefix=Ad' },
  { row: 'invalidparammix', text: 'list=blocks\nbkusers=\nbkip=' },
  { row: 'invalidparammix', text: 'list=allusers\naugroup=sysop\nauexcludegroup=bot' },
  { row: 'invalidparammix', text: 'list=allrevisions\narvuser=Admin\narvexcludeuser=Bob' },
  { row: 'invalidparammix', text: 'prop=contributors\ntitles=Page 0001\npcgroup=sysop\npcrights=edit' },
  { row: 'invalidparammix', text: 'list=logevents\nletitle=Page 0001\nleprefix=Page' },
  { row: 'invalidparammix', text: 'list=recentchanges\nrcuser=Admin\nrcexcludeuser=Bob' },
  { row: 'invalidparammix', text: 'list=users\nususers=Admin\nususerids=1' },
  { row: 'invalidparammix', text: 'list=random\nrnfilterredir=all\nrnredirect' },
  { row: 'invalidparammix', text: 'prop=langlinks\ntitles=Page 0001\nllurl\nllprop=url' },
  { row: 'invalidparammix', text: 'prop=iwlinks\ntitles=Page 0001\niwtitle=Foo' },
  { row: 'invalidparammix', text: 'list=allpages\napprlevel=sysop' },
  { row: 'invalidparammix', text: 'list=allimages\naisort=timestamp\naifrom=A' },
  { row: 'invalidparammix', text: 'list=allimages\naistart=2024-01-01T00:00:00Z' },
  { row: 'invalidparammix', text: 'list=alllinks\nalunique\nalprop=ids|title' },
  { row: 'invalidparammix', text: 'prop=deletedrevisions\ntitles=Page 0001\ndrvuser=Admin\ndrvexcludeuser=Bob', admin: true },
  { row: 'invalidparammix', text: 'prop=langlinks\ntitles=Page 0001\nlltitle=Foo' },
  { row: 'invalidparammix', text: 'prop=iwlinks\ntitles=Page 0001\niwurl\niwprop=url' },
  { row: 'missingparam', text: 'list=imageusage\niulimit=5' },
  { row: 'invalidparammix', text: 'list=watchlist\nwluser=Admin\nwlexcludeuser=Bob', admin: true },
  { row: 'missingparam', text: 'prop=stashimageinfo', admin: true },
  { row: 'deprecation', text: 'prop=revisions\ntitles=Page 0001\nrvprop=content' },
  { row: 'clean', text: 'prop=revisions\ntitles=Page 0001\nrvprop=content\nrvslots=main' },
  { row: 'clean', text: 'list=allimages\naisort=timestamp\naistart=2024-01-01T00:00:00Z' },
  // Editor-only rows: the wiki must say nothing, the checker only its kebab-case code.
  { row: 'duplicate-parameter', text: 'list=allpages\naplimit=5\naplimit=10' },
  { row: 'boolean-value', text: 'list=allpages\nredirects=false' },
  // The wiki accepts fields out of range and rolls them over silently (MediaWiki 1.39 and 1.43: no error, no warning); the checker warns what it will read.
  { row: 'normalised-timestamp', text: 'list=logevents\nlestart=2024-13-45T00:00:00Z' },
  { row: 'normalised-timestamp', text: 'list=logevents\nlestart=20240230000000' },
  // A one-line query string (the checker's hint offers to split it); the wiki reads the same parameters.
  { row: 'query-string-line', text: 'prop=revisions&titles=Page%200001&rvlimit=3' },
  {
    row: 'secret-in-file',
    text: 'list=watchlistraw\nwrowner=Admin\nwrtoken=abc',
    exclude: 'the token is wrong on purpose: the wiki checks its value (bad_wltoken), the checker only that it is written in the file',
  },
  // A pasted URL line.
  { row: 'unrecognizedvalues', text: '{{endpoint}}?action=query&list=allpagez&aplimit=600' },
  // Clean queries: neither says anything.
  { row: 'clean', text: 'list=allpages\naplimit=max' },
  { row: 'clean', text: 'list=abusefilters' },
  { row: 'clean', text: 'list=abuselog\nafllimit=max' },
  { row: 'clean', text: 'generator=categorymembers\ngcmtitle=Category:Even\nprop=info' },
  { row: 'clean', text: 'list=recentchanges\nrcshow=bot|!minor\nrclimit=10' },
  { row: 'clean', text: 'list=allpages\napnamespace=2300', release: '1.39' },
  { row: 'badvalue', text: 'list=allpages\napnamespace=2300', release: '1.43' }, // Gadget's namespace is gone in 1.43
  { row: 'clean', text: 'list=allpages\napnamespace=828' },
  { row: 'clean', text: 'list=logevents\nlestart=20240101000000' },
  { row: 'clean', text: 'list=logevents\nlestart=1700000000\nleend=now' },
  { row: 'clean', text: 'list=blocks\nbkusers=1.2.3.0/24' },
  { row: 'clean', text: 'prop=revisions\ntitles=Page 0001\nrvprop=ids|timestamp|user\nrvlimit=5' },
  { row: 'clean', text: 'meta=siteinfo\nsiprop=general|namespaces|namespacealiases' },
  { row: 'clean', text: 'list=search\nsrsearch=a|b' },
  { row: 'clean', text: 'meta=allmessages\nammessages=*\namlang=en' },
  { row: 'clean', text: `prop=info\ntitles=${titles(50)}` },
  { row: 'clean', text: 'list=alldeletedrevisions\nadruser=Admin\nadrstart=2024-01-01T00:00:00Z', admin: true },
  { row: 'clean', text: 'prop=pageimages|extracts\ntitles=Page 0001\nexplaintext\nexsentences=1' },
  // Read actions beside query (their rules: moduleRules.ts ACTION_RULES); a write is never sent, so none is here.
  // feedrecentchanges answers RSS/Atom, not JSON, whatever `format` says: test/unit/apiActions.test.ts has its clean case.
  { row: 'clean', text: 'action=parse\npage=Page 0001\nprop=text|links|sections' },
  { row: 'clean', text: 'action=parse\ntext=Hello [[Page 0001]]\ntitle=Sandbox\nprop=links' },
  { row: 'clean', text: 'action=compare\nfromtitle=Page 0001\ntotitle=Page 0002' },
  { row: 'clean', text: 'action=expandtemplates\ntext=Hello\nprop=wikitext' },
  { row: 'clean', text: 'action=opensearch\nsearch=Page\nlimit=5' },
  { row: 'clean', text: 'action=templatedata\ntitles=Page 0001' },
  { row: 'invalidparammix', text: 'action=parse\npage=Page 0001\ntext=Hello' },
  { row: 'invalidparammix', text: 'action=parse\npageid=1\ntitle=Sandbox' },
  { row: 'invalidparammix', text: 'action=parse\noldid=1\nrevid=1' },
  { row: 'invalidparammix', text: 'action=expandtemplates\ntext=Hello\nprop=wikitext\ngeneratexml' },
  { row: 'missingparam', text: 'action=compare\nfromtitle=Page 0001' },
  { row: 'missingparam', text: 'action=compare\ntotitle=Page 0001' },
  { row: 'missingparam', text: 'action=expandtemplates\nprop=wikitext' },
  { row: 'unrecognizedparams', text: 'action=parse\npage=Page 0001\ntitles=Page 0002' },
  { row: 'unrecognizedvalues', text: 'action=parse\npage=Page 0001\nprop=text|bogus' },
  {
    row: 'outofrange',
    text: 'action=opensearch\nsearch=Page\nlimit=600',
    exclude:
      'opensearch answers in its own format (a bare array), which carries no warnings: the wiki clamps the limit silently, the checker says so',
  },
  // Known gaps: what the wiki reports and paraminfo cannot tell the checker.
  // Were known gaps; now module rules (moduleRules.ts): requireOnlyOneParameter, and the rvslots deprecation.
  { row: 'missingparam', text: 'list=usercontribs' },
  {
    row: 'badvalue',
    text: 'list=blocks\nbkip=1.2.3.0/8',
    exclude: "known gap: `cidrtoobroad` depends on the wiki's $wgBlockCIDRLimit, which paraminfo does not give",
  },
];

const RELEASE = chosenRelease();
const CASES_HERE = CASES.filter((c) => !c.release || c.release === RELEASE);

let wiki: TestWiki;
let catalogue: Catalogue;
let service: LanguageService;
let admin: AccountSession;

before(async () => {
  wiki = await startTestWiki();
  catalogue = catalogueFromSnapshot(await fetchLiveCatalogue(wiki.endpoint));
  service = createLanguageService({ catalogueFor: () => catalogue });
  admin = new AccountSession({ endpoint: wiki.endpoint, credentials: { user: wiki.adminUser, password: wiki.adminPassword } });
});
after(async () => {
  await wiki?.stop();
});

interface Outcome {
  kase: Case;
  text: string;
  wiki: Finding[];
  checker: Finding[];
  unmatchedWiki: Finding[];
  unmatchedChecker: Finding[];
}

async function runCase(kase: Case): Promise<Outcome> {
  const text = kase.text.replace('{{endpoint}}', wiki.endpoint) + '\n';
  const parsed = parseDocument(text);
  const query = parsed.queries.find((q) => q.params.length > 0)!;
  // The runner sends action=query only (for now): another read action's request is built without
  // its action line and sent with it (never a write: the runner refuses those, and no case has one).
  const action = query.params.find((p) => p.name === 'action')?.value;
  const sent = action ? parseDocument(text.replace(/^action=.*\n/m, '')) : parsed;
  const request = buildRequest(
    sent.queries.find((q) => q.params.length > 0)!,
    new VariableScope(sent),
    { defaultEndpoint: wiki.endpoint },
  );
  const pairs = requestPairs(request, { mask: false }).map(([name, value]): [string, string] =>
    name === 'action' && action ? [name, action] : [name, value],
  );
  const response = kase.admin ? await admin.send(request.endpoint, pairs) : await sendApiRequest(request.endpoint, pairs);
  const wikiSaid = wikiFindings(response.messages, query, parsed, catalogue);
  const document = doc(text);
  const checkerSaid = checkerFindings(service.validate(document), query, document);
  return { kase, text, wiki: wikiSaid, checker: checkerSaid, ...matchFindings(wikiSaid, checkerSaid) };
}

function table(outcomes: Outcome[]): string {
  const rows = outcomes.map((o, i) => {
    const verdict = o.kase.exclude ? 'excluded' : o.unmatchedWiki.length || o.unmatchedChecker.length ? 'DISAGREE' : 'agree';
    const query = o.kase.text.replace('{{endpoint}}', 'URL').replace(/\n/g, ' & ');
    return [
      String(i + 1),
      o.kase.row,
      query.length > 58 ? query.slice(0, 55) + '...' : query,
      o.wiki.map((f) => show(f)).join(' ') || '-',
      o.checker.map((f) => show(f)).join(' ') || '-',
      verdict + (o.kase.admin ? ' (sysop)' : ''),
    ];
  });
  const head = ['#', 'row', 'query', 'wiki (API)', 'checker', 'verdict'];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ');
  const notes = outcomes.map((o, i) => (o.kase.exclude ? `  #${i + 1}: ${o.kase.exclude}` : '')).filter(Boolean);
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line), '', 'Excluded:', ...notes].join('\n');
}

describe(`the checker agrees with the wiki (MediaWiki ${RELEASE}, live catalogue)`, () => {
  let outcomes: Outcome[] = [];

  before(async () => {
    outcomes = [];
    for (const kase of CASES_HERE) outcomes.push(await runCase(kase));
    process.stdout.write(`\n${table(outcomes)}\n\n`);
  });

  it(`runs at least 40 compared cases (${CASES_HERE.filter((c) => !c.exclude).length}), covering every API row of the diagnostics table`, () => {
    const compared = outcomes.filter((o) => !o.kase.exclude);
    assert.ok(compared.length >= 40, `${compared.length} compared cases`);
    const rows = [
      'unrecognizedvalues',
      'unrecognizedparams',
      'badvalue',
      'badinteger',
      'outofrange',
      'badtimestamp',
      'baduser',
      'missingparam',
      'toomanyvalues',
      'badgenerator',
      'multisource',
      'invalidparammix',
      'show',
      'deprecation',
    ];
    for (const row of rows) {
      // Covered: the wiki itself reported the code in an agreeing case.
      assert.ok(
        compared.some(
          (o) => o.kase.row === row && o.wiki.some((f) => f.code === row) && !o.unmatchedWiki.length && !o.unmatchedChecker.length,
        ),
        `no agreeing case where the wiki reports ${row}`,
      );
    }
    assert.ok(compared.filter((o) => o.kase.row === 'clean').length >= 10, 'clean cases');
  });

  it('every compared case: the same API codes, severities and parameters, nothing extra on either side', () => {
    const problems = outcomes
      .filter((o) => !o.kase.exclude && (o.unmatchedWiki.length || o.unmatchedChecker.length))
      .map(
        (o) =>
          `${o.kase.text.replace(/\n/g, ' & ')}\n    only the wiki:    ${o.unmatchedWiki.map((f) => `${show(f)} "${f.text}"`).join('; ') || '-'}\n    only the checker: ${o.unmatchedChecker.map((f) => `${show(f)} "${f.text}"`).join('; ') || '-'}`,
      );
    assert.deepEqual(problems, []);
  });

  it('clean cases are clean on both sides, and editor-only rows give the wiki nothing to say', () => {
    for (const o of outcomes.filter((x) => !x.kase.exclude && (x.kase.row === 'clean' || isEditorOnly(x.kase.row)))) {
      assert.deepEqual(o.wiki, [], `${o.kase.text}: the wiki said ${o.wiki.map((f) => f.code).join(', ')}`);
      assert.deepEqual(o.checker, [], `${o.kase.text}: the checker said ${o.checker.map((f) => f.code).join(', ')}`);
    }
    // …and the editor-only checks did fire.
    const editorOnly = (text: string) => service.validate(doc(text + '\n')).map((d) => String(d.code));
    assert.ok(editorOnly('list=allpages\naplimit=5\naplimit=10').includes('duplicate-parameter'));
    assert.ok(editorOnly('list=allpages\nredirects=false').includes('boolean-value'));
    assert.ok(editorOnly('list=logevents\nlestart=2024-13-45T00:00:00Z').includes('normalised-timestamp'));
    assert.ok(editorOnly('prop=revisions&titles=Page%200001&rvlimit=3').includes('query-string-line'));
  });

  it(`docs/module-rules.md: every rule is verified on ${RELEASE} by an agreeing case of one of its modules`, () => {
    const table = readFileSync(path.join(__dirname, '..', '..', 'docs', 'module-rules.md'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| modules'))
      .map((l) => l.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '').trim()));
    assert.ok(table.length >= 20, `${table.length} rules in the table`);
    const agreeing = outcomes.filter((o) => !o.kase.exclude && !o.unmatchedWiki.length && !o.unmatchedChecker.length && o.wiki.length > 0);
    for (const [modules, kind, , , verified] of table) {
      assert.ok(verified?.split(', ').includes(RELEASE), `${modules} (${kind}): the table does not list ${RELEASE}`);
      const names = modules!.split(', ');
      assert.ok(
        agreeing.some((o) =>
          names.some((m) => new RegExp(`^${m.startsWith('action=') ? m : `(list|prop|meta|generator)=${m}`}$`, 'm').test(o.kase.text)),
        ),
        `${modules} (${kind}): no agreeing case where the wiki said something`,
      );
    }
  });

  it('the excluded cases still differ as their notes say (so a fix on either side is noticed)', () => {
    for (const o of outcomes.filter((x) => x.kase.exclude)) {
      assert.ok(o.unmatchedWiki.length || o.unmatchedChecker.length, `${o.kase.text} now agrees: move it back into the compared cases`);
    }
  });
});
