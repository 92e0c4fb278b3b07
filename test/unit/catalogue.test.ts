// Facts of the bundled catalogue, taken from its source document (the text
// description of MediaWiki's query modules that scripts/make-catalogue.mjs
// reads). Expectations are literal copies of that document, never values
// computed from the JSON under test.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..');

interface Param {
  index: number;
  name: string;
  type: string | string[];
  default?: string | number;
  multi?: '';
  lowlimit?: number;
  highlimit?: number;
  limit?: number;
  min?: number;
  max?: number;
  highmax?: number;
  required?: '';
  deprecated?: '';
  deprecatedvalues?: string[];
  sensitive?: '';
  allspecifier?: string;
  allowsduplicates?: '';
  extranamespaces?: number[];
  subtypes?: string[];
  info?: { name: string; values?: number[] }[];
  submodules?: Record<string, string>;
  submoduleparamprefix?: string;
}
interface Templated {
  index: number;
  name: string;
  templatevars: Record<string, string>;
  type: string[];
}
interface Module {
  name: string;
  classname: string;
  path: string;
  group?: string;
  prefix: string;
  source: string;
  sourcename: string;
  licensetag: string;
  licenselink: string;
  helpurls: string[];
  readrights?: '';
  generator?: '';
  deprecated?: '';
  parameters: Param[];
  templatedparameters: Templated[];
}
interface Doc {
  paraminfo: { helpformat: string; modules: Module[] };
}

const load = (file: string): Doc => JSON.parse(fs.readFileSync(path.join(root, 'server', 'catalogue', file), 'utf8')) as Doc;
const doc = load('paraminfo.json');
const modules = doc.paraminfo.modules;
const parents = load('main-query.json').paraminfo.modules;

function mod(name: string, list: Module[] = modules): Module {
  const m = list.find((x) => x.name === name);
  assert.ok(m, `module ${name} missing`);
  return m;
}
function param(module: string, name: string, list: Module[] = modules): Param {
  const p = mod(module, list).parameters.find((x) => x.name === name);
  assert.ok(p, `parameter ${module}.${name} missing`);
  return p;
}
/** All "module.param" whose descriptor satisfies pred, sorted. */
function where(pred: (p: Param) => boolean): string[] {
  return modules.flatMap((m) => m.parameters.filter(pred).map((p) => `${m.name}.${p.name}`)).sort();
}

// --- literal facts from the source document --------------------------------

const PREFIX: Record<string, string> = {
  allcategories: 'ac',
  alldeletedrevisions: 'adr',
  allfileusages: 'af',
  allimages: 'ai',
  alllinks: 'al',
  allmessages: 'am',
  allpages: 'ap',
  allredirects: 'ar',
  allrevisions: 'arv',
  alltransclusions: 'at',
  allusers: 'au',
  authmanagerinfo: 'ami',
  backlinks: 'bl',
  blocks: 'bk',
  categories: 'cl',
  categoryinfo: 'ci',
  categorymembers: 'cm',
  contributors: 'pc',
  deletedrevisions: 'drv',
  deletedrevs: 'dr',
  duplicatefiles: 'df',
  embeddedin: 'ei',
  extlinks: 'el',
  exturlusage: 'eu',
  filearchive: 'fa',
  filerepoinfo: 'fri',
  fileusage: 'fu',
  flowinfo: 'fli',
  gadgetcategories: 'gc',
  gadgets: 'ga',
  imageinfo: 'ii',
  images: 'im',
  imageusage: 'iu',
  info: 'in',
  iwbacklinks: 'iwbl',
  iwlinks: 'iw',
  langbacklinks: 'lbl',
  langlinks: 'll',
  languageinfo: 'li',
  links: 'pl',
  linkshere: 'lh',
  logevents: 'le',
  mmcontent: '',
  mystashedfiles: 'msf',
  notifications: 'not',
  pagepropnames: 'ppn',
  pageprops: 'pp',
  pageswithprop: 'pwp',
  prefixsearch: 'ps',
  protectedtitles: 'pt',
  querypage: 'qp',
  random: 'rn',
  recentchanges: 'rc',
  redirects: 'rd',
  revisions: 'rv',
  search: 'sr',
  siteinfo: 'si',
  stashimageinfo: 'sii',
  tags: 'tg',
  templates: 'tl',
  tokens: '',
  transcludedin: 'ti',
  unreadnotificationpages: 'unp',
  usercontribs: 'uc',
  userinfo: 'ui',
  users: 'us',
  watchlist: 'wl',
  watchlistraw: 'wr',
};

const LIST = [
  'allcategories',
  'alldeletedrevisions',
  'allfileusages',
  'allimages',
  'alllinks',
  'allpages',
  'allredirects',
  'allrevisions',
  'alltransclusions',
  'allusers',
  'backlinks',
  'blocks',
  'categorymembers',
  'deletedrevs',
  'embeddedin',
  'exturlusage',
  'filearchive',
  'gadgetcategories',
  'gadgets',
  'imageusage',
  'iwbacklinks',
  'langbacklinks',
  'logevents',
  'mystashedfiles',
  'pagepropnames',
  'pageswithprop',
  'prefixsearch',
  'protectedtitles',
  'querypage',
  'random',
  'recentchanges',
  'search',
  'tags',
  'usercontribs',
  'users',
  'watchlist',
  'watchlistraw',
];
const PROP = [
  'categories',
  'categoryinfo',
  'contributors',
  'deletedrevisions',
  'duplicatefiles',
  'extlinks',
  'fileusage',
  'flowinfo',
  'imageinfo',
  'images',
  'info',
  'iwlinks',
  'langlinks',
  'links',
  'linkshere',
  'mmcontent',
  'pageprops',
  'redirects',
  'revisions',
  'stashimageinfo',
  'templates',
  'transcludedin',
];
const META = [
  'allmessages',
  'authmanagerinfo',
  'filerepoinfo',
  'languageinfo',
  'notifications',
  'siteinfo',
  'tokens',
  'unreadnotificationpages',
  'userinfo',
];

// Every module's parameter names, in the source document's order (dirA/dirN are `dir`).
const PARAM_NAMES: Record<string, string> = {
  allcategories: 'from continue to prefix dir min max limit prop',
  alldeletedrevisions:
    'prop slots limit expandtemplates generatexml parse section diffto difftotext difftotextpst contentformat user namespace start end dir from to prefix excludeuser tag continue generatetitles',
  allfileusages: 'continue from to prefix unique prop limit dir',
  allimages: 'sort dir from to continue start end prop prefix minsize maxsize sha1 sha1base36 user filterbots mime limit',
  alllinks: 'continue from to prefix unique prop namespace limit dir',
  allmessages: 'messages prop enableparser nocontent includelocal args filter customised lang from to title prefix',
  allpages:
    'from continue to prefix namespace filterredir filterlanglinks minsize maxsize prtype prlevel prfiltercascade prexpiry limit dir',
  allredirects: 'continue from to prefix unique prop namespace limit dir',
  allrevisions:
    'prop slots limit expandtemplates generatexml parse section diffto difftotext difftotextpst contentformat user namespace start end dir excludeuser continue generatetitles',
  alltransclusions: 'continue from to prefix unique prop namespace limit dir',
  allusers: 'from to prefix dir group excludegroup rights prop limit witheditsonly activeusers attachedwiki excludenamed excludetemp',
  authmanagerinfo: 'securitysensitiveoperation requestsfor mergerequestfields messageformat',
  backlinks: 'title pageid continue namespace dir filterredir limit redirect',
  blocks: 'start end dir ids users ip limit prop show continue',
  categories: 'prop show limit continue categories dir',
  categoryinfo: 'continue',
  categorymembers:
    'title pageid prop namespace type continue limit sort dir start end starthexsortkey endhexsortkey startsortkeyprefix endsortkeyprefix startsortkey endsortkey',
  contributors: 'group excludegroup rights excluderights limit continue',
  deletedrevisions:
    'prop slots limit expandtemplates generatexml parse section diffto difftotext difftotextpst contentformat start end dir tag user excludeuser continue',
  deletedrevs: 'start end dir from to prefix unique namespace tag user excludeuser prop limit continue',
  duplicatefiles: 'limit continue dir localonly',
  embeddedin: 'title pageid continue namespace dir filterredir limit',
  extlinks: 'limit continue protocol query expandurl',
  exturlusage: 'prop continue protocol query namespace limit expandurl',
  filearchive: 'from to prefix dir sha1 sha1base36 prop limit continue',
  filerepoinfo: 'prop',
  fileusage: 'prop namespace show limit continue',
  flowinfo: '',
  gadgetcategories: 'prop names',
  gadgets: 'prop categories ids allowedonly enabledonly',
  imageinfo:
    'prop limit start end urlwidth urlheight metadataversion extmetadatalanguage extmetadatamultilang extmetadatafilter urlparam badfilecontexttitle continue localonly',
  images: 'limit continue images dir',
  imageusage: 'title pageid continue namespace dir filterredir limit redirect',
  info: 'prop linkcontext testactions testactionsdetail testactionsautocreate preloadcustom preloadparams preloadnewsection editintrostyle editintroskip editintrocustom continue',
  iwbacklinks: 'prefix title continue limit prop dir',
  iwlinks: 'prop prefix title dir limit continue url',
  langbacklinks: 'lang title continue limit prop dir',
  langlinks: 'prop lang title dir inlanguagecode limit continue url',
  languageinfo: 'prop code continue',
  links: 'namespace limit continue titles dir',
  linkshere: 'prop namespace show limit continue',
  logevents: 'prop type action start end dir user title namespace prefix tag limit continue',
  mmcontent: '',
  mystashedfiles: 'prop limit continue',
  notifications:
    'filter prop sections groupbysection format limit continue unreadfirst titles bundle notifiertypes alertcontinue alertunreadfirst messagecontinue messageunreadfirst',
  pagepropnames: 'continue limit',
  pageprops: 'continue prop',
  pageswithprop: 'propname prop continue limit dir',
  prefixsearch: 'search namespace limit offset',
  protectedtitles: 'namespace level limit dir start end prop continue',
  querypage: 'page offset limit',
  random: 'namespace filterredir redirect limit continue',
  recentchanges: 'start end dir namespace user excludeuser tag prop show limit type toponly title continue generaterevisions slot',
  redirects: 'prop namespace show limit continue',
  revisions:
    'prop slots limit expandtemplates generatexml parse section diffto difftotext difftotextpst contentformat startid endid start end dir user excludeuser tag continue',
  search: 'search namespace limit offset what info prop interwiki enablerewrites sort',
  siteinfo: 'prop filteriw showalldb numberingroup inlanguagecode',
  stashimageinfo: 'filekey sessionkey prop urlwidth urlheight urlparam',
  tags: 'continue limit prop',
  templates: 'namespace limit continue templates dir',
  tokens: 'type',
  transcludedin: 'prop namespace show limit continue',
  unreadnotificationpages: 'grouppages limit',
  usercontribs: 'limit start end continue user userids userprefix iprange dir namespace prop show tag toponly',
  userinfo: 'prop attachedwiki',
  users: 'prop attachedwiki users userids',
  watchlist: 'allrev start end namespace user excludeuser dir limit prop show type owner token continue',
  watchlistraw: 'continue namespace limit prop show owner token dir fromtitle totitle',
};

// The source document's list under "Generator modules (marker present)".
const GENERATORS = [
  'allcategories',
  'alldeletedrevisions',
  'allfileusages',
  'allimages',
  'alllinks',
  'allpages',
  'allredirects',
  'allrevisions',
  'alltransclusions',
  'backlinks',
  'categories',
  'categorymembers',
  'deletedrevisions',
  'duplicatefiles',
  'embeddedin',
  'exturlusage',
  'fileusage',
  'images',
  'imageusage',
  'iwbacklinks',
  'langbacklinks',
  'links',
  'linkshere',
  'pageswithprop',
  'prefixsearch',
  'protectedtitles',
  'querypage',
  'random',
  'recentchanges',
  'redirects',
  'revisions',
  'search',
  'templates',
  'transcludedin',
  'watchlist',
  'watchlistraw',
];

const CONTENTFORMATS = [
  'application/json',
  'application/octet-stream',
  'application/unknown',
  'application/x-binary',
  'text/css',
  'text/javascript',
  'text/plain',
  'text/unknown',
  'text/x-wiki',
  'unknown/unknown',
];
const REVPROP = [
  'comment',
  'content',
  'contentmodel',
  'flags',
  'ids',
  'parsedcomment',
  'roles',
  'sha1',
  'size',
  'slotsha1',
  'slotsize',
  'tags',
  'timestamp',
  'user',
  'userid',
  'parsetree',
];
const GROUPS = ['bot', 'bureaucrat', 'flow-bot', 'interface-admin', 'push-subscription-manager', 'suppress', 'sysop'];
const TEMPLATED = ['alldeletedrevisions', 'allrevisions', 'deletedrevisions', 'revisions'];
const GPL_LINK = 'https://www.gnu.org/licenses/old-licenses/gpl-2.0.html';
const MIT_LINK = 'https://opensource.org/licenses/MIT';

const PARAM_FIELD_ORDER = [
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

// --- tests -----------------------------------------------------------------

describe('catalogue: modules', () => {
  it('has the paraminfo shape with helpformat none', () => {
    assert.deepEqual(Object.keys(doc), ['paraminfo']);
    assert.deepEqual(Object.keys(doc.paraminfo), ['helpformat', 'modules']);
    assert.equal(doc.paraminfo.helpformat, 'none');
  });

  it('has the 68 query+ modules in alphabetical order', () => {
    assert.equal(modules.length, 68);
    assert.deepEqual(
      modules.map((m) => m.name),
      Object.keys(PREFIX).sort(),
    );
    for (const m of modules) {
      assert.equal(m.path, `query+${m.name}`);
      assert.equal(m.classname, '');
    }
  });

  it('puts 37 modules in list, 22 in prop, 9 in meta', () => {
    const of = (g: string) => modules.filter((m) => m.group === g).map((m) => m.name);
    assert.deepEqual(of('list'), LIST);
    assert.deepEqual(of('prop'), PROP);
    assert.deepEqual(of('meta'), META);
    assert.equal(LIST.length + PROP.length + META.length, 68);
    assert.deepEqual([LIST.length, PROP.length, META.length], [37, 22, 9]);
  });

  it('gives every module its prefix', () => {
    for (const m of modules) assert.equal(m.prefix, PREFIX[m.name], m.name);
    assert.equal(mod('mmcontent').prefix, '');
    assert.equal(mod('tokens').prefix, '');
  });

  it('marks exactly the generator modules the source document lists', () => {
    assert.deepEqual(
      modules.filter((m) => m.generator !== undefined).map((m) => m.name),
      GENERATORS,
    );
    for (const m of modules) if (m.generator !== undefined) assert.equal(m.generator, '');
    assert.equal(mod('allusers').generator, undefined);
    assert.equal(mod('deletedrevs').generator, undefined);
  });

  it('marks deletedrevs and flowinfo deprecated, nothing else', () => {
    assert.deepEqual(
      modules.filter((m) => m.deprecated !== undefined).map((m) => m.name),
      ['deletedrevs', 'flowinfo'],
    );
    assert.equal(mod('deletedrevs').deprecated, '');
    assert.equal(mod('flowinfo').deprecated, '');
  });

  it('has readrights everywhere except authmanagerinfo and tokens', () => {
    assert.deepEqual(
      modules.filter((m) => m.readrights === undefined).map((m) => m.name),
      ['authmanagerinfo', 'tokens'],
    );
    assert.equal(mod('unreadnotificationpages').readrights, '');
    assert.equal(mod('allpages').readrights, '');
  });

  it('has empty helpurls exactly on gadgetcategories, gadgets, languageinfo, mmcontent', () => {
    assert.deepEqual(
      modules.filter((m) => m.helpurls.length === 0).map((m) => m.name),
      ['gadgetcategories', 'gadgets', 'languageinfo', 'mmcontent'],
    );
    assert.deepEqual(mod('allpages').helpurls, ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages']);
    assert.deepEqual(mod('revisions').helpurls, ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Revisions']);
  });

  it('carries MIT only on notifications and unreadnotificationpages', () => {
    for (const m of modules) {
      const mit = m.name === 'notifications' || m.name === 'unreadnotificationpages';
      assert.equal(m.licensetag, mit ? 'MIT' : 'GPL-2.0-or-later', m.name);
      assert.equal(m.licenselink, mit ? MIT_LINK : GPL_LINK, m.name);
    }
  });

  it('names the extension of each extension module, MediaWiki for the rest', () => {
    const ext: Record<string, string> = {
      flowinfo: 'Flow',
      gadgetcategories: 'Gadgets',
      gadgets: 'Gadgets',
      mmcontent: 'MassMessage',
      notifications: 'Echo',
      unreadnotificationpages: 'Echo',
    };
    for (const m of modules) {
      assert.equal(m.source, ext[m.name] ?? 'MediaWiki', m.name);
      assert.equal(m.sourcename, ext[m.name] ?? 'MediaWiki', m.name);
    }
  });

  it('has no parameters on flowinfo and mmcontent', () => {
    assert.deepEqual(mod('flowinfo').parameters, []);
    assert.deepEqual(mod('mmcontent').parameters, []);
  });
});

describe('catalogue: parameter lists', () => {
  it("lists every module's parameters in the source document's order", () => {
    assert.deepEqual(Object.keys(PARAM_NAMES).sort(), Object.keys(PREFIX).sort());
    for (const m of modules) {
      const expected = PARAM_NAMES[m.name] === '' ? [] : PARAM_NAMES[m.name]!.split(' ');
      assert.deepEqual(
        m.parameters.map((p) => p.name),
        expected,
        m.name,
      );
    }
    assert.equal(
      Object.values(PARAM_NAMES).reduce((n, v) => n + (v === '' ? 0 : v.split(' ').length), 0),
      534,
    );
  });

  it("lists parameters in the source document's order (samples)", () => {
    const names = (m: string) => mod(m).parameters.map((p) => p.name);
    assert.deepEqual(names('allcategories'), ['from', 'continue', 'to', 'prefix', 'dir', 'min', 'max', 'limit', 'prop']);
    assert.deepEqual(names('prefixsearch'), ['search', 'namespace', 'limit', 'offset']);
    assert.deepEqual(names('unreadnotificationpages'), ['grouppages', 'limit']);
    assert.deepEqual(names('watchlistraw'), [
      'continue',
      'namespace',
      'limit',
      'prop',
      'show',
      'owner',
      'token',
      'dir',
      'fromtitle',
      'totitle',
    ]);
    assert.deepEqual(names('revisions'), [
      'prop',
      'slots',
      'limit',
      'expandtemplates',
      'generatexml',
      'parse',
      'section',
      'diffto',
      'difftotext',
      'difftotextpst',
      'contentformat',
      'startid',
      'endid',
      'start',
      'end',
      'dir',
      'user',
      'excludeuser',
      'tag',
      'continue',
    ]);
    assert.deepEqual(names('deletedrevs'), [
      'start',
      'end',
      'dir',
      'from',
      'to',
      'prefix',
      'unique',
      'namespace',
      'tag',
      'user',
      'excludeuser',
      'prop',
      'limit',
      'continue',
    ]);
    assert.deepEqual(names('categoryinfo'), ['continue']);
  });

  it('copies the "same parameters as" and "like ... except" modules', () => {
    assert.deepEqual(mod('imageusage').parameters, mod('backlinks').parameters);
    assert.deepEqual(mod('transcludedin').parameters, mod('linkshere').parameters);
    const at = mod('alltransclusions').parameters;
    const al = mod('alllinks').parameters;
    assert.deepEqual(
      at.map((p) => p.name),
      al.map((p) => p.name),
    );
    assert.deepEqual(param('alltransclusions', 'namespace'), {
      index: 7,
      name: 'namespace',
      type: 'namespace',
      default: 10,
      extranamespaces: [-2, -1],
    });
    assert.equal(param('alllinks', 'namespace').default, 0);
  });

  it('numbers parameters from 1 without gaps outside the templated modules', () => {
    for (const m of modules) {
      const expected = m.parameters.map((_, i) => (TEMPLATED.includes(m.name) && i >= 2 ? i + 2 : i + 1));
      assert.deepEqual(
        m.parameters.map((p) => p.index),
        expected,
        m.name,
      );
    }
  });

  it('keeps descriptor fields in the stable order', () => {
    for (const m of [...modules, ...parents]) {
      for (const p of m.parameters) {
        const keys = Object.keys(p);
        const sorted = [...keys].sort((a, b) => PARAM_FIELD_ORDER.indexOf(a) - PARAM_FIELD_ORDER.indexOf(b));
        assert.ok(
          keys.every((k) => PARAM_FIELD_ORDER.includes(k)),
          `${m.name}.${p.name}: ${keys}`,
        );
        assert.deepEqual(keys, sorted, `${m.name}.${p.name}`);
      }
    }
  });

  it('uses only the known type names', () => {
    const known = ['string', 'integer', 'boolean', 'timestamp', 'namespace', 'user', 'title', 'limit'];
    for (const m of modules) {
      for (const p of m.parameters) {
        if (!Array.isArray(p.type)) assert.ok(known.includes(p.type), `${m.name}.${p.name}: ${p.type}`);
      }
    }
    assert.equal(param('info', 'linkcontext').type, 'title');
    assert.equal(param('info', 'linkcontext').default, undefined);
  });

  it('gives multi-valued parameters the 50/500/50 bounds and booleans no default', () => {
    for (const m of modules) {
      for (const p of m.parameters) {
        if (p.multi !== undefined) {
          assert.equal(p.multi, '');
          assert.deepEqual([p.lowlimit, p.highlimit, p.limit], [50, 500, 50], `${m.name}.${p.name}`);
        } else {
          assert.equal(p.lowlimit, undefined);
        }
        if (p.type === 'boolean') assert.equal(p.default, undefined, `${m.name}.${p.name}`);
      }
    }
  });
});

describe('catalogue: deprecation', () => {
  it('marks exactly the deprecated parameters of the source document', () => {
    const rev = ['expandtemplates', 'generatexml', 'parse', 'diffto', 'difftotext', 'difftotextpst', 'contentformat'];
    const expected = [
      ...TEMPLATED.flatMap((m) => rev.map((p) => `${m}.${p}`)),
      'categorymembers.startsortkey',
      'categorymembers.endsortkey',
      'extlinks.expandurl',
      'exturlusage.expandurl',
      'iwlinks.url',
      'langlinks.url',
      'random.redirect',
      'stashimageinfo.sessionkey',
      'usercontribs.toponly',
    ].sort();
    assert.deepEqual(
      where((p) => p.deprecated !== undefined),
      expected,
    );
    assert.equal(param('usercontribs', 'toponly').deprecated, '');
    assert.equal(param('recentchanges', 'toponly').deprecated, undefined);
    assert.equal(param('revisions', 'section').deprecated, undefined);
  });

  it('lists the deprecated values', () => {
    for (const m of TEMPLATED) {
      assert.deepEqual(param(m, 'prop').type, REVPROP);
      assert.deepEqual(param(m, 'prop').deprecatedvalues, ['parsetree']);
      assert.equal(param(m, 'prop').default, 'ids|timestamp|flags|comment|user');
    }
    assert.deepEqual(param('info', 'prop').deprecatedvalues, ['preload', 'readable']);
    assert.deepEqual(param('search', 'prop').deprecatedvalues, ['hasrelated', 'score']);
    assert.deepEqual(param('deletedrevs', 'prop').deprecatedvalues, ['token']);
    assert.deepEqual(param('deletedrevs', 'prop').type, [
      'comment',
      'content',
      'len',
      'minor',
      'parentid',
      'parsedcomment',
      'revid',
      'sha1',
      'tags',
      'user',
      'userid',
      'token',
    ]);
    assert.equal(param('deletedrevs', 'prop').default, 'user|comment');
    assert.deepEqual(
      where((p) => p.deprecatedvalues !== undefined),
      [
        'alldeletedrevisions.prop',
        'allrevisions.prop',
        'deletedrevisions.prop',
        'deletedrevs.prop',
        'info.prop',
        'revisions.prop',
        'search.prop',
      ],
    );
  });
});

describe('catalogue: limits', () => {
  const bounds = (m: string) => {
    const p = param(m, 'limit');
    return { type: p.type, default: p.default, min: p.min, max: p.max, highmax: p.highmax };
  };

  it('uses the standard limit 10/1/500/5000', () => {
    assert.deepEqual(bounds('allpages'), { type: 'limit', default: 10, min: 1, max: 500, highmax: 5000 });
    assert.deepEqual(bounds('recentchanges'), { type: 'limit', default: 10, min: 1, max: 500, highmax: 5000 });
    assert.deepEqual(bounds('tags'), { type: 'limit', default: 10, min: 1, max: 500, highmax: 5000 });
  });

  it('has default 1 on imageinfo and random', () => {
    assert.deepEqual(bounds('imageinfo'), { type: 'limit', default: 1, min: 1, max: 500, highmax: 5000 });
    assert.deepEqual(bounds('random'), { type: 'limit', default: 1, min: 1, max: 500, highmax: 5000 });
  });

  it('has notifications 20, max 50, highmax 500', () => {
    assert.deepEqual(bounds('notifications'), { type: 'limit', default: 20, min: 1, max: 50, highmax: 500 });
  });

  it('has unreadnotificationpages max 2000 and no highmax', () => {
    assert.deepEqual(bounds('unreadnotificationpages'), {
      type: 'limit',
      default: 10,
      min: 1,
      max: 2000,
      highmax: undefined,
    });
    assert.ok(!('highmax' in param('unreadnotificationpages', 'limit')));
  });

  it('gives no default to the four revision-listing modules', () => {
    for (const m of TEMPLATED) {
      assert.deepEqual(bounds(m), { type: 'limit', default: undefined, min: 1, max: 500, highmax: 5000 }, m);
      assert.ok(!('default' in param(m, 'limit')));
    }
  });

  it('counts the limit parameters and their defaults', () => {
    const limits = where((p) => p.type === 'limit');
    assert.equal(limits.length, 52);
    assert.ok(limits.every((l) => l.endsWith('.limit')));
    assert.deepEqual(
      modules.filter((m) => !m.parameters.some((p) => p.type === 'limit')).map((m) => m.name),
      [
        'allmessages',
        'authmanagerinfo',
        'categoryinfo',
        'filerepoinfo',
        'flowinfo',
        'gadgetcategories',
        'gadgets',
        'info',
        'languageinfo',
        'mmcontent',
        'pageprops',
        'siteinfo',
        'stashimageinfo',
        'tokens',
        'userinfo',
        'users',
      ],
    );
    assert.deepEqual(
      where((p) => p.type === 'limit' && p.default !== 10),
      [
        'alldeletedrevisions.limit',
        'allrevisions.limit',
        'deletedrevisions.limit',
        'imageinfo.limit',
        'notifications.limit',
        'random.limit',
        'revisions.limit',
      ],
    );
  });

  it('has the integer bounds and defaults of offset and sizes', () => {
    assert.deepEqual(param('prefixsearch', 'offset'), { index: 4, name: 'offset', type: 'integer', default: 0, min: 0 });
    assert.deepEqual(param('search', 'offset'), { index: 4, name: 'offset', type: 'integer', default: 0, min: 0 });
    assert.deepEqual(param('querypage', 'offset'), { index: 2, name: 'offset', type: 'integer', default: 0 });
    assert.equal(param('imageinfo', 'urlwidth').default, -1);
    assert.equal(param('stashimageinfo', 'urlheight').default, -1);
    assert.equal(param('imageinfo', 'metadataversion').default, '1');
    assert.equal(param('imageinfo', 'extmetadatalanguage').default, 'zh');
    assert.equal(param('langlinks', 'inlanguagecode').default, 'zh');
    assert.equal(param('imageinfo', 'urlparam').default, '');
  });
});

describe('catalogue: templated parameters', () => {
  it('has contentformat-{slot} at index 3 on the four modules, with the gap', () => {
    for (const m of modules) {
      if (!TEMPLATED.includes(m.name)) {
        assert.deepEqual(m.templatedparameters, [], m.name);
        continue;
      }
      assert.deepEqual(m.templatedparameters, [
        { index: 3, name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: CONTENTFORMATS },
      ]);
      const ps = m.parameters;
      assert.deepEqual(
        ps.slice(0, 3).map((p) => [p.index, p.name]),
        [
          [1, 'prop'],
          [2, 'slots'],
          [4, 'limit'],
        ],
      );
      assert.ok(!ps.some((p) => p.index === 3), m.name);
      assert.deepEqual(param(m.name, 'contentformat').type, CONTENTFORMATS);
      assert.deepEqual(param(m.name, 'slots').type, ['main']);
      assert.equal(param(m.name, 'slots').allspecifier, '*');
    }
  });
});

describe('catalogue: markers and conditions', () => {
  it('marks only the watchlist tokens sensitive', () => {
    assert.deepEqual(
      where((p) => p.sensitive !== undefined),
      ['watchlist.token', 'watchlistraw.token'],
    );
    assert.deepEqual(param('watchlist', 'token'), { index: 13, name: 'token', type: 'string', sensitive: '' });
    assert.deepEqual(param('watchlistraw', 'owner').subtypes, ['name']);
  });

  it('marks the required parameters', () => {
    assert.deepEqual(
      where((p) => p.required !== undefined),
      ['pageswithprop.propname', 'prefixsearch.search', 'querypage.page', 'search.search'],
    );
  });

  it('gives allspecifier * to the [M*] parameters', () => {
    assert.deepEqual(
      where((p) => p.allspecifier !== undefined),
      [
        'alldeletedrevisions.namespace',
        'alldeletedrevisions.slots',
        'allrevisions.namespace',
        'allrevisions.slots',
        'backlinks.namespace',
        'categorymembers.namespace',
        'deletedrevisions.slots',
        'embeddedin.namespace',
        'exturlusage.namespace',
        'fileusage.namespace',
        'imageusage.namespace',
        'links.namespace',
        'linkshere.namespace',
        'prefixsearch.namespace',
        'protectedtitles.namespace',
        'random.namespace',
        'recentchanges.namespace',
        'redirects.namespace',
        'revisions.slots',
        'search.namespace',
        'templates.namespace',
        'tokens.type',
        'transcludedin.namespace',
        'usercontribs.namespace',
        'userinfo.prop',
        'watchlist.namespace',
        'watchlistraw.namespace',
      ],
    );
    for (const p of modules.flatMap((m) => m.parameters)) {
      if (p.allspecifier !== undefined) {
        assert.equal(p.allspecifier, '*');
        assert.equal(p.multi, '');
      }
    }
    assert.deepEqual(param('tokens', 'type'), {
      index: 1,
      name: 'type',
      type: ['createaccount', 'csrf', 'login', 'patrol', 'rollback', 'userrights', 'watch'],
      default: 'csrf',
      multi: '',
      lowlimit: 50,
      highlimit: 500,
      limit: 50,
      allspecifier: '*',
    });
  });

  it('accepts extra namespaces -2 and -1 where the source document says ns+', () => {
    assert.deepEqual(
      where((p) => p.extranamespaces !== undefined),
      [
        'alllinks.namespace',
        'allredirects.namespace',
        'alltransclusions.namespace',
        'links.namespace',
        'logevents.namespace',
        'recentchanges.namespace',
        'templates.namespace',
      ],
    );
    assert.deepEqual(param('logevents', 'namespace').extranamespaces, [-2, -1]);
  });

  it('lets allmessages args repeat values, and nothing else', () => {
    assert.deepEqual(
      where((p) => p.allowsduplicates !== undefined),
      ['allmessages.args'],
    );
    assert.equal(param('allmessages', 'args').allowsduplicates, '');
    assert.equal(param('allmessages', 'messages').default, '*');
  });

  it('gives alldeletedrevisions its useronly and nonuseronly conditions', () => {
    const info = (p: string) => param('alldeletedrevisions', p).info;
    assert.deepEqual(info('start'), [{ name: 'useronly' }]);
    assert.deepEqual(info('end'), [{ name: 'useronly' }]);
    for (const p of ['from', 'to', 'prefix', 'excludeuser']) assert.deepEqual(info(p), [{ name: 'nonuseronly' }], p);
    assert.equal(info('user'), undefined);
    assert.equal(info('dir'), undefined);
  });

  it('gives revisions eight singlepageonly parameters', () => {
    assert.deepEqual(
      mod('revisions')
        .parameters.filter((p) => p.info !== undefined)
        .map((p) => p.name),
      ['limit', 'startid', 'endid', 'start', 'end', 'dir', 'user', 'excludeuser'],
    );
    for (const p of mod('revisions').parameters) {
      if (p.info) assert.deepEqual(p.info, [{ name: 'singlepageonly' }], p.name);
    }
  });

  it('gives deletedrevs its modes', () => {
    const modes = (p: string) => param('deletedrevs', p).info;
    assert.deepEqual(modes('start'), [{ name: 'modes', values: [1, 2] }]);
    assert.deepEqual(modes('end'), [{ name: 'modes', values: [1, 2] }]);
    assert.deepEqual(modes('dir'), [{ name: 'modes', values: [1, 3] }]);
    for (const p of ['from', 'to', 'prefix', 'unique', 'namespace']) {
      assert.deepEqual(modes(p), [{ name: 'modes', values: [3] }], p);
    }
    for (const p of ['tag', 'user', 'excludeuser', 'prop', 'limit', 'continue']) assert.equal(modes(p), undefined, p);
  });

  it('gives info its preloadcontentonly and editintroonly conditions', () => {
    const info = (p: string) => param('info', p).info;
    for (const p of ['preloadcustom', 'preloadparams', 'preloadnewsection']) {
      assert.deepEqual(info(p), [{ name: 'preloadcontentonly' }], p);
    }
    for (const p of ['editintrostyle', 'editintroskip', 'editintrocustom']) {
      assert.deepEqual(info(p), [{ name: 'editintroonly' }], p);
    }
    assert.equal(param('info', 'editintrostyle').default, 'moreframes');
  });

  it("lists no info conditions other than the source document's", () => {
    assert.equal(where((p) => p.info !== undefined).length, 6 + 6 + 8 + 8);
  });

  it('gives user parameters their subtypes', () => {
    assert.deepEqual(param('blocks', 'users').subtypes, ['name', 'ip', 'temp', 'cidr']);
    assert.equal(param('blocks', 'users').multi, '');
    assert.deepEqual(param('usercontribs', 'user').subtypes, ['name', 'ip', 'temp', 'interwiki']);
    const full = ['name', 'ip', 'temp', 'interwiki', 'id'];
    assert.deepEqual(param('alldeletedrevisions', 'excludeuser').subtypes, full);
    assert.deepEqual(param('recentchanges', 'excludeuser').subtypes, full);
    assert.deepEqual(param('allimages', 'user').subtypes, full);
    assert.deepEqual(param('watchlist', 'owner').subtypes, ['name']);
    for (const m of modules) {
      for (const p of m.parameters) {
        assert.equal(p.type === 'user', p.subtypes !== undefined, `${m.name}.${p.name}`);
      }
    }
  });
});

describe('catalogue: enumerations', () => {
  it('copies querypage page exactly', () => {
    assert.deepEqual(param('querypage', 'page').type, [
      'Ancientpages',
      'BrokenRedirects',
      'Deadendpages',
      'DoubleRedirects',
      'Fewestrevisions',
      'GadgetUsage',
      'ListDuplicatedFiles',
      'Listredirects',
      'Lonelypages',
      'Longpages',
      'MediaStatistics',
      'Mostcategories',
      'Mostimages',
      'Mostinterwikis',
      'Mostlinked',
      'Mostlinkedcategories',
      'Mostlinkedtemplates',
      'Mostrevisions',
      'Shortpages',
      'Uncategorizedcategories',
      'Uncategorizedimages',
      'Uncategorizedpages',
      'Uncategorizedtemplates',
      'Unusedcategories',
      'Unusedimages',
      'Unusedtemplates',
      'Unwatchedpages',
      'Wantedcategories',
      'Wantedfiles',
      'Wantedpages',
      'Wantedtemplates',
      'Withoutinterwiki',
    ]);
    assert.equal(param('querypage', 'page').required, '');
  });

  it('starts logevents type with the empty value', () => {
    assert.deepEqual(param('logevents', 'type').type, [
      '',
      'block',
      'contentmodel',
      'create',
      'delete',
      'import',
      'managetags',
      'massmessage',
      'merge',
      'move',
      'newusers',
      'patrol',
      'protect',
      'renameuser',
      'rights',
      'suppress',
      'tag',
      'upload',
    ]);
    const action = param('logevents', 'action').type as string[];
    assert.equal(action.length, 61);
    assert.equal(action[0], 'block/block');
    assert.ok(action.includes('massmessage/*'));
    assert.equal(action[action.length - 1], 'upload/upload');
  });

  it('starts extlinks protocol with the empty value, default empty', () => {
    const p = param('extlinks', 'protocol');
    assert.deepEqual(p.type, [
      '',
      'bitcoin',
      'ftp',
      'ftps',
      'geo',
      'git',
      'gopher',
      'http',
      'https',
      'irc',
      'ircs',
      'magnet',
      'mailto',
      'matrix',
      'mms',
      'news',
      'nntp',
      'redis',
      'sftp',
      'sip',
      'sips',
      'sms',
      'ssh',
      'svn',
      'tel',
      'telnet',
      'urn',
      'worldwind',
      'xmpp',
    ]);
    assert.equal(p.default, '');
    assert.deepEqual(param('exturlusage', 'protocol').type, p.type);
  });

  it('has allpages prlevel with the empty value', () => {
    assert.deepEqual(param('allpages', 'prlevel').type, ['', 'autoconfirmed', 'sysop']);
    assert.equal(param('allpages', 'prlevel').multi, '');
    assert.equal(param('allpages', 'prlevel').default, undefined);
  });

  it('defaults filerepoinfo prop to all ten values in order', () => {
    const p = param('filerepoinfo', 'prop');
    assert.deepEqual(p.type, [
      'canUpload',
      'displayname',
      'favicon',
      'initialCapital',
      'local',
      'name',
      'rootUrl',
      'scriptDirUrl',
      'thumbUrl',
      'url',
    ]);
    assert.equal(p.default, 'canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url');
  });

  it('expands the shared value sets', () => {
    assert.deepEqual(param('allusers', 'group').type, GROUPS);
    assert.deepEqual(param('contributors', 'excludegroup').type, GROUPS);
    const rights = param('allusers', 'rights').type as string[];
    const rightsC = param('contributors', 'rights').type as string[];
    assert.equal(rights.length, 102);
    assert.equal(rights[0], 'apihighlimits');
    assert.equal(rights[rights.length - 1], 'viewsuppressed');
    assert.deepEqual(
      rights.filter((r) => !rightsC.includes(r)),
      [
        'changeemail',
        'confirmemail',
        'linkpurge',
        'mailpassword',
        'purge',
        'renderfile',
        'renderfile-nonstandard',
        'stashbasehtml',
        'stashedit',
      ],
    );
    assert.deepEqual(
      rightsC,
      rights.filter((r) => rightsC.includes(r)),
    );
    assert.deepEqual(param('contributors', 'excluderights').type, rightsC);
  });

  it('copies siteinfo prop and userinfo prop exactly', () => {
    assert.deepEqual(param('siteinfo', 'prop').type, [
      'autocreatetempuser',
      'autopromote',
      'autopromoteonce',
      'clientlibraries',
      'dbrepllag',
      'defaultoptions',
      'extensions',
      'extensiontags',
      'fileextensions',
      'functionhooks',
      'general',
      'interwikimap',
      'languages',
      'languagevariants',
      'libraries',
      'magicwords',
      'namespacealiases',
      'namespaces',
      'protocols',
      'restrictions',
      'rightsinfo',
      'showhooks',
      'skins',
      'specialpagealiases',
      'statistics',
      'uploaddialog',
      'usergroups',
      'variables',
    ]);
    assert.equal(param('siteinfo', 'prop').default, 'general');
    assert.deepEqual(param('userinfo', 'prop').type, [
      'acceptlang',
      'blockinfo',
      'cancreateaccount',
      'centralids',
      'changeablegroups',
      'editcount',
      'email',
      'groupmemberships',
      'groups',
      'hasmsg',
      'implicitgroups',
      'latestcontrib',
      'options',
      'ratelimits',
      'realname',
      'registrationdate',
      'rights',
      'theoreticalratelimits',
      'unreadcount',
    ]);
    assert.deepEqual(param('recentchanges', 'show').type, [
      '!anon',
      '!autopatrolled',
      '!bot',
      '!minor',
      '!patrolled',
      '!redirect',
      'anon',
      'autopatrolled',
      'bot',
      'minor',
      'patrolled',
      'redirect',
      'unpatrolled',
    ]);
    assert.deepEqual(param('info', 'prop').type, [
      'associatedpage',
      'displaytitle',
      'editintro',
      'linkclasses',
      'notificationtimestamp',
      'preloadcontent',
      'protection',
      'subjectid',
      'talkid',
      'url',
      'varianttitles',
      'visitingwatchers',
      'watched',
      'watchers',
      'preload',
      'readable',
    ]);
  });

  it("uses the source document's defaults for enumerations (samples)", () => {
    assert.equal(param('blocks', 'prop').default, 'id|user|by|timestamp|expiry|reason|flags');
    assert.equal(param('categorymembers', 'type').default, 'page|subcat|file');
    assert.equal(param('notifications', 'filter').default, 'read|!read');
    assert.equal(param('random', 'filterredir').default, 'nonredirects');
    assert.equal(param('iwbacklinks', 'prop').default, '');
    assert.equal(param('tags', 'prop').default, '');
    assert.equal(param('allcategories', 'prop').default, '');
    assert.equal(param('languageinfo', 'code').default, '*');
    assert.deepEqual(param('allimages', 'dir'), {
      index: 2,
      name: 'dir',
      type: ['ascending', 'descending', 'newer', 'older'],
      default: 'ascending',
    });
    assert.deepEqual(param('blocks', 'dir'), { index: 3, name: 'dir', type: ['newer', 'older'], default: 'older' });
    assert.deepEqual(param('images', 'dir'), { index: 4, name: 'dir', type: ['ascending', 'descending'], default: 'ascending' });
    assert.deepEqual(param('prefixsearch', 'namespace').default, 0);
    assert.deepEqual(param('recentchanges', 'slot').type, ['main']);
    assert.deepEqual(param('allmessages', 'prop').type, ['default']);
  });
});

describe('main-query.json', () => {
  it('has main and query in the paraminfo shape', () => {
    const doc2 = load('main-query.json');
    assert.equal(doc2.paraminfo.helpformat, 'none');
    assert.deepEqual(
      parents.map((m) => [m.name, m.path, m.prefix, m.source, m.group]),
      [
        ['main', 'main', '', 'MediaWiki', undefined],
        ['query', 'query', '', 'MediaWiki', undefined],
      ],
    );
  });

  it('lists the main module parameters', () => {
    assert.deepEqual(
      mod('main', parents).parameters.map((p) => p.name),
      [
        'action',
        'format',
        'maxlag',
        'smaxage',
        'maxage',
        'assert',
        'assertuser',
        'requestid',
        'servedby',
        'curtimestamp',
        'responselanginfo',
        'origin',
        'uselang',
        'variant',
        'errorformat',
        'errorlang',
        'errorsuselocal',
        'centralauthtoken',
        'formatversion',
      ],
    );
    assert.deepEqual(
      mod('main', parents).parameters.map((p) => p.index),
      Array.from({ length: 19 }, (_, i) => i + 1),
    );
    assert.equal(param('main', 'centralauthtoken', parents).sensitive, '');
    assert.deepEqual(param('main', 'assertuser', parents).subtypes, ['name', 'temp']);
    assert.deepEqual(param('main', 'formatversion', parents).type, ['1', '2', 'latest']);
    assert.equal(param('main', 'format', parents).default, 'jsonfm');
    assert.equal(param('main', 'smaxage', parents).default, 0);
    assert.equal(param('main', 'errorformat', parents).default, 'bc');
  });

  it('lists the query module parameters', () => {
    assert.deepEqual(
      mod('query', parents).parameters.map((p) => p.name),
      [
        'prop',
        'list',
        'meta',
        'indexpageids',
        'export',
        'exportnowrap',
        'exportschema',
        'iwurl',
        'continue',
        'rawcontinue',
        'titles',
        'pageids',
        'revids',
        'generator',
        'redirects',
        'converttitles',
      ],
    );
    const titles = param('query', 'titles', parents);
    assert.deepEqual(titles, {
      index: 11,
      name: 'titles',
      type: 'string',
      multi: '',
      lowlimit: 50,
      highlimit: 500,
      limit: 50,
    });
    assert.equal(param('query', 'pageids', parents).type, 'integer');
    assert.equal(param('query', 'revids', parents).multi, '');
    assert.equal(param('query', 'redirects', parents).type, 'boolean');
  });

  it('enumerates the modules of each group in prop, list and meta', () => {
    for (const [name, names] of [
      ['prop', PROP],
      ['list', LIST],
      ['meta', META],
    ] as const) {
      const p = param('query', name, parents);
      assert.deepEqual(p.type, names, name);
      assert.equal(p.multi, '');
      assert.equal(p.limit, 50);
      assert.deepEqual(p.submodules, Object.fromEntries(names.map((n) => [n, `query+${n}`])));
    }
  });

  it('enumerates exactly the generator modules in generator, with prefix g', () => {
    const g = param('query', 'generator', parents);
    assert.deepEqual(g.type, GENERATORS);
    assert.equal(g.submoduleparamprefix, 'g');
    assert.equal(g.multi, undefined);
    assert.deepEqual(g.submodules, Object.fromEntries(GENERATORS.map((n) => [n, `query+${n}`])));
  });
});

describe('catalogue files', () => {
  it('hold no absolute paths of the build machine', () => {
    for (const f of ['server/catalogue/paraminfo.json', 'server/catalogue/main-query.json', 'scripts/make-catalogue.mjs']) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      assert.ok(!/\/work\/|\/home\/|\/tmp\/|[A-Z]:\\\\/.test(text), f);
    }
  });
});
