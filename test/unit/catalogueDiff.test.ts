// Two wikis' catalogues compared (mwq catalogue --diff) and the hints a
// workspace with several environments gets: plain paraminfo-shaped JSON in.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { buildCatalogue, type Catalogue } from '../../server/src/service/catalogue';
import { catalogueDiffText, diffCatalogues, isEmptyDiff } from '../../server/src/service/catalogueDiff';
import { environmentHints } from '../../server/src/service/environmentHints';
import { parseDocument } from '../../common/src/parser';
import { createLanguageService } from '../../server/src/service/languageService';

type Module = Record<string, unknown>;
const main = (extra: Module[] = []): Module => ({
  name: 'main',
  path: 'main',
  prefix: '',
  parameters: [{ name: 'action', type: ['query'] }, { name: 'maxlag', type: 'integer' }, ...extra],
});
const query = (lists: string[]): Module => ({
  name: 'query',
  path: 'query',
  prefix: '',
  parameters: [
    { name: 'list', type: lists, multi: true },
    { name: 'prop', type: ['info'], multi: true },
    { name: 'titles', type: 'string', multi: true },
  ],
});
const allusers = (params: Module[]): Module => ({
  name: 'allusers',
  path: 'query+allusers',
  group: 'list',
  prefix: 'au',
  parameters: params,
});
const info: Module = {
  name: 'info',
  path: 'query+info',
  group: 'prop',
  prefix: 'in',
  parameters: [{ name: 'prop', type: ['url', 'preload'], multi: true }],
};
const linterrors: Module = {
  name: 'linterrors',
  path: 'query+linterrors',
  group: 'list',
  prefix: 'lnt',
  parameters: [{ name: 'limit', type: 'limit', min: 1, max: 500, highmax: 5000 }],
};

const catalogue = (modules: Module[], namespaces = [{ id: 0, name: '(Main)' }]): Catalogue =>
  buildCatalogue([{ paraminfo: { modules } }], { namespaces });

// The shapes of a 1.39 wiki and a 1.43 wiki, cut down to what differs.
const older = catalogue(
  [
    main(),
    query(['allusers']),
    allusers([
      { name: 'group', type: ['bot', 'sysop'], multi: true },
      { name: 'limit', type: 'limit', min: 1, max: 500 },
    ]),
    { ...info, parameters: [{ name: 'prop', type: ['url', 'preload'], multi: true }] },
  ],
  [
    { id: 0, name: '(Main)' },
    { id: 2300, name: 'Gadget' },
  ],
);
const newer = catalogue([
  main(),
  query(['allusers', 'linterrors']),
  allusers([
    { name: 'group', type: ['bot', 'sysop', 'push-subscription-manager'], multi: true },
    { name: 'limit', type: 'limit', min: 1, max: 500 },
    { name: 'excludenamed', type: 'boolean' },
  ]),
  { ...info, parameters: [{ name: 'prop', type: ['url', 'preload', 'preloadcontent'], multi: true, deprecatedvalues: ['preload'] }] },
  linterrors,
]);

describe('diffCatalogues: what changes from one wiki to another', () => {
  it('lists modules, parameters and values added, removed or changed, and namespaces', () => {
    const diff = diffCatalogues(older, newer);
    assert.deepEqual(diff.modulesAdded, ['list=linterrors']);
    assert.deepEqual(diff.modulesRemoved, []);
    assert.deepEqual(diff.namespacesRemoved, ['2300 Gadget']);
    const byModule = new Map(diff.modulesChanged.map((m) => [m.module, m]));
    assert.deepEqual(byModule.get('list=allusers')?.paramsAdded, ['auexcludenamed']);
    assert.deepEqual(byModule.get('list=allusers')?.paramsChanged, [{ param: 'augroup', changes: ['values +push-subscription-manager'] }]);
    assert.deepEqual(byModule.get('prop=info')?.paramsChanged, [
      { param: 'inprop', changes: ['values +preloadcontent', 'deprecated values preload'] },
    ]);
    assert.deepEqual(byModule.get('query')?.paramsChanged, [{ param: 'list', changes: ['values +linterrors'] }]);
    assert.equal(byModule.has('main'), false, 'main is the same on both');
    assert.deepEqual(catalogueDiffText(diff), [
      '+ list=linterrors',
      '~ list=allusers',
      '    + auexcludenamed',
      '    ~ augroup: values +push-subscription-manager',
      '~ prop=info',
      '    ~ inprop: values +preloadcontent; deprecated values preload',
      '~ query',
      '    ~ list: values +linterrors',
      '- namespace 2300 Gadget',
    ]);
  });

  it('the other way round, additions become removals', () => {
    const diff = diffCatalogues(newer, older);
    assert.deepEqual(diff.modulesRemoved, ['list=linterrors']);
    assert.deepEqual(diff.modulesChanged.find((m) => m.module === 'list=allusers')?.paramsRemoved, ['auexcludenamed']);
    assert.deepEqual(diff.namespacesAdded, ['2300 Gadget']);
  });

  it('a catalogue against itself: nothing', () => {
    assert.ok(isEmptyDiff(diffCatalogues(newer, newer)));
    assert.ok(
      isEmptyDiff(
        diffCatalogues(
          older,
          catalogue(
            [
              main(),
              query(['allusers']),
              allusers([
                { name: 'group', type: ['bot', 'sysop'], multi: true },
                { name: 'limit', type: 'limit', min: 1, max: 500 },
              ]),
              info,
            ],
            [
              { id: 0, name: '(Main)' },
              { id: 2300, name: 'Gadget' },
            ],
          ),
        ),
      ),
    );
  });

  it('the actions beside query: added, removed, their parameters, and a read that now writes', () => {
    const parse = (params: Module[]): Module => ({ name: 'parse', path: 'parse', prefix: '', parameters: params });
    const a = catalogue([main(), query(['allusers']), parse([{ name: 'page', type: 'string' }])]);
    const b = catalogue([
      main(),
      query(['allusers']),
      {
        ...parse([
          { name: 'page', type: 'string' },
          { name: 'useskin', type: ['vector'] },
        ]),
        mustbeposted: true,
      },
      { name: 'wbgetentities', path: 'wbgetentities', prefix: '', parameters: [{ name: 'ids', type: 'string', multi: true }] },
    ]);
    const diff = diffCatalogues(a, b);
    assert.deepEqual(diff.modulesAdded, ['action=wbgetentities']);
    assert.deepEqual(diff.modulesChanged, [
      { module: 'action=parse', changes: ['now to be posted'], paramsAdded: ['useskin'], paramsRemoved: [], paramsChanged: [] },
    ]);
    assert.deepEqual(diffCatalogues(b, a).modulesRemoved, ['action=wbgetentities']);
  });

  it('limits and flags: deprecation, required, ranges', () => {
    const a = catalogue([
      main(),
      query(['x']),
      {
        name: 'x',
        path: 'query+x',
        group: 'list',
        prefix: 'x',
        parameters: [
          { name: 'limit', type: 'limit', min: 1, max: 50 },
          { name: 'old', type: 'string' },
        ],
      },
    ]);
    const b = catalogue([
      main(),
      query(['x']),
      {
        name: 'x',
        path: 'query+x',
        group: 'list',
        prefix: 'x',
        deprecated: true,
        parameters: [
          { name: 'limit', type: 'limit', min: 1, max: 500 },
          { name: 'old', type: 'string', deprecated: true, required: true },
        ],
      },
    ]);
    const [change] = diffCatalogues(a, b).modulesChanged;
    assert.deepEqual(change, {
      module: 'list=x',
      changes: ['now deprecated'],
      paramsAdded: [],
      paramsRemoved: [],
      paramsChanged: [
        { param: 'xlimit', changes: ['max 50 → 500'] },
        { param: 'xold', changes: ['now deprecated', 'now required'] },
      ],
    });
  });

  it('a hostile wiki: module names thousands of characters long are cut to a short line', () => {
    const huge = 'm'.repeat(5000);
    const b = catalogue([main(), query([huge]), { name: huge, path: `query+${huge}`, group: 'list', prefix: 'x', parameters: [] }]);
    const lines = catalogueDiffText(diffCatalogues(catalogue([main(), query([])]), b));
    assert.ok(
      lines.every((l) => l.length < 400),
      'every line is short',
    );
    assert.ok(lines.includes(`+ list=${'m'.repeat(115)}…`), lines.join('\n').slice(0, 300));
  });

  it('long value lists are cut to 20 with a count', () => {
    const many = Array.from({ length: 45 }, (_, i) => `v${i}`);
    const a = catalogue([
      main(),
      query(['x']),
      { name: 'x', path: 'query+x', group: 'list', prefix: 'x', parameters: [{ name: 'kind', type: ['a'] }] },
    ]);
    const b = catalogue([
      main(),
      query(['x']),
      { name: 'x', path: 'query+x', group: 'list', prefix: 'x', parameters: [{ name: 'kind', type: ['a', ...many] }] },
    ]);
    const text = catalogueDiffText(diffCatalogues(a, b)).join('\n');
    assert.match(text, /… \(25 more\)$/);
  });
});

describe('hints naming another environment that does not know a module or parameter', () => {
  const doc = (text: string) => TextDocument.create('file:///w/q.mwq', 'mwquery', 1, text);
  const hints = (text: string, others = [{ name: 'old', catalogue: older }]) => {
    const d = doc(text);
    return environmentHints(d, parseDocument(text), newer, others).map((h) => ({
      code: String(h.code),
      severity: h.severity,
      covered: text.slice(d.offsetAt(h.range.start), d.offsetAt(h.range.end)),
      message: String(h.message),
    }));
  };

  it('a parameter the other wiki lacks: a hint on its name, naming the environment', () => {
    assert.deepEqual(hints('list=allusers\nauexcludenamed\naulimit=5\n'), [
      {
        code: 'unknown-elsewhere',
        severity: 4,
        covered: 'auexcludenamed',
        message: 'Environment "old" does not know the parameter `auexcludenamed`: that wiki would ignore it (unrecognizedparams).',
      },
    ]);
  });

  it('a module the other wiki lacks: one hint on the module, none for its parameters', () => {
    assert.deepEqual(
      hints('list=allusers|linterrors\nlntlimit=5\n').map((h) => [h.covered, h.message]),
      [['linterrors', 'Environment "old" does not have the module `linterrors` (unrecognizedvalues there).']],
    );
  });

  it('nothing when every environment knows the query, or when there is no other environment', () => {
    assert.deepEqual(hints('list=allusers\naugroup=bot\nmaxlag=5\n'), []);
    assert.deepEqual(hints('list=allusers\nauexcludenamed\n', []), []);
    assert.deepEqual(
      hints('list=allusers\nauexcludenamed\n', [{ name: 'same', catalogue: newer }]),
      [],
      'an environment on the same catalogue',
    );
    // What this wiki does not know is its own diagnostics' business, not a hint about others.
    assert.deepEqual(hints('list=allusers\naubogus=1\n'), []);
  });

  it('an action both wikis have is no module the other lacks; one only this wiki has is', () => {
    const parse: Module = { name: 'parse', path: 'parse', prefix: '', parameters: [{ name: 'page', type: 'string' }] };
    const wb: Module = { name: 'wbgetentities', path: 'wbgetentities', prefix: '', parameters: [{ name: 'ids', type: 'string' }] };
    const here = catalogue([main(), query(['allusers']), parse, wb]);
    const there = catalogue([main(), query(['allusers']), parse]);
    const on = (text: string) =>
      environmentHints(doc(text), parseDocument(text), here, [{ name: 'old', catalogue: there }]).map((h) => String(h.message));
    assert.deepEqual(on('action=parse\npage=A\n'), []);
    assert.deepEqual(on('action=wbgetentities\nids=Q1\n'), [
      'Environment "old" does not have the module `wbgetentities` (unrecognizedvalues there).',
    ]);
  });

  it('several environments lacking it are named in one hint; hostile names are cut', () => {
    const long = 'x'.repeat(100);
    const [h] = hints('list=allusers\nauexcludenamed\n', [
      { name: 'old', catalogue: older },
      { name: 'older', catalogue: older },
      { name: long, catalogue: older },
      { name: 'fourth', catalogue: older },
    ]);
    assert.equal(
      h?.message,
      `Environments "old", "older" and "${'x'.repeat(40)}…" (and 1 more) do not know the parameter \`auexcludenamed\`: that wiki would ignore it (unrecognizedparams).`,
    );
  });

  it('the language service adds them to the diagnostics when it knows other environments', () => {
    const service = createLanguageService({ catalogueFor: () => newer, otherEnvironments: () => [{ name: 'old', catalogue: older }] });
    const codes = service.validate(doc('list=allusers\nauexcludenamed\n')).map((d) => String(d.code));
    assert.deepEqual(codes, ['unknown-elsewhere']);
    const alone = createLanguageService({ catalogueFor: () => newer });
    assert.deepEqual(alone.validate(doc('list=allusers\nauexcludenamed\n')), []);
  });
});
