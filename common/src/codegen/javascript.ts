// JavaScript programs (ES modules, Node 18+) from an ExportModel: plain
// `fetch`, and mwn (`continuedQueryGen`).

import type { ExportModel, ValuePart } from './model';
import { commentText, jsKey, jsString } from './quote';
import { JS_ACTION_MAIN, jsActionRows } from './actionRowsCode';

function jsValue(parts: readonly ValuePart[]): string {
  return parts.map((p) => (p.kind === 'text' ? jsString(p.text) : `env(${jsString(p.name)})`)).join(' + ') || '""';
}

function jsParams(model: ExportModel, skip: ReadonlySet<string> = new Set()): string {
  const lines = model.params.filter((p) => !skip.has(p.name)).map((p) => `  ${jsKey(p.name)}: ${jsValue(p.parts)},`);
  return `{\n${lines.join('\n')}\n}`;
}

/** What the program prints, by the action (query's rows, or the rows rule by answer shape). */
function printsWhat(model: ExportModel): string {
  return model.action === 'query'
    ? 'Prints each result (list item or page; for meta modules only, their first part) as one line of JSON.'
    : 'Prints each row (the first list of the answer, else its key/value pairs) as one line of JSON; a text answer as it came.';
}

/** The rows helper and the main loop: query's rows, or another action's by answer shape. */
function rowsAndMain(model: ExportModel, main: string): string {
  return model.action === 'query' ? `${ROWS_FUNCTIONS}\n\n${main}` : `${jsActionRows()}\n\n${JS_ACTION_MAIN}`;
}

function header(model: ExportModel, how: string, run: string): string {
  const env = model.envNames.length ? `// Reads from the environment: ${model.envNames.map((n) => commentText(n, 60)).join(', ')}.\n` : '';
  // Node reads a module as UTF-8 whatever it declares; the name comes after fixed text.
  return `// Exported from mwquery: ${commentText(model.title)}
// ${how}
// ${printsWhat(model)}
// Run: ${run}
${env}`;
}

const ENV_FUNCTION = `/** The value of an environment variable; stops with a message when it is not set. */
function env(name) {
  const value = process.env[name];
  if (value === undefined) {
    console.error(\`Set the environment variable \${name}.\`);
    process.exit(1);
  }
  return value;
}`;

// A wiki that sends back a \`continue\` it sent before would be asked the same pages forever.
const CONTINUE_GUARD = `/** Stops when the wiki sends continue values it sent before (an endless loop otherwise). */
function checkContinue(data, seen) {
  if (!data.continue) return;
  const key = JSON.stringify(data.continue);
  if (seen.has(key)) throw new Error("The wiki sent continue values it had sent before; stopped to avoid an endless loop.");
  seen.add(key);
}`;

const ROWS_FUNCTIONS = `// Keys under "query" that describe the input rather than results.
const INPUT_PARTS = new Set(["normalized", "redirects", "converted", "interwiki", "badrevids", "pageids"]);

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const isList = (value) => Array.isArray(value) || (isObject(value) && Object.values(value).length > 0 && Object.values(value).every(isObject));

/**
 * The part of the answers that holds the results: the first list module,
 * else the pages; null for meta modules only (their first part). Objects
 * such as searchinfo are no results.
 */
function rowsPart(params) {
  const list = String(params.list ?? "");
  const lists = list.split(list.startsWith("\\u001f") ? "\\u001f" : "|").map((name) => name.trim()).filter((name) => /^[A-Za-z0-9_-]{1,64}$/.test(name));
  // The first of them the answers hold (an unknown module has no key).
  if (lists.length) return lists;
  return ["generator", "titles", "pageids", "revids"].some((name) => (params[name] ?? "") !== "") ? "pages" : null;
}

/** A list's items as rows: an array, an object of objects' values, or list=querypage's results. */
function listRows(value) {
  let items = [];
  if (Array.isArray(value)) items = value;
  else if (isObject(value)) items = Array.isArray(value.results) ? value.results : isList(value) ? Object.values(value) : [];
  return items.map((item) => (isObject(item) ? item : { value: item }));
}

function pageKey(page) {
  return Number.isInteger(page.pageid) && page.pageid > 0 ? \`id:\${page.pageid}\` : \`title:\${page.title}\`;
}

/** Adds a later part of a page: arrays appended, objects merged, other fields kept. */
function mergePage(known, fragment) {
  for (const [name, value] of Object.entries(fragment)) {
    const current = known[name];
    if (Array.isArray(current) && Array.isArray(value)) known[name] = current.concat(value);
    else if (isObject(current) && isObject(value)) known[name] = { ...current, ...value };
    else if (!Object.hasOwn(known, name)) known[name] = value;
  }
}

/**
 * Results: the list's items at once, pages when their batch is complete; for
 * meta modules only, the first part (an object as key/value rows).
 */
async function* rows(answers, part) {
  let pending = new Map();
  const handedOut = new Set();
  let chosen = null;
  let metaPart = null;
  const metaKeys = new Set();
  for await (const data of answers) {
    const query = isObject(data.query) ? data.query : {};
    if (part === "pages") {
      for (const page of Array.isArray(query.pages) ? query.pages : []) {
        const known = pending.get(pageKey(page));
        if (known) mergePage(known, page);
        else pending.set(pageKey(page), page);
      }
      if (data.batchcomplete || !data.continue) {
        // A page a later batch brings again (generator=alllinks) is printed once.
        for (const [key, page] of pending) {
          if (handedOut.has(key)) continue;
          handedOut.add(key);
          yield page;
        }
        pending = new Map();
      }
    } else if (part !== null) {
      chosen ??= part.find((name) => Object.hasOwn(query, name)) ?? null;
      if (chosen !== null) yield* listRows(query[chosen]);
    } else {
      metaPart ??= Object.keys(query).find((key) => !INPUT_PARTS.has(key) && typeof query[key] === "object" && query[key] !== null) ?? null;
      if (metaPart === null || !Object.hasOwn(query, metaPart)) continue;
      const value = query[metaPart];
      if (isList(value)) yield* listRows(value);
      else if (isObject(value)) {
        for (const [key, item] of Object.entries(value)) {
          if (metaKeys.has(key)) continue;
          metaKeys.add(key);
          yield { key, value: item };
        }
      }
    }
  }
}`;

const MAIN = `for await (const row of rows(answers(), rowsPart(PARAMS))) {
  console.log(JSON.stringify(row));
}
`;

export function nodeFetch(model: ExportModel): string {
  return `${header(model, 'Follows "continue" to the end, waits and retries when the wiki is lagged (maxlag) or busy.', 'node query.mjs')}
${ENV_FUNCTION}

const API_URL = ${jsValue(model.endpoint)};
const USER_AGENT = ${jsString(model.userAgent)} + \` node/\${process.versions.node}\`;
const MAX_RETRIES = 5;
const PARAMS = ${jsParams(model)};

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Seconds to wait, from the Retry-After header (5 when absent or not a number). */
function retryAfter(response) {
  const seconds = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  return Number.isFinite(seconds) ? Math.max(1, seconds) : 5;
}

/** One request (POST: no URL length limit); retries on maxlag, 429 and 5xx. */
async function apiCall(params) {
  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
    const response = await fetch(API_URL, {
      method: "POST",
      headers: { "User-Agent": USER_AGENT },
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(60_000),
    });
    if ([429, 502, 503, 504].includes(response.status) && attempt < MAX_RETRIES) {
      await sleep(retryAfter(response));
      continue;
    }
    if (!response.ok) throw new Error(\`HTTP \${response.status} from \${API_URL}\`);
    // A text answer (a feed) is printed as it came.
    if (!(response.headers.get("content-type") ?? "").includes("json")) return await response.text();
    const data = await response.json();
    const errors = data.errors ?? [];
    if (errors.some((e) => e.code === "maxlag") && attempt < MAX_RETRIES) {
      await sleep(retryAfter(response));
      continue;
    }
    if (errors.length) throw new Error(\`API error: \${errors.map((e) => \`\${e.code}: \${e.text}\`).join("; ")}\`);
    for (const warning of data.warnings ?? []) console.error(\`API warning (\${warning.module}): \${warning.text}\`);
    return data;
  }
  throw new Error("The wiki stayed lagged or busy; giving up.");
}

/** Every answer of the query, following "continue" to the end. */
async function* answers() {
  let lastContinue = {};
  const seen = new Set();
  for (;;) {
    const data = await apiCall({ ...PARAMS, ...lastContinue });
    yield data;
    if (!data.continue) return;
    checkContinue(data, seen);
    lastContinue = data.continue;
  }
}

${CONTINUE_GUARD}

${rowsAndMain(model, MAIN)}`;
}

const MWN_MAIN = `for await (const row of rows(answers(), rowsPart(PARAMS))) {
  process.stdout.write(JSON.stringify(row) + "\\n");
}
`;

// mwn's request() reads JSON only: a feed's text answer comes through its raw HTTP call.
const MWN_TEXT_ANSWER = `/** The text answer (a feed), as it came. */
async function* answers() {
  const response = await bot.rawRequest({ method: "post", url: bot.options.apiUrl, data: new URLSearchParams({ ...PARAMS, format: "json" }), responseType: "text" });
  yield response.data;
}`;

const MWN_ANSWERS = `/** Every answer of the query, following "continue" to the end. */
async function* answers() {
  const seen = new Set();
  for await (const data of bot.continuedQueryGen(PARAMS)) {
    for (const warning of data.warnings ?? []) console.error(\`API warning (\${warning.module}): \${warning.text}\`);
    yield data;
    checkContinue(data, seen);
  }
}`;

export function nodeMwn(model: ExportModel): string {
  return `${header(
    model,
    'mwn sends formatversion=2 and maxlag and waits as long as the wiki asks (Retry-After); continuedQueryGen follows "continue" to the end.',
    'npm install mwn && node query.mjs',
  )}
import { Mwn } from "mwn";

// mwn prints its notices (waiting on maxlag, retries) with console.log: send them
// to stderr, so that stdout holds only results.
console.log = console.error;

${ENV_FUNCTION}

const bot = new Mwn({
  apiUrl: ${jsValue(model.endpoint)},
  userAgent: ${jsString(model.userAgent)},
  silent: true,
  // Warnings are printed below, to stderr, so stdout holds only results.
  suppressAPIWarnings: true,
  maxRetries: 5,
  defaultParams: { maxlag: ${jsString(model.maxlag)} },
});

// format and maxlag are mwn's to send.
const PARAMS = ${jsParams(model, new Set(['format', 'maxlag']))};

${model.textAsked ? MWN_TEXT_ANSWER : MWN_ANSWERS}

${CONTINUE_GUARD}

${rowsAndMain(model, MWN_MAIN)}`;
}
