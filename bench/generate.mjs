// Query files for the benchmarks, generated from the bundled catalogue.
//
//   generate({ lines: 10000, seed: 1 }) -> { mwq, json, meta }
//
// One model of queries is written twice: as a `.mwq` file and as the JSON
// document the peer (vscode-json-languageservice + a JSON Schema) checks. Both
// come with a map of where every parameter's name and value sit, so the same
// edits, completions and hovers can be made at corresponding places.
//
// The queries are realistic and mixed: lists (sometimes two), generators with
// prop modules (parameters with the `g` prefix), prop modules on titles, meta
// modules, a few pasted API URLs, comments, a variable. Common modules are
// picked more often than rare ones, but every module of the catalogue occurs.
// Values follow each parameter's type (enumerations, limits with `max`,
// integers, timestamps, namespaces, users, titles), multi-valued parameters
// get several values and sometimes continuation lines. About 6% of the
// queries carry one deliberate mistake (typo in a module or parameter name, a
// value outside its enumeration, an out-of-range limit, a non-integer, a bad
// timestamp, a missing required parameter, a duplicate parameter, an undefined
// variable, a line that is no parameter). Deterministic for a given seed.
//
// CLI: node bench/generate.mjs LINES [SEED] [OUT_PREFIX]  (writes OUT.mwq and OUT.json)

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function loadCatalogue() {
  const read = (f) => JSON.parse(fs.readFileSync(path.join(root, 'server', 'catalogue', f), 'utf8')).paraminfo.modules;
  const modules = read('paraminfo.json');
  const [main, query] = ['main', 'query'].map((n) => read('main-query.json').find((m) => m.name === n));
  return { modules, main, query };
}

/** mulberry32: small, fast, deterministic. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    sample: (list, n) => {
      const copy = [...list];
      const out = [];
      while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
      return out;
    },
    weighted: (entries) => {
      const total = entries.reduce((s, [, w]) => s + w, 0);
      let x = next() * total;
      for (const [v, w] of entries) if ((x -= w) < 0) return v;
      return entries[entries.length - 1][0];
    },
  };
  return r;
}

// Modules people use most; the rest of the catalogue still shows up.
const COMMON = new Set([
  'allpages',
  'categorymembers',
  'search',
  'recentchanges',
  'backlinks',
  'usercontribs',
  'logevents',
  'embeddedin',
  'revisions',
  'info',
  'categories',
  'links',
  'templates',
  'pageprops',
  'langlinks',
  'extlinks',
  'imageinfo',
  'siteinfo',
  'userinfo',
  'allusers',
  'prefixsearch',
  'exturlusage',
  'watchlist',
  'random',
]);

const TITLES = [
  'Albert Einstein',
  'Main Page',
  'Physics',
  'Marie Curie',
  'Quantum mechanics',
  'Paris',
  'Ada Lovelace',
  'Café',
  'Mathematics',
  'Berlin',
  'Photosynthesis',
  'World War II',
  'Isaac Newton',
  'Python (programming language)',
];
const CATEGORIES = ['Category:Physics', 'Category:Living people', 'Category:Physicists', 'Category:Chemistry', 'Category:Cities in France'];
const USERS = ['Example', 'Jimbo Wales', 'ClueBot NG', 'Admin', 'Bob', '192.0.2.7'];
const WORDS = ['kittens', 'relativity', 'solar eclipse', 'insource:infobox', 'quantum', 'jazz', 'volcano'];
const PREFIXES = ['Sci', 'Albert', 'Phys', 'A', 'Main', 'Ber', 'Qu'];
const NAMESPACES = [0, 0, 0, 1, 2, 4, 6, 10, 14];

function isUsable(p) {
  if (p.sensitive !== undefined || p.name === 'continue' || p.deprecated !== undefined) return false;
  if (p.info) return false; // mode-dependent parameters: left to the deliberate mistakes
  if (p.name === 'token' || p.name === 'contentformat' || p.name.includes('{')) return false;
  return true;
}

function enumValues(p) {
  const deprecated = new Set(Object.keys(p.deprecatedvalues ?? {}));
  return p.type.filter((v) => !deprecated.has(v));
}

function timestamp(r) {
  const pad = (n) => String(n).padStart(2, '0');
  return `20${pad(r.int(15, 24))}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}T${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:00Z`;
}

/** A plausible value for a parameter: items (one for single-valued) or null for a flag. */
function valueFor(r, module, p) {
  const t = p.type;
  const multi = p.multi !== undefined;
  if (Array.isArray(t)) {
    const values = enumValues(p);
    if (!values.length) return null;
    if (!multi) return [r.pick(values)];
    if (p.allspecifier !== undefined && r.chance(0.05)) return ['*'];
    const chosen = r.sample(
      values,
      Math.min(
        values.length,
        r.weighted([
          [1, 3],
          [2, 3],
          [3, 2],
          [4, 1],
          [5, 1],
        ]),
      ),
    );
    // `show` parameters: never both `x` and `!x` (that mistake is not one of ours).
    return chosen.filter((v) => !(v.startsWith('!') && chosen.includes(v.slice(1))));
  }
  switch (t) {
    case 'boolean':
      return null;
    case 'limit': {
      if (r.chance(0.3)) return ['max'];
      const nice = [1, 5, 10, 20, 25, 50, 100, 200, 250, 500].filter((n) => n >= (p.min ?? 1) && n <= (p.max ?? 500));
      return [String(nice.length ? r.pick(nice) : (p.min ?? 1))];
    }
    case 'integer': {
      const lo = p.min ?? 0;
      const hi = p.max ?? 100;
      return [String(r.int(lo, Math.min(hi, lo + 100)))];
    }
    case 'timestamp':
      return [r.chance(0.1) ? 'now' : timestamp(r)];
    case 'namespace':
      return multi
        ? r
            .sample(
              NAMESPACES.filter((n, i, a) => a.indexOf(n) === i),
              r.int(1, 3),
            )
            .map(String)
        : [String(r.pick(NAMESPACES))];
    case 'user':
      return multi ? r.sample(USERS, r.int(1, 3)) : [r.pick(USERS)];
    case 'title':
      return [r.pick(TITLES)];
    default: {
      const n = p.name;
      if (n === 'title' && module.name === 'categorymembers') return [r.pick(CATEGORIES)];
      if (n === 'title' || n === 'page') return [r.pick(TITLES)];
      if (n === 'search' || n === 'query') return [r.pick(WORDS)];
      if (n === 'prefix' || n === 'from' || n === 'to') return [r.pick(PREFIXES)];
      if (n === 'propname') return ['wikibase_item'];
      if (n === 'messages') return ['mainpage', 'edit'];
      if (n === 'tag') return ['mw-reverted'];
      if (n === 'ids') return [String(r.int(1000, 999999))];
      if (n === 'url') return ['https://example.org/'];
      if (n === 'lang' || n === 'code') return [r.pick(['de', 'fr', 'en', 'ja'])];
      return multi ? r.sample(WORDS, r.int(1, 2)) : [r.pick(WORDS)];
    }
  }
}

/**
 * The model: an array of queries, each
 *   { name, kind, url?, params: [{ name, items|null, split?, varValue?, mistake? }], comment? }
 */
function makeQuery(r, cat, index, state) {
  const byGroup = (g) => cat.modules.filter((m) => m.group === g);
  const weights = (list) => list.map((m) => [m, COMMON.has(m.name) ? 6 : 1]);
  const lists = byGroup('list');
  const props = byGroup('prop');
  const metas = byGroup('meta');
  const generators = cat.modules.filter((m) => m.generator !== undefined);
  const kind = r.weighted([
    ['list', 48],
    ['generator', 20],
    ['prop', 18],
    ['meta', 10],
    ['url', 2],
    ['list2', 2],
  ]);
  const q = { name: '', kind, params: [] };
  const add = (name, items, extra = {}) => q.params.push({ name, items, ...extra });
  const required = [];
  const addModuleParams = (module, prefix, count) => {
    const usable = module.parameters.filter(isUsable);
    for (const p of module.parameters.filter((p) => p.required !== undefined)) {
      const items = valueFor(r, module, p);
      add(prefix + p.name, items);
      required.push(q.params.length - 1);
    }
    for (const p of r.sample(
      usable.filter((p) => p.required === undefined),
      count,
    )) {
      add(prefix + p.name, valueFor(r, module, p));
    }
  };
  const titles = () => {
    if (state.hasPageVar && r.chance(0.15)) add('titles', ['{{page}}'], { varValue: state.pageValue });
    else
      add(
        'titles',
        r.sample(
          TITLES,
          r.weighted([
            [1, 5],
            [2, 2],
            [3, 1],
          ]),
        ),
      );
  };
  let label;
  switch (kind) {
    case 'list': {
      const m = r.weighted(weights(lists));
      add('list', [m.name]);
      addModuleParams(m, m.prefix, r.int(1, 4));
      label = m.name;
      break;
    }
    case 'list2': {
      const [a, b] = r.sample(lists, 2);
      add('list', [a.name, b.name]);
      addModuleParams(a, a.prefix, r.int(1, 2));
      addModuleParams(b, b.prefix, r.int(1, 2));
      label = `${a.name} and ${b.name}`;
      break;
    }
    case 'generator': {
      const g = r.weighted(weights(generators));
      add('generator', [g.name]);
      if (g.group === 'prop') titles();
      addModuleParams(g, 'g' + g.prefix, r.int(1, 3));
      const ps = r.sample(
        props.filter((p) => p.name !== 'mmcontent'),
        r.weighted([
          [1, 3],
          [2, 2],
          [3, 1],
        ]),
      );
      add(
        'prop',
        ps.map((p) => p.name),
      );
      for (const p of ps) addModuleParams(p, p.prefix, r.int(0, 2));
      if (r.chance(0.2)) add('redirects', null);
      label = `${g.name} generator with ${ps.map((p) => p.name).join(', ')}`;
      break;
    }
    case 'prop': {
      titles();
      const ps = r.sample(
        props.filter((p) => p.name !== 'mmcontent'),
        r.weighted([
          [1, 4],
          [2, 2],
          [3, 1],
        ]),
      );
      add(
        'prop',
        ps.map((p) => p.name),
      );
      for (const p of ps) addModuleParams(p, p.prefix, r.int(0, 3));
      if (r.chance(0.15)) add('redirects', null);
      label = `${ps.map((p) => p.name).join(', ')} of pages`;
      break;
    }
    case 'meta': {
      const m = r.weighted(weights(metas));
      add('meta', [m.name]);
      addModuleParams(m, m.prefix, r.int(0, 3));
      label = m.name;
      break;
    }
    case 'url': {
      q.url = true;
      const m = r.weighted(weights(lists.filter((l) => l.parameters.every((p) => p.required === undefined))));
      add('list', [m.name]);
      addModuleParams(m, m.prefix, r.int(1, 3));
      label = `pasted ${m.name} URL`;
      break;
    }
  }
  q.name = `${label} #${index + 1}`;
  if (r.chance(0.08))
    q.comment = `# ${r.pick(['TODO check the limit', 'from the village pump', 'used by the weekly report', 'slow on big wikis'])}`;
  // Multi-valued parameters with several values: sometimes on continuation lines.
  for (const p of q.params) if (!q.url && p.items && p.items.length >= 3 && r.chance(0.3)) p.split = 2;
  if (!q.url && index % 16 === 5) injectMistake(r, cat, q, required); // one query in 16 (~6%)
  return q;
}

const MISTAKES = [
  'module-typo',
  'param-typo',
  'bad-enum',
  'out-of-range',
  'bad-integer',
  'bad-timestamp',
  'missing-required',
  'duplicate',
  'undefined-variable',
  'syntax',
];

function typo(r, word) {
  const i = r.int(1, Math.max(1, word.length - 1));
  return word.slice(0, i) + (word[i] === 'z' ? 'q' : 'z') + word.slice(i + 1);
}

function injectMistake(r, cat, q, required) {
  const kind = r.pick(MISTAKES);
  const find = (pred) => q.params.find(pred);
  const moduleOf = (name) => {
    for (const m of cat.modules)
      for (const pre of [m.prefix, 'g' + m.prefix])
        if (pre && name.startsWith(pre)) {
          const p = m.parameters.find((x) => pre + x.name === name);
          if (p) return p;
        }
    return undefined;
  };
  switch (kind) {
    case 'module-typo': {
      const p = find((x) => ['list', 'prop', 'meta', 'generator'].includes(x.name));
      if (p) p.items = [typo(r, p.items[0]), ...p.items.slice(1)];
      if (p) p.mistake = kind;
      return;
    }
    case 'param-typo': {
      const p = q.params[q.params.length - 1];
      p.name = p.name.slice(0, -1) || 'x';
      p.mistake = kind;
      return;
    }
    case 'bad-enum': {
      const p = q.params.find((x) => Array.isArray(moduleOf(x.name)?.type) && x.items);
      if (p) {
        p.items = [...p.items.slice(0, -1), 'bogus'];
        p.mistake = kind;
      }
      return;
    }
    case 'out-of-range':
    case 'bad-integer': {
      const p = q.params.find((x) => moduleOf(x.name)?.type === 'limit');
      if (p) {
        p.items = [kind === 'bad-integer' ? 'ten' : '100000'];
        p.mistake = kind;
      }
      return;
    }
    case 'bad-timestamp': {
      const p = q.params.find((x) => moduleOf(x.name)?.type === 'timestamp');
      if (p) {
        p.items = ['yesterday'];
        p.mistake = kind;
      }
      return;
    }
    case 'missing-required': {
      if (required.length) {
        q.params.splice(required[0], 1);
        q.mistake = kind;
      }
      return;
    }
    case 'duplicate': {
      const p = q.params.find((x) => x.items && !['list', 'prop', 'meta', 'generator'].includes(x.name));
      if (p) q.params.push({ ...p, mistake: kind, split: undefined });
      return;
    }
    case 'undefined-variable': {
      const p = q.params.find((x) => x.items && x.items.length === 1 && !['list', 'prop', 'meta', 'generator'].includes(x.name));
      if (p) {
        p.items = ['{{pagename}}'];
        p.mistake = kind;
        p.undefinedVar = true;
      }
      return;
    }
    case 'syntax': {
      // `aplimit 50`: a forgotten "=" (only in the .mwq; JSON has no such line).
      q.params.push({ name: 'syntax', items: null, syntax: `${q.params[q.params.length - 1].name} 50`, mistake: kind });
      return;
    }
  }
}

/**
 * Writes the model as .mwq and JSON text, with a position map:
 * entries[] = { q, mwq: {line, nameStart, nameEnd, valueStart, valueEnd, pipes[]}, json: {...}, name, flag, module, mistake }
 */
function render(queries, state, padding = 0) {
  const mwq = [];
  const json = [];
  const entries = [];
  mwq.push('# Generated by bench/generate.mjs from the bundled catalogue. Do not edit.');
  mwq.push('@endpoint = https://en.wikipedia.org/w/api.php');
  mwq.push(`@page = ${state.pageValue}`);
  mwq.push('');
  json.push('[');
  queries.forEach((q, qi) => {
    mwq.push(`### ${q.name}`);
    if (q.comment) mwq.push(q.comment);
    json.push('  {');
    json.push(`    "name": ${JSON.stringify(q.name)},`);
    json.push('    "params": {');
    const jsonParams = q.params.filter((p) => !p.syntax);
    if (q.url) {
      const qs = q.params.map((p) => (p.items ? `${p.name}=${encodeURIComponent(p.items.join('|'))}` : p.name)).join('&');
      mwq.push(`https://en.wikipedia.org/w/api.php?action=query&${qs}`);
    }
    let jsonIndex = 0;
    for (const p of q.params) {
      let m;
      if (!q.url) {
        if (p.syntax) {
          mwq.push(p.syntax);
        } else if (!p.items) {
          mwq.push(p.name);
          m = { line: mwq.length - 1, nameStart: 0, nameEnd: p.name.length, valueStart: p.name.length, valueEnd: p.name.length, pipes: [] };
        } else {
          const shown = p.varValue ? ['{{page}}'] : p.items;
          const head = p.split ? shown.slice(0, p.split) : shown;
          const text = `${p.name}=${head.join('|')}`;
          mwq.push(text);
          m = {
            line: mwq.length - 1,
            nameStart: 0,
            nameEnd: p.name.length,
            valueStart: p.name.length + 1,
            valueEnd: text.length,
            pipes: pipesOf(text, p.name.length + 1),
          };
          if (p.split) mwq.push(`       |${shown.slice(p.split).join('|')}`);
        }
      }
      if (p.syntax) continue;
      const last = ++jsonIndex === jsonParams.length;
      const key = `      "${p.name}": `;
      const value = p.items ? (p.varValue ?? p.items.join('|')) : null;
      const line = key + (value === null ? 'true' : JSON.stringify(value)) + (last ? '' : ',');
      json.push(line);
      const j = {
        line: json.length - 1,
        nameStart: 7,
        nameEnd: 7 + p.name.length,
        valueStart: key.length + (value === null ? 0 : 1),
        valueEnd: key.length + (value === null ? 4 : 1 + value.length),
        pipes: value === null ? [] : pipesOf(line, key.length + 1, key.length + 1 + value.length),
      };
      if (m)
        entries.push({
          q: qi,
          name: p.name,
          flag: !p.items,
          module: ['list', 'prop', 'meta', 'generator'].includes(p.name),
          variable: !!p.varValue || !!p.undefinedVar,
          split: !!p.split,
          mistake: p.mistake,
          mwq: m,
          json: j,
        });
    }
    json.push('    }');
    json.push(qi === queries.length - 1 ? '  }' : '  },');
    mwq.push('');
  });
  json.push(']');
  for (let i = 0; i < padding; i++) mwq.push(i === 0 ? '# end of the generated queries' : '');
  return { mwq: mwq.join('\n') + '\n', json: json.join('\n') + '\n', entries };
}

function pipesOf(text, from, to = text.length) {
  const out = [];
  for (let i = from; i < to; i++) if (text[i] === '|') out.push(i);
  return out;
}

/** Generates a file of (about, never more than) `lines` lines. */
export function generate({ lines, seed = 1 }) {
  const cat = loadCatalogue();
  const r = rng(seed * 7919 + lines);
  const state = { hasPageVar: true, pageValue: 'Albert Einstein' };
  const queries = [];
  let used = 4; // the header lines
  for (let misses = 0; misses < 20;) {
    const q = makeQuery(r, cat, queries.length, state);
    const qLines = 2 + (q.comment ? 1 : 0) + (q.url ? 1 : q.params.length + q.params.filter((p) => p.split).length);
    if (used + qLines > lines) {
      misses++;
      continue;
    }
    queries.push(q);
    used += qLines;
  }
  const out = render(queries, state, lines - used);
  const mistakes = {};
  for (const q of queries) {
    const m = q.mistake ?? q.params.find((p) => p.mistake)?.mistake;
    if (m) mistakes[m] = (mistakes[m] ?? 0) + 1;
  }
  const known = new Set(cat.modules.map((m) => m.name));
  const modules = new Set(
    queries
      .flatMap((q) => q.params.filter((p) => ['list', 'prop', 'meta', 'generator'].includes(p.name)).flatMap((p) => p.items ?? []))
      .filter((m) => known.has(m)),
  );
  return {
    mwq: out.mwq,
    json: out.json,
    entries: out.entries,
    meta: {
      seed,
      lines: out.mwq.split('\n').length - 1,
      jsonLines: out.json.split('\n').length - 1,
      bytes: Buffer.byteLength(out.mwq),
      jsonBytes: Buffer.byteLength(out.json),
      queries: queries.length,
      kinds: count(queries.map((q) => q.kind)),
      distinctModules: modules.size,
      mistakes,
      queriesWithMistakes: Object.values(mistakes).reduce((a, b) => a + b, 0),
    },
  };
}

function count(list) {
  const out = {};
  for (const x of list) out[x] = (out[x] ?? 0) + 1;
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = Number(process.argv[2] ?? 1000);
  const seed = Number(process.argv[3] ?? 1);
  const out = process.argv[4] ?? path.join(root, 'bench-results', `generated-${lines}`);
  const g = generate({ lines, seed });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out + '.mwq', g.mwq);
  fs.writeFileSync(out + '.json', g.json);
  console.log(JSON.stringify(g.meta, null, 2));
}

/**
 * Where to complete, hover and edit, in both files: spread evenly over the
 * file, cycling through contexts (completion: at the start of a parameter
 * line, at the start of a value, after a `|`; hover: on a name, on a value).
 * Each position is given for the .mwq file and for the JSON document.
 */
export function planPositions(entries, { completions = 240, hovers = 240, edits = 30, warmup = 40 } = {}) {
  const usable = entries.filter((e) => !e.variable);
  const completionAt = (e, ctx) => {
    if (ctx === 'pipe' && !e.mwq.pipes.length) ctx = 'value';
    if (ctx === 'value' && e.flag) ctx = 'name';
    if (ctx === 'name') return { ctx, mwq: { line: e.mwq.line, character: 0 }, json: { line: e.json.line, character: e.json.nameStart } };
    if (ctx === 'value')
      return { ctx, mwq: { line: e.mwq.line, character: e.mwq.valueStart }, json: { line: e.json.line, character: e.json.valueStart } };
    return { ctx, mwq: { line: e.mwq.line, character: e.mwq.pipes[0] + 1 }, json: { line: e.json.line, character: e.json.pipes[0] + 1 } };
  };
  const hoverAt = (e, ctx) => {
    if (ctx === 'value' && e.flag) ctx = 'name';
    const mid = (a, b) => a + Math.floor((b - a) / 2);
    if (ctx === 'name')
      return {
        ctx,
        mwq: { line: e.mwq.line, character: mid(e.mwq.nameStart, e.mwq.nameEnd) },
        json: { line: e.json.line, character: mid(e.json.nameStart, e.json.nameEnd) },
      };
    // On the first value (a module name, an enumeration value, a title ...).
    const firstEnd = (m) => (m.pipes.length ? m.pipes[0] : m.valueEnd);
    return {
      ctx,
      mwq: { line: e.mwq.line, character: mid(e.mwq.valueStart, firstEnd(e.mwq)) },
      json: { line: e.json.line, character: mid(e.json.valueStart, firstEnd(e.json)) },
    };
  };
  const C = ['name', 'value', 'pipe'];
  const H = ['name', 'value'];
  const pick = (n, offset) => {
    // Evenly spread, starting at a fraction `offset` of the step (so warm-up positions differ).
    if (usable.length <= n) return usable;
    const out = [];
    for (let i = 0; i < n; i++) out.push(usable[Math.floor(((i + offset) * usable.length) / n)]);
    return out;
  };
  const editable = usable.filter((e) => !e.flag && e.mwq.valueEnd > e.mwq.valueStart);
  const editsAt = (n, offset) => {
    const out = [];
    for (let i = 0; i < Math.min(n, editable.length); i++) {
      const e = editable[Math.floor(((i + offset) * editable.length) / Math.min(n, editable.length))];
      out.push({
        name: e.name,
        mwq: { line: e.mwq.line, character: e.mwq.valueEnd },
        json: { line: e.json.line, character: e.json.valueEnd },
      });
    }
    return out;
  };
  return {
    completions: pick(completions, 0.5).map((e, i) => completionAt(e, C[i % 3])),
    hovers: pick(hovers, 0.25).map((e, i) => hoverAt(e, H[i % 2])),
    warmupCompletions: pick(warmup, 0.1).map((e, i) => completionAt(e, C[i % 3])),
    warmupHovers: pick(warmup, 0.9).map((e, i) => hoverAt(e, H[i % 2])),
    edits: editsAt(edits, 0.5),
    warmupEdits: editsAt(Math.min(6, edits), 0.2),
  };
}
