// The rows `mwq run --all` prints, against a reference client written here on
// its own (plain fetch, a few lines): it follows `continue` to the end, merges
// `pages` by page id (by title without one; arrays concatenated, objects
// merged, the first value of anything else kept) and concatenates each list.
// For every corpus query (test/live/corpus/queries.json, docs/corpus.md) that
// has a list or a generator, the built CLI's default rows must be the
// reference's rows of the query's first list (else its pages), and
// `--part NAME` must give the reference's rows of every other list.
// Both log in with the test wiki's bot password.
//
// Run: npm run build && node --import tsx --test test/live/corpusRows.test.ts

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { runCliWith } from '../wikiRuns/cliHelpers';

interface CorpusQuery {
  id: string;
  query: string;
}

/** Rows that differ between two runs by design: random pages. */
const SKIPPED: Record<string, string> = {};
const RANDOM = /(^|&)(list|generator)=random(&|$)/;

const corpus = (JSON.parse(readFileSync(path.join(__dirname, 'corpus', 'queries.json'), 'utf8')) as { queries: CorpusQuery[] }).queries;
const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

/** The query's parameters, decoded as a URL's query string is. */
function paramsOf(q: CorpusQuery): [string, string][] {
  return q.query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
  });
}

const withRows = corpus.filter((q) => paramsOf(q).some(([name, value]) => (name === 'list' || name === 'generator') && value !== ''));

let wiki: TestWiki;
let work: string;
let cookie = '';

before(async () => {
  wiki = await startTestWiki();
  work = mkdtempSync(path.join(tmpdir(), 'mwq-corpus-rows-'));
  cookie = await login();
});
after(async () => {
  await wiki?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

// ---- the reference client ----

type Json = Record<string, any>;

async function post(params: Record<string, string>): Promise<Json> {
  const response = await fetch(wiki.endpoint, { method: 'POST', body: new URLSearchParams(params), headers: cookie ? { cookie } : {} });
  const set = response.headers.getSetCookie();
  if (set.length)
    cookie = [
      ...new Map([...cookie.split('; ').filter(Boolean), ...set.map((c) => c.split(';')[0]!)].map((c) => [c.split('=')[0], c])).values(),
    ].join('; ');
  return (await response.json()) as Json;
}

async function login(): Promise<string> {
  cookie = '';
  const token = (await post({ action: 'query', meta: 'tokens', type: 'login', format: 'json' })).query.tokens.logintoken as string;
  const result = await post({ action: 'login', lgname: wiki.botUser, lgpassword: wiki.botPassword, lgtoken: token, format: 'json' });
  assert.equal(result.login?.result, 'Success');
  return cookie;
}

const LOOPS = 'the wiki loops: it answered with the continue values it was sent';

/** Every row list of the answers: `pages` merged by id, every other list concatenated. */
async function reference(params: [string, string][]): Promise<{ lists: Map<string, Json[]>; requests: number; error?: string }> {
  // The runner sends formatversion=2 and plaintext errors unless the query sets them; so does this.
  const base: Record<string, string> = { action: 'query', format: 'json', formatversion: '2', errorformat: 'plaintext' };
  for (const [name, value] of params) base[name] = value;
  const lists = new Map<string, Json[]>();
  const pages = new Map<string, Json>();
  let cont: Record<string, string> = {};
  for (let requests = 1; requests <= 300; requests++) {
    const answer = await post({ ...base, ...cont });
    // A wiki that answers with the continue values it was sent would page for ever: its rows are not taken
    // (MediaWiki's allimages sorted by timestamp does this over files uploaded in the same second).
    if (requests > 1 && JSON.stringify(answer.continue) === JSON.stringify(cont)) {
      if (pages.size) lists.set('pages', [...pages.values()]);
      return { lists, requests, error: LOOPS };
    }
    if (answer.error || answer.errors?.length)
      return { lists, requests, error: JSON.stringify(answer.error ?? answer.errors).slice(0, 200) };
    for (const [key, value] of Object.entries((answer.query ?? {}) as Json)) {
      if (key === 'pages') {
        for (const page of (Array.isArray(value) ? value : Object.values(value)) as Json[]) {
          const id = typeof page.pageid === 'number' && page.pageid > 0 ? `id:${page.pageid}` : `title:${page.title}`;
          const known = pages.get(id);
          if (!known) pages.set(id, { ...page });
          else
            for (const [field, v] of Object.entries(page)) {
              if (Array.isArray(known[field]) && Array.isArray(v)) known[field] = [...known[field], ...v];
              else if (known[field] && typeof known[field] === 'object' && v && typeof v === 'object')
                known[field] = { ...known[field], ...v };
              else if (!(field in known)) known[field] = v;
            }
        }
      } else {
        // A list: an array, or list=querypage's `{ name, results: [...] }`.
        const items = Array.isArray(value) ? value : Array.isArray(value?.results) ? value.results : undefined;
        if (items) lists.set(key, [...(lists.get(key) ?? []), ...items]);
      }
    }
    if (!answer.continue) {
      if (pages.size) lists.set('pages', [...pages.values()]);
      return { lists, requests };
    }
    cont = answer.continue;
  }
  return { lists, requests: 300, error: 'more than 300 requests' };
}

// ---- mwq run --all ----

async function mwqRows(file: string, id: string, part?: string): Promise<{ rows: Json[]; stderr: string }> {
  const args = [
    'run',
    file,
    '--query',
    id,
    '--endpoint',
    wiki.endpoint,
    '--user',
    wiki.botUser,
    '--all',
    '--maxlag',
    'off',
    '--format',
    'ndjson',
    ...(part ? ['--part', part] : []),
  ];
  const r = await runCliWith({ MWQ_PASSWORD: wiki.botPassword }, ...args);
  return {
    rows: r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Json),
    stderr: r.stderr,
  };
}

/** The part that is the rows: the first list the query names, else its pages. */
function firstList(params: [string, string][]): string {
  const list = params.find(([name]) => name === 'list')?.[1];
  return list ? list.split('|')[0]!.trim() : 'pages';
}

describe('corpus: mwq run --all prints the rows a plain reference client gets', () => {
  it(`every query with a list or a generator (${withRows.length}): the same rows, first list by default, the others with --part`, async () => {
    assert.ok(withRows.length >= 150, `only ${withRows.length} queries with a list or a generator`);
    const file = path.join(work, 'corpus.mwq');
    writeFileSync(file, withRows.map((q) => [`### ${q.id}`, ...paramsOf(q).map(([n, v]) => `${n}=${v}`)].join('\n')).join('\n\n') + '\n');
    const differ: string[] = [];
    let compared = 0;
    let rowsCompared = 0;
    let skipped = 0;
    for (const q of withRows) {
      if (RANDOM.test(q.query)) {
        SKIPPED[q.id] = 'random pages differ from run to run';
        skipped++;
        continue;
      }
      const params = paramsOf(q);
      const ref = await reference(params);
      const main = firstList(params);
      const others = [...ref.lists.keys()].filter((name) => name !== main);
      for (const part of [undefined, ...others]) {
        const name = part ?? main;
        const want = ref.lists.get(name) ?? [];
        const got = await mwqRows(file, q.id, part);
        rowsCompared += want.length;
        try {
          assert.deepEqual(got.rows, want);
          // Where the wiki loops, mwq stops there too and says so (the same rows: none of the looping page).
          if (ref.error === LOOPS) assert.match(got.stderr, /with the same continue values it was sent/);
        } catch {
          differ.push(
            `${q.id} ${part ? `--part ${part}` : '(default)'}: mwq ${got.rows.length} rows, reference ${want.length}${ref.error ? ` (reference: ${ref.error})` : ''}; ${got.stderr.split('\n').slice(-3).join(' | ')}`,
          );
        }
      }
      compared++;
    }
    console.log(
      `corpus rows: ${compared} queries compared (${rowsCompared} rows), ${skipped} skipped (${Object.keys(SKIPPED).join(', ')}), ${differ.length} differ`,
    );
    assert.deepEqual(differ, []);
    assert.ok(rowsCompared > 1000, `only ${rowsCompared} rows compared`);
  });
});
