#!/usr/bin/env node
// Builds the bundled module catalogue from the seed document.
//
//   node scripts/make-catalogue.mjs <seed.txt>
//
// Writes server/catalogue/paraminfo.json (the seed's 68 `query+` modules, in
// the seed's paraminfo shape, formatversion-1 markers) and
// server/catalogue/main-query.json (descriptors of the parent modules `main`
// and `query`, in the same shape; `main`'s `action` names the actions of
// server/catalogue/actions.json, which scripts/catalogue/fetch-actions.ts
// builds from the test wiki).
//
// The seed's catalogue lines are parsed strictly: every phrase of a line must
// be understood, otherwise the script stops with an error naming the line.
// Irregular phrasings of the seed are handled explicitly (see PHRASES below).

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paramPhrases } from './catalogue/paramPhrases.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'server', 'catalogue');

const seedPath = process.argv[2];
if (!seedPath) {
  console.error('usage: node scripts/make-catalogue.mjs <seed.txt>');
  process.exit(2);
}
const seed = readFileSync(seedPath, 'utf8');
const lines = seed.split(/\r?\n/);

function fail(msg) {
  throw new Error(msg);
}

// ---------------------------------------------------------------------------
// Shared value sets ("- NAME: `a`, `b`, ..." under "### Shared value sets")

function readSets() {
  const sets = {};
  let inSection = false;
  for (const line of lines) {
    if (line.startsWith('### ')) inSection = line === '### Shared value sets';
    if (!inSection) continue;
    const m = /^- ([A-Z-]+): (.*)\.$/.exec(line);
    if (!m) continue;
    const [, name, body] = m;
    const without = /^([A-Z-]+) without (.*)$/.exec(body);
    if (without) {
      const base = sets[without[1]] ?? fail(`set ${name}: unknown base ${without[1]}`);
      const removed = parseBacktickList(without[2]);
      for (const r of removed) if (!base.values.includes(r)) fail(`set ${name}: ${r} not in ${without[1]}`);
      sets[name] = { values: base.values.filter((v) => !removed.includes(v)), deprecated: [...base.deprecated] };
      continue;
    }
    const values = [];
    const deprecated = [];
    for (const item of body.split(', ')) {
      let m2;
      if (item === 'empty string') values.push('');
      else if ((m2 = /^`([^`]*)` \(deprecated value\)$/.exec(item))) {
        values.push(m2[1]);
        deprecated.push(m2[1]);
      } else if ((m2 = /^`([^`]*)`$/.exec(item))) values.push(m2[1]);
      else fail(`set ${name}: cannot read item ${JSON.stringify(item)}`);
    }
    sets[name] = { values, deprecated };
  }
  for (const n of ['CONTENTFORMATS', 'REVPROP', 'GROUPS', 'PROTOCOLS', 'RIGHTS', 'RIGHTS-C']) {
    if (!sets[n]) fail(`shared value set ${n} not found in the seed`);
  }
  return sets;
}

function parseBacktickList(text) {
  // "`a`, `b`, `c`" or "`a` and `b`"
  const out = [];
  const re = /`([^`]*)`/g;
  let m;
  while ((m = re.exec(text))) out.push(m[1]);
  const rest = text.replace(re, '').replace(/,|\band\b|\s/g, '');
  if (rest !== '') fail(`cannot read list ${JSON.stringify(text)}`);
  return out;
}

const SETS = readSets();

// ---------------------------------------------------------------------------
// Generator list ("Generator modules (marker present): a, b, c. All other ...")

function readGeneratorList() {
  const line = lines.find((l) => l.startsWith('Generator modules (marker present): '));
  if (!line) fail('generator list not found');
  const m = /^Generator modules \(marker present\): ([a-z, ]+)\. All other modules lack the marker\.$/.exec(line);
  if (!m) fail('generator list: unexpected wording');
  return m[1].split(', ');
}
const GENERATORS = readGeneratorList();

// ---------------------------------------------------------------------------
// Parameter phrases (scripts/catalogue/paramPhrases.mjs)

const { parseParam, splitPhrases } = paramPhrases({ sets: SETS, fail, parseBacktickList });

// ---------------------------------------------------------------------------
// Module lines

const EXTENSION_SOURCES = {
  flowinfo: 'Flow',
  gadgetcategories: 'Gadgets',
  gadgets: 'Gadgets',
  mmcontent: 'MassMessage',
  notifications: 'Echo',
  unreadnotificationpages: 'Echo',
};
const NO_HELPURLS = new Set(readBacktickSentence('The array is empty for '));
const NO_READRIGHTS = new Set(readNoteReadrights());
const DEPRECATED_MODULES = new Set(readBacktickSentence('Marker present on deprecated modules: '));
const EXTENSION_MODULES = new Set(readBacktickSentence('Modules provided by extensions (not by the core): '));
const MIT_MODULES = new Set(readBacktickSentence('`GPL-2.0-or-later` for all modules except '));

function readBacktickSentence(lead) {
  const line = lines.find((l) => l.includes(lead)) ?? fail(`sentence not found: ${lead}`);
  const after = line.slice(line.indexOf(lead) + lead.length);
  const sentence = after.slice(0, after.search(/\.( |$|\s*\|)/));
  return [...sentence.matchAll(/`([a-z]+)`/g)].map((m) => m[1]);
}
function readNoteReadrights() {
  const line = lines.find((l) => l.startsWith('Note on `readrights`: it is absent on ')) ?? fail('readrights note not found');
  const m = /absent on `([a-z]+)` and `([a-z]+)`, and present on all other modules\.$/.exec(line) ?? fail('readrights note wording');
  return [m[1], m[2]];
}

function readModuleLines() {
  const out = [];
  let inCatalogue = false;
  for (const line of lines) {
    if (line.startsWith('### ') || line.startsWith('## ')) inCatalogue = line === '### Catalogue';
    if (!inCatalogue || !line.startsWith('- ')) continue;
    const m = /^- `query\+([a-z]+)` \(([^)]*)\): (.*)$/.exec(line) ?? fail(`catalogue line not understood: ${line}`);
    out.push({ name: m[1], header: m[2], body: m[3] });
  }
  return out;
}

const raw = readModuleLines();
const byName = new Map();
const HEADER_FLAGS = new Set(['gen', 'module deprecated', 'extension', 'licence MIT']);

for (const { name, header, body } of raw) {
  const where = `query+${name}`;
  const parts = header.split(', ');
  const group = parts[0];
  if (!['list', 'prop', 'meta'].includes(group)) fail(`${where}: bad group ${group}`);
  const prefix = parts[1] === 'empty prefix' ? '' : parts[1];
  if (!/^[a-z]*$/.test(prefix)) fail(`${where}: bad prefix ${prefix}`);
  const flags = new Set(parts.slice(2));
  for (const f of flags) if (!HEADER_FLAGS.has(f)) fail(`${where}: unknown header flag ${f}`);

  // Cross-checks between the line and the seed's prose lists.
  if (flags.has('gen') !== GENERATORS.includes(name)) fail(`${where}: gen flag disagrees with the generator list`);
  if (flags.has('module deprecated') !== DEPRECATED_MODULES.has(name)) fail(`${where}: deprecation disagrees`);
  if (flags.has('extension') !== EXTENSION_MODULES.has(name)) fail(`${where}: extension flag disagrees`);
  if (flags.has('licence MIT') !== MIT_MODULES.has(name)) fail(`${where}: licence disagrees`);
  if (flags.has('extension') !== name in EXTENSION_SOURCES) fail(`${where}: no extension source known`);

  byName.set(name, { name, group, prefix, flags, body, params: null, templated: false });
}

function paramsOf(name, stack = []) {
  const mod = byName.get(name) ?? fail(`unknown module ${name}`);
  if (mod.params) return mod.params;
  if (stack.includes(name)) fail(`cycle at ${name}`);
  const where = `query+${name}`;
  let body = mod.body;
  let m;
  if (body === 'no parameters.') {
    mod.params = [];
  } else if ((m = /^same parameters as `([a-z]+)`\.$/.exec(body))) {
    mod.params = structuredClone(paramsOf(m[1], [...stack, name]));
  } else if ((m = /^like `([a-z]+)` except (.*)\.$/.exec(body))) {
    const base = structuredClone(paramsOf(m[1], [...stack, name]));
    for (const phrase of splitPhrases(m[2])) {
      const q = parseParam(phrase, {}, where);
      const i = base.findIndex((b) => b.name === q.name);
      if (i < 0) fail(`${where}: ${q.name} is not a parameter of ${m[1]}`);
      base[i] = q;
    }
    mod.params = base;
  } else {
    if (!body.endsWith('.')) fail(`${where}: line does not end with "."`);
    body = body.slice(0, -1);
    const tpl = ' Templated: `contentformat-{slot}`';
    if (body.endsWith(tpl)) {
      mod.templated = true;
      body = body.slice(0, -tpl.length);
      if (!body.endsWith('.')) fail(`${where}: no "." before Templated`);
      body = body.slice(0, -1);
    }
    const ctx = {};
    const params = [];
    for (const phrase of splitPhrases(body)) {
      const group8 = /^(.*): all eight with info singlepageonly$/.exec(phrase);
      if (group8) {
        // revisions: "`startid` int, `endid` int, ..., `excludeuser` user (same): all eight ..."
        for (const sub of group8[1].split(/, (?=`)/)) {
          const q = parseParam(sub, ctx, where);
          q.info = [...(q.info ?? []), { name: 'singlepageonly' }];
          params.push(q);
        }
        const count = params.filter((q) => q.info?.some((i) => i.name === 'singlepageonly')).length;
        if (count !== 8) fail(`${where}: "all eight" gives ${count} singlepageonly parameters`);
        continue;
      }
      params.push(parseParam(phrase, ctx, where));
    }
    mod.params = params;
  }
  const names = mod.params.map((q) => q.name);
  if (new Set(names).size !== names.length) fail(`${where}: duplicate parameter names`);
  return mod.params;
}

// Templated parameters
const TEMPLATED = [...lines.join('\n').matchAll(/It occurs on (`[a-z]+`(?:, `[a-z]+`)*)\./g)];
if (TEMPLATED.length !== 1) fail('templated parameter sentence not found');
const TEMPLATED_MODULES = new Set(parseBacktickList(TEMPLATED[0][1].replace(/, /g, ' ')));
if (!seed.includes('- It is at `index` 3.')) fail('templated index not 3');

// ---------------------------------------------------------------------------
// Output

const PARAM_ORDER = [
  'index',
  'name',
  'type',
  'default',
  'multi',
  'lowlimit',
  'highlimit',
  'limit',
  'min',
  'max',
  'highmax',
  'required',
  'deprecated',
  'deprecatedvalues',
  'sensitive',
  'allspecifier',
  'allowsduplicates',
  'extranamespaces',
  'subtypes',
  'info',
  'submodules',
  'submoduleparamprefix',
];

function orderParam(p) {
  const q = { ...p };
  if (q.multi !== undefined) Object.assign(q, { lowlimit: 50, highlimit: 500, limit: 50 });
  const out = {};
  for (const k of PARAM_ORDER) if (q[k] !== undefined) out[k] = q[k];
  for (const k of Object.keys(q)) if (!PARAM_ORDER.includes(k)) fail(`unexpected parameter field ${k}`);
  return out;
}

function numberParams(params, taken) {
  let i = 1;
  return params.map((p) => {
    while (taken.has(i)) i++;
    return orderParam({ index: i++, ...p });
  });
}

const GPL = ['GPL-2.0-or-later', 'https://www.gnu.org/licenses/old-licenses/gpl-2.0.html'];
const MIT = ['MIT', 'https://opensource.org/licenses/MIT'];
const helpUrl = (page) => `https://www.mediawiki.org/wiki/Special:MyLanguage/API:${page}`;

const modules = [...byName.keys()].sort().map((name) => {
  const mod = byName.get(name);
  const params = paramsOf(name);
  if (mod.templated !== TEMPLATED_MODULES.has(name)) fail(`query+${name}: templated disagrees`);
  const source = EXTENSION_SOURCES[name] ?? 'MediaWiki';
  const [licensetag, licenselink] = mod.flags.has('licence MIT') ? MIT : GPL;
  const d = {
    name,
    classname: '',
    path: `query+${name}`,
    group: mod.group,
    prefix: mod.prefix,
    source,
    sourcename: source,
    licensetag,
    licenselink,
    helpurls: NO_HELPURLS.has(name) ? [] : [helpUrl(name[0].toUpperCase() + name.slice(1))],
  };
  if (!NO_READRIGHTS.has(name)) d.readrights = '';
  if (mod.flags.has('gen')) d.generator = '';
  if (mod.flags.has('module deprecated')) d.deprecated = '';
  d.parameters = numberParams(params, mod.templated ? new Set([3]) : new Set());
  d.templatedparameters = mod.templated
    ? [{ index: 3, name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: [...SETS.CONTENTFORMATS.values] }]
    : [];
  return d;
});

// Global checks against the seed's prose.
if (modules.length !== 68) fail(`expected 68 modules, got ${modules.length}`);
for (const g of GENERATORS) if (!byName.has(g)) fail(`generator ${g} is not a catalogue module`);
for (const n of [...NO_HELPURLS, ...NO_READRIGHTS, ...DEPRECATED_MODULES, ...EXTENSION_MODULES, ...MIT_MODULES]) {
  if (!byName.has(n)) fail(`module ${n} named in the prose is not in the catalogue`);
}

const dump = (obj) => JSON.stringify(obj, null, 2) + '\n';
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'paraminfo.json'), dump({ paraminfo: { helpformat: 'none', modules } }));

// ---------------------------------------------------------------------------
// Parent modules: main and query (MediaWiki's own rules, not in the seed)

const MULTI = { multi: '' };
const namesOf = (group) => modules.filter((m) => m.group === group).map((m) => m.name);
const submodulesOf = (names) => Object.fromEntries(names.map((n) => [n, `query+${n}`]));
const submoduleParam = (name, names, extra = {}) => ({
  name,
  type: names,
  ...extra,
  submodules: submodulesOf(names),
});

// The actions are the test wiki's (server/catalogue/actions.json, by scripts/catalogue/fetch-actions.ts).
const actionNames = [
  'query',
  ...JSON.parse(readFileSync(join(outDir, 'actions.json'), 'utf8')).paraminfo.modules.map((m) => m.name),
].sort();
const mainParams = [
  { name: 'action', type: actionNames, default: 'help', submodules: Object.fromEntries(actionNames.map((n) => [n, n])) },
  { name: 'format', type: ['json', 'jsonfm', 'none', 'php', 'phpfm', 'rawfm', 'xml', 'xmlfm'], default: 'jsonfm' },
  { name: 'maxlag', type: 'integer' },
  { name: 'smaxage', type: 'integer', default: 0, min: 0 },
  { name: 'maxage', type: 'integer', default: 0, min: 0 },
  { name: 'assert', type: ['anon', 'bot', 'user'] },
  { name: 'assertuser', type: 'user', subtypes: ['name', 'temp'] },
  { name: 'requestid', type: 'string' },
  { name: 'servedby', type: 'boolean' },
  { name: 'curtimestamp', type: 'boolean' },
  { name: 'responselanginfo', type: 'boolean' },
  { name: 'origin', type: 'string' },
  { name: 'uselang', type: 'string', default: 'user' },
  { name: 'variant', type: 'string' },
  { name: 'errorformat', type: ['bc', 'html', 'none', 'plaintext', 'raw', 'wikitext'], default: 'bc' },
  { name: 'errorlang', type: 'string', default: 'uselang' },
  { name: 'errorsuselocal', type: 'boolean' },
  { name: 'centralauthtoken', type: 'string', sensitive: '' },
  // Belongs to the json format module in MediaWiki; kept here so the editor knows it.
  { name: 'formatversion', type: ['1', '2', 'latest'], default: '1' },
];

const generatorNames = modules.filter((m) => m.generator !== undefined).map((m) => m.name);
const queryParams = [
  submoduleParam('prop', namesOf('prop'), MULTI),
  submoduleParam('list', namesOf('list'), MULTI),
  submoduleParam('meta', namesOf('meta'), MULTI),
  { name: 'indexpageids', type: 'boolean' },
  { name: 'export', type: 'boolean' },
  { name: 'exportnowrap', type: 'boolean' },
  { name: 'exportschema', type: ['0.10', '0.11'], default: '0.11' },
  { name: 'iwurl', type: 'boolean' },
  { name: 'continue', type: 'string' },
  { name: 'rawcontinue', type: 'boolean' },
  { name: 'titles', type: 'string', multi: '' },
  { name: 'pageids', type: 'integer', multi: '' },
  { name: 'revids', type: 'integer', multi: '' },
  { ...submoduleParam('generator', generatorNames), submoduleparamprefix: 'g' },
  { name: 'redirects', type: 'boolean' },
  { name: 'converttitles', type: 'boolean' },
];

const parent = (name, extra, params, helpurls) => ({
  name,
  classname: '',
  path: name,
  prefix: '',
  source: 'MediaWiki',
  sourcename: 'MediaWiki',
  licensetag: GPL[0],
  licenselink: GPL[1],
  helpurls: helpurls.map(helpUrl),
  ...extra,
  parameters: numberParams(params, new Set()),
  templatedparameters: [],
});

writeFileSync(
  join(outDir, 'main-query.json'),
  dump({
    paraminfo: {
      helpformat: 'none',
      modules: [
        parent('main', {}, mainParams, ['Main_page', 'FAQ']),
        parent('query', { readrights: '' }, queryParams, ['Query', 'Meta', 'Properties', 'Lists']),
      ],
    },
  }),
);

const count = (g) => modules.filter((m) => m.group === g).length;
console.log(
  `wrote paraminfo.json: ${modules.length} modules (list ${count('list')}, prop ${count('prop')}, meta ${count('meta')}), ` +
    `${generatorNames.length} generators, ${modules.reduce((n, m) => n + m.parameters.length, 0)} parameters; wrote main-query.json`,
);
