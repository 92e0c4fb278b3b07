// The corpus: real `action=query` requests from public code and documentation
// (test/live/corpus/queries.json, each with its source; docs/corpus.md), sent to
// the REAL test wiki (MediaWiki 1.39, or 1.43 with MWQ_MEDIAWIKI=1.43) through the runner and checked by the
// built CLI, `mwq check --endpoint <the wiki> --no-content --format json`, all
// in one file. `--no-content`: the content checks (docs/live-content.md) say
// what the wiki's pages and users are (a missing page is no error of the
// API's), so they are not compared here; test/live/content.test.ts checks them.
// A query agrees when the wiki and the checker give the same API codes, with
// the same severity, on the same parameters (agreementCompare.ts, as in
// agreement.test.ts). The figure must stay at 98 % or more, and every query
// that disagrees must be listed below with its reason (and nothing else: a
// listed query that now agrees fails too, so the list stays honest).
//
// Run: npm run build && node --import tsx --test test/live/corpus.test.ts

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { parseDocument } from '../../common/src/parser';
import type { ParsedDocument } from '../../common/src/syntaxTree';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest } from '../../common/src/runner/request';
import { requestPairs } from '../../common/src/runner/wire';
import { AccountSession } from '../../common/src/runner/login';
import { fetchLiveCatalogue } from '../../common/src/catalogue/fetchCatalogue';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import type { Catalogue } from '../../server/src/service/catalogue';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { runCliWith } from '../wikiRuns/cliHelpers';
import { root } from './liveHelpers';
import { checkerFindings, matchFindings, show, wikiFindings, type Finding } from './agreementCompare';

interface CorpusQuery {
  id: string;
  /** Repository (and release), path, and the function or message it is in. */
  source: string;
  /** The query as written there, as a query string (`action=query`, `format`, the host left out). */
  query: string;
  /** The parameters whose values the code computes at run time, given a value of the test wiki here. */
  filled?: string;
}

/**
 * Queries where the checker and MediaWiki disagree (the same on 1.39 and 1.43), with the reason
 * (docs/corpus.md explains each). A new disagreement, or a listed query that
 * now agrees, fails the test.
 */
const KNOWN_DISAGREEMENTS: Record<string, string> = {
  'help:oath-1':
    'rights: OATHAuth wants `oathreason` from an account without `oathauth-api-all` (a check in its execute(), not in paraminfo)',
  'help:oath-2': 'rights: as help:oath-1',
  'help:siteinfo-3':
    'configuration: `sishowalldb` is refused (includeAllDenied) unless $wgShowHostnames is true, which paraminfo does not give',
  'demos:geoimagesearch':
    'design: the checker reports every problem at once; the API stops at its first error (badgenerator) and never reports the unused `ggscoord`',
  'mwclient:revisions-docstring':
    'content: the revisions (from English Wikipedia) do not exist here, and MediaWiki skips prop=revisions, and its rvslots deprecation, when the query has no page or revision',
};

/** Queries that cannot be compared at all, with the reason; counted apart. */
const STASH = "per-user data: the wiki looks the key up in the account's upload stash; a catalogue cannot tell which keys exist";
const EXCLUDED: Record<string, string> = {
  'help:stashimageinfo-1': STASH,
  'help:stashimageinfo-2': STASH,
  'mw-js:StashedFileWidget': STASH,
  'help:watchlist-7': "per-user data: the wiki checks that `wlowner` exists and that `wltoken` is that user's watchlist token",
};

const MIN_AGREEMENT = 0.98;

const corpus = (JSON.parse(readFileSync(path.join(__dirname, 'corpus', 'queries.json'), 'utf8')) as { queries: CorpusQuery[] }).queries;

/** One `### id` query per corpus entry, one parameter a line (decoded as a URL's query string is). */
function corpusFile(queries: CorpusQuery[]): string {
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  const blocks = queries.map((q) => {
    const lines = q.query.split('&').map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? decode(pair) : `${decode(pair.slice(0, eq))}=${decode(pair.slice(eq + 1))}`;
    });
    return [`### ${q.id}`, ...lines].join('\n');
  });
  return `# The corpus of real queries (test/live/corpus/queries.json), written by corpus.test.ts.\n\n${blocks.join('\n\n')}\n`;
}

interface Outcome {
  query: CorpusQuery;
  wiki: Finding[];
  checker: Finding[];
  unmatchedWiki: Finding[];
  unmatchedChecker: Finding[];
}

const agrees = (o: Outcome) => !o.unmatchedWiki.length && !o.unmatchedChecker.length;

let wiki: TestWiki;
let catalogue: Catalogue;
let admin: AccountSession;
let work: string;

before(async () => {
  wiki = await startTestWiki();
  catalogue = catalogueFromSnapshot(await fetchLiveCatalogue(wiki.endpoint));
  // Logged in as the wiki's sysop: several help examples are for modules that need an account or rights (watchlist, deleted revisions).
  admin = new AccountSession({ endpoint: wiki.endpoint, credentials: { user: wiki.adminUser, password: wiki.adminPassword } });
  work = mkdtempSync(path.join(tmpdir(), 'mwq-corpus-'));
});
after(async () => {
  await wiki?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** `mwq check --endpoint` on the whole corpus file: the diagnostics of the built CLI. */
async function checkWithCli(file: string): Promise<Diagnostic[]> {
  const result = await runCliWith(
    { MWQ_CACHE_DIR: path.join(work, 'cache') },
    'check',
    '--endpoint',
    wiki.endpoint,
    '--no-content',
    '--format',
    'json',
    file,
  );
  assert.ok(result.code === 0 || result.code === 1, `mwq check exited ${result.code}: ${result.stderr}`);
  assert.doesNotMatch(result.stderr, /bundled catalogue/, "mwq check must use the wiki's own catalogue");
  const report = JSON.parse(result.stdout) as { uri: string; diagnostics: Diagnostic[] }[];
  assert.equal(report.length, 1);
  assert.equal(report[0]!.uri, pathToFileURL(file).href);
  return report[0]!.diagnostics;
}

async function runAll(parsed: ParsedDocument, document: TextDocument, diagnostics: Diagnostic[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [i, query] of corpus.entries()) {
    const node = parsed.queries.find((q) => q.name === query.id);
    assert.ok(node, `query ${query.id} is not in the corpus file`);
    assert.equal(node.index, i);
    assert.equal(node.params.length, query.query.split('&').length, `${query.id}: every parameter on its own line`);
    assert.ok(
      !diagnostics.some((d) => d.code === 'syntax' && node.firstLine <= d.range.start.line && d.range.start.line <= node.lastLine),
      `${query.id} parses`,
    );
    const request = buildRequest(node, new VariableScope(parsed), { defaultEndpoint: wiki.endpoint });
    const response = await admin.send(request.endpoint, requestPairs(request, { mask: false }));
    const wikiSaid = wikiFindings(response.messages, node, parsed, catalogue);
    const mine = diagnostics.filter((d) => node.firstLine <= d.range.start.line && d.range.start.line <= node.lastLine);
    const checkerSaid = checkerFindings(mine, node, document);
    outcomes.push({ query, wiki: wikiSaid, checker: checkerSaid, ...matchFindings(wikiSaid, checkerSaid) });
  }
  return outcomes;
}

function report(outcomes: Outcome[]): string {
  const compared = outcomes.filter((o) => !EXCLUDED[o.query.id]);
  const agreeing = compared.filter(agrees);
  const withCodes = compared.filter((o) => o.wiki.length > 0);
  const lines = [
    `Corpus: ${outcomes.length} queries (${outcomes.filter((o) => o.query.id.startsWith('help:')).length} API help examples, ${outcomes.filter((o) => !o.query.id.startsWith('help:')).length} from bot and tool code); ${compared.length} compared, ${outcomes.length - compared.length} excluded.`,
    `The wiki answered with an error or warning to ${withCodes.length} of the compared queries; the checker agreed on ${withCodes.filter(agrees).length}.`,
    `Agreement: ${agreeing.length} of ${compared.length} = ${((100 * agreeing.length) / compared.length).toFixed(1)} % (the excluded counted too: ${outcomes.filter(agrees).length} of ${outcomes.length}).`,
    '',
    'Agreeing, with something to say (wiki = checker):',
    ...compared
      .filter((o) => agrees(o) && (o.wiki.length || o.checker.length))
      .map((o) => `  ${o.query.id}: ${o.wiki.map(show).join(' ') || '-'} = ${o.checker.map(show).join(' ') || '-'}`),
    '',
    'Disagreements and exclusions (wiki / checker):',
    ...outcomes
      .filter((o) => !agrees(o))
      .map(
        (o) =>
          `  ${o.query.id}: ${o.query.query}\n      only the wiki:    ${o.unmatchedWiki.map((f) => `${show(f)} "${f.text}"`).join('; ') || '-'}\n      only the checker: ${o.unmatchedChecker.map((f) => `${show(f)} "${f.text}"`).join('; ') || '-'}\n      ${EXCLUDED[o.query.id] ? 'excluded: ' + EXCLUDED[o.query.id] : KNOWN_DISAGREEMENTS[o.query.id] ? 'known: ' + KNOWN_DISAGREEMENTS[o.query.id] : 'NOT LISTED'}`,
      ),
  ];
  return lines.join('\n');
}

describe('the corpus of real queries: the wiki and `mwq check --endpoint` agree', () => {
  let outcomes: Outcome[] = [];

  before(async () => {
    const text = corpusFile(corpus);
    const file = path.join(work, 'corpus.mwq');
    writeFileSync(file, text);
    const diagnostics = await checkWithCli(file);
    outcomes = await runAll(parseDocument(text), TextDocument.create(pathToFileURL(file).href, 'mwquery', 1, text), diagnostics);
    process.stdout.write(`\n${report(outcomes)}\n\n`);
  });

  it('holds at least 150 compared queries, each with its source, 40 or more from bot and tool code', () => {
    assert.equal(new Set(corpus.map((q) => q.id)).size, corpus.length, 'ids are unique');
    for (const q of corpus) assert.ok(q.source.includes(': ') && q.query.length > 0, `${q.id}: a source (repository: path) and a query`);
    assert.ok(outcomes.filter((o) => !EXCLUDED[o.query.id]).length >= 150);
    assert.ok(corpus.filter((q) => !q.id.startsWith('help:')).length >= 40);
  });

  it('the wiki had something to say about some of them (the comparison is not only about clean queries)', () => {
    assert.ok(outcomes.filter((o) => !EXCLUDED[o.query.id] && o.wiki.length > 0 && agrees(o)).length >= 8);
  });

  it(`agrees on at least ${MIN_AGREEMENT * 100} % of the compared queries`, () => {
    const compared = outcomes.filter((o) => !EXCLUDED[o.query.id]);
    const figure = compared.filter(agrees).length / compared.length;
    assert.ok(figure >= MIN_AGREEMENT, `agreement ${(100 * figure).toFixed(1)} %`);
  });

  it('every disagreement is listed with its reason, and every listed one still disagrees', () => {
    const disagreeing = outcomes.filter((o) => !EXCLUDED[o.query.id] && !agrees(o)).map((o) => o.query.id);
    assert.deepEqual(disagreeing.sort(), Object.keys(KNOWN_DISAGREEMENTS).sort());
    // An excluded query that now agrees is noticed too: it goes back among the compared ones.
    for (const id of Object.keys(EXCLUDED))
      assert.ok(
        outcomes.some((o) => o.query.id === id && !agrees(o)),
        `excluded ${id} is not in the corpus, or now agrees`,
      );
  });

  it('docs/corpus.md explains every listed disagreement and exclusion', () => {
    const docs = readFileSync(path.join(root, 'docs', 'corpus.md'), 'utf8');
    for (const id of [...Object.keys(KNOWN_DISAGREEMENTS), ...Object.keys(EXCLUDED)])
      assert.ok(docs.includes(`\`${id}\``), `docs/corpus.md does not mention ${id}`);
  });
});
