/**
 * A real MediaWiki (Debian's 1.39 or 1.43 + PHP's built-in server + SQLite)
 * on loopback, for the runner's tests and the benchmarks.
 *
 *   const wiki = await startTestWiki();          // ~600-page wiki
 *   const big = await startTestWiki({ bigPages: 30000 });
 *   const newer = await startTestWiki({ mediawiki: '1.43' });
 *
 * 1.39 is the machine's own Debian bookworm package (scripts/wiki/install.sh).
 * 1.43 is Debian trixie's package, unpacked into `.wiki-test/mediawiki-1.43/`
 * by scripts/wiki/fetch-mediawiki.sh (nothing installed; bookworm's PHP runs
 * it). Without the option, env MWQ_MEDIAWIKI picks the release.
 *   ... fetch(wiki.endpoint + '?action=query&...') ...
 *   await wiki.stop();
 *
 * The wiki content is built once into `.wiki-test/template-v<N>[-big<M>]/`
 * (SQLite files + its own LocalSettings.php + template.json with the facts)
 * and every start copies that template to a fresh `.wiki-test/runs/<id>/`
 * folder and serves it on a free port. The global
 * /etc/mediawiki/LocalSettings.php is never read nor written: every PHP
 * process gets `MW_CONFIG_FILE=<run>/LocalSettings.php` in its environment,
 * and that file finds its data next to itself and derives `$wgServer` from the
 * request's Host header, so it does not depend on the port or the folder.
 *
 * Node built-ins only. Linux only (process groups, /proc).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as net from 'node:net';
import * as path from 'node:path';
// Runs in this process go out on node:http, as in the CLI and the desktop extension.
import '../nodeTransport';

/** Bump when the generated content or the settings change: forces a rebuild. */
export const CONTENT_VERSION = 4;

/** The MediaWiki releases the test wiki can run. */
export const MEDIAWIKI_RELEASES = ['1.39', '1.43'] as const;
export type MediaWikiRelease = (typeof MEDIAWIKI_RELEASES)[number];
export const DEFAULT_MEDIAWIKI_RELEASE: MediaWikiRelease = '1.39';

/** The machine's own MediaWiki (Debian bookworm's 1.39): its code, where maintenance scripts run. */
export const SYSTEM_MEDIAWIKI_CODE = '/usr/share/mediawiki';

/** Where one release's code lives: `code` is the working folder of maintenance scripts, `webRoot` what php -S serves. */
interface MediaWikiInstall {
  release: MediaWikiRelease;
  code: string;
  webRoot: string;
}
const DB_NAME = 'testwiki';
const SITE_NAME = 'TestWiki';
const ADMIN_USER = 'Admin';
const ADMIN_PASSWORD = 'admin-password-for-the-mwquery-test-wiki';
const BOT_APP_ID = 'test';
// MediaWiki only treats a password as a bot password when it matches
// /^[0-9a-w]{32,}$/ (no x, y, z, no capitals); anything else silently falls
// back to a main-account login and fails with "Incorrect username or password".
const BOT_PASSWORD = 'mwqtestbotpassword0123456789abcdefghijklmnopqrstuvw';
const OTHER_USER_PASSWORD = 'user-password-for-the-mwquery-test-wiki';

export interface TestWikiOptions {
  /** Extra `Bulk NNNNN` pages (all in Category:Bulk) for benchmarks; uses a separate template. Default: env MWQ_WIKI_BIG_PAGES or 0. */
  bigPages?: number;
  /** Where templates and run folders live. Default: env MWQ_WIKI_DIR or `<repo>/.wiki-test`. */
  dir?: string;
  /** Run scripts/wiki/install.sh when MediaWiki or PHP is missing. Default true. */
  install?: boolean;
  /** PHP_CLI_SERVER_WORKERS. Default 4. */
  workers?: number;
  /** How long to wait for the server to answer siteinfo. Default 60 s. */
  startTimeoutMs?: number;
  /** Keep the run folder (SQLite files, server.log) after stop(). Default false. */
  keepRunDir?: boolean;
  /** Progress messages (template build steps). Default: stderr when env MWQ_WIKI_VERBOSE is set. */
  log?: (message: string) => void;
  /** The MediaWiki release to run. Default: env MWQ_MEDIAWIKI or 1.39. */
  mediawiki?: MediaWikiRelease;
}

export interface CategoryFacts {
  /** Members of any kind (what list=categorymembers returns without filters). */
  members: number;
  /** Members that are not categories or files (categoryinfo.pages counts all non-subcat non-file members). */
  pages: number;
  subcats: number;
  files: number;
  /** Whether the category's own description page exists. */
  pageExists: boolean;
}

export interface TestWikiFacts {
  contentVersion: number;
  mediawikiVersion: string;
  siteName: string;
  /** All pages in namespace 0, redirects included (list=allpages apnamespace=0). */
  mainPages: number;
  /** Namespace-0 pages that are not redirects (apfilterredir=nonredirects). */
  mainNonRedirects: number;
  /** Namespace-0 redirects (apfilterredir=redirects). */
  mainRedirects: number;
  /** Titles of the namespace-0 redirects, with their targets. */
  redirects: Record<string, string>;
  /** Page count per namespace number, every page of the wiki. */
  pagesByNamespace: Record<string, number>;
  totalPages: number;
  /** Total revisions in the wiki. */
  totalRevisions: number;
  /** Generated main pages: `Page 0001` … `Page <count>`. */
  generatedPages: { prefix: string; count: number; digits: number; first: string; last: string };
  /** Keyed by full title, e.g. `Category:Even`. */
  categories: Record<string, CategoryFacts>;
  /** Pages with more than one revision: title -> revision count. */
  multiRevisionPages: Record<string, number>;
  /** Templates: title -> number of pages transcluding it (list=embeddedin, all namespaces). */
  templates: Record<string, number>;
  /** A page linked from many pages: list=backlinks count (no redirects link to it). */
  linkHub: { title: string; backlinks: number };
  /** The page whose text and revision comments carry script/HTML injections. */
  hostilePage: string;
  /** The injection strings used in it (each appears in its text and in a revision comment). */
  hostileStrings: string[];
  /** Titles with quotes, ampersands and non-ASCII characters. */
  oddTitles: string[];
  /** Accounts that made the generated edits (Admin is sysop + bureaucrat; Bob is in group bot). */
  users: string[];
  /**
   * Every account in the user table, sorted (list=allusers): the above plus
   * the installer's system users ("MediaWiki default" and AbuseFilter's
   * blocker, named "⧼abusefilter-blocker⧽" because its message was not loaded
   * at install time).
   */
  allUsers: string[];
  /** Pages with an external link to https://example.org/page/N. */
  externalLinkPages: number;
  /** Timestamps of the first and last generated revision (ISO 8601). */
  firstRevisionTimestamp: string;
  lastRevisionTimestamp: string;
  /** A word in the text of many pages: list=search&srwhat=text&srsearch=<term> finds `textHits` pages. */
  search: { term: string; textHits: number };
  /** bigPages option: `Bulk 00001` … in Category:Bulk (0 when not requested). */
  bigPages: number;
  bigPagePrefix: string;
  bigCategory: string;
}

export interface TestWiki {
  /** The release it runs (`facts.mediawikiVersion` has the full version). */
  release: MediaWikiRelease;
  /** http://127.0.0.1:PORT/api.php */
  endpoint: string;
  /** http://127.0.0.1:PORT/index.php */
  indexUrl: string;
  port: number;
  /** Bot-password login name, `Admin@test` (grants basic, highvolume). */
  botUser: string;
  botPassword: string;
  adminUser: string;
  adminPassword: string;
  facts: TestWikiFacts;
  /** The run folder (SQLite files, LocalSettings.php, server.log). */
  runDir: string;
  /** The release's code folder: where its maintenance scripts run (test/wiki/wikiEdits.ts). */
  mediawikiCode: string;
  /** Whether this start had to build the template, and how long things took. */
  timings: { templateBuilt: boolean; templateBuildMs: number; startMs: number };
  stop(): Promise<void>;
}

interface TemplateMarker {
  contentVersion: number;
  mediawikiVersion: string;
  bigPages: number;
  builtAt: string;
  buildMs: number;
  facts: TestWikiFacts;
}

// ---------------------------------------------------------------------------
// Public entry point

export async function startTestWiki(options: TestWikiOptions = {}): Promise<TestWiki> {
  const t0 = Date.now();
  const log = options.log ?? (process.env.MWQ_WIKI_VERBOSE ? (m: string) => process.stderr.write(`[test-wiki] ${m}\n`) : () => {});
  const bigPages = options.bigPages ?? (Number(process.env.MWQ_WIKI_BIG_PAGES) || 0);
  if (!Number.isInteger(bigPages) || bigPages < 0) throw new Error(`startTestWiki: bad bigPages ${bigPages}`);
  const baseDir = path.resolve(options.dir ?? process.env.MWQ_WIKI_DIR ?? path.join(repoRoot(), '.wiki-test'));
  const release = chosenRelease(options);

  const mw = ensureInstalled(release, baseDir, options.install ?? true, log);
  await fsp.mkdir(path.join(baseDir, 'runs'), { recursive: true });
  await cleanStale(baseDir, log);

  const tpl = await ensureTemplate(baseDir, bigPages, mw, log);

  const runId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const runDir = path.join(baseDir, 'runs', runId);
  await copyDir(tpl.dir, runDir);
  await fsp.rm(path.join(runDir, 'template.json'), { force: true });

  let server: Server | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < 5 && !server; attempt++) {
    const port = await freePort();
    try {
      server = await startServer(runDir, port, mw.webRoot, options.workers ?? 4, options.startTimeoutMs ?? 60_000);
    } catch (e) {
      lastError = e;
      log(`server start on port ${port} failed: ${(e as Error).message}`);
    }
  }
  if (!server) {
    if (!options.keepRunDir) await fsp.rm(runDir, { recursive: true, force: true });
    throw new Error(`startTestWiki: could not start php -S: ${(lastError as Error)?.message ?? lastError}`);
  }
  const srv = server;
  const active: ActiveWiki = { pgid: srv.pgid, runDir, keepRunDir: !!options.keepRunDir };
  activeWikis.add(active);
  installExitHandlers();

  let stopped: Promise<void> | undefined;
  const wiki: TestWiki = {
    release,
    endpoint: `http://127.0.0.1:${srv.port}/api.php`,
    indexUrl: `http://127.0.0.1:${srv.port}/index.php`,
    port: srv.port,
    botUser: `${ADMIN_USER}@${BOT_APP_ID}`,
    botPassword: BOT_PASSWORD,
    adminUser: ADMIN_USER,
    adminPassword: ADMIN_PASSWORD,
    facts: tpl.marker.facts,
    runDir,
    mediawikiCode: mw.code,
    timings: { templateBuilt: tpl.built, templateBuildMs: tpl.built ? tpl.marker.buildMs : 0, startMs: Date.now() - t0 },
    stop() {
      stopped ??= (async () => {
        await killGroup(srv.pgid);
        activeWikis.delete(active);
        if (!active.keepRunDir) await fsp.rm(runDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
  log(`serving MediaWiki ${tpl.marker.mediawikiVersion} at ${wiki.endpoint} from ${runDir} (${wiki.timings.startMs} ms)`);
  return wiki;
}

/** Build (if needed) the template without starting a server; e.g. to prebuild in CI. */
export async function prepareTestWikiTemplate(
  options: TestWikiOptions = {},
): Promise<{ dir: string; built: boolean; buildMs: number; facts: TestWikiFacts }> {
  const log = options.log ?? (process.env.MWQ_WIKI_VERBOSE ? (m: string) => process.stderr.write(`[test-wiki] ${m}\n`) : () => {});
  const bigPages = options.bigPages ?? (Number(process.env.MWQ_WIKI_BIG_PAGES) || 0);
  const baseDir = path.resolve(options.dir ?? process.env.MWQ_WIKI_DIR ?? path.join(repoRoot(), '.wiki-test'));
  await fsp.mkdir(baseDir, { recursive: true });
  const mw = ensureInstalled(chosenRelease(options), baseDir, options.install ?? true, log);
  const t = await ensureTemplate(baseDir, bigPages, mw, log);
  return { dir: t.dir, built: t.built, buildMs: t.marker.buildMs, facts: t.marker.facts };
}

// ---------------------------------------------------------------------------
// Installation check

function repoRoot(): string {
  return path.resolve(__dirname, '..', '..');
}

/** The release from the options, else env MWQ_MEDIAWIKI, else 1.39; anything else is an error, not a silent default. */
export function chosenRelease(options: Pick<TestWikiOptions, 'mediawiki'> = {}, env: NodeJS.ProcessEnv = process.env): MediaWikiRelease {
  const wanted = options.mediawiki ?? (env.MWQ_MEDIAWIKI || DEFAULT_MEDIAWIKI_RELEASE);
  if (!(MEDIAWIKI_RELEASES as readonly string[]).includes(wanted)) {
    throw new Error(
      `startTestWiki: MediaWiki ${JSON.stringify(String(wanted).slice(0, 40))} is not one of ${MEDIAWIKI_RELEASES.join(', ')}`,
    );
  }
  return wanted as MediaWikiRelease;
}

/**
 * PHP and the machine's MediaWiki (scripts/wiki/install.sh, needs root when
 * something is missing); for 1.43 also the unpacked trixie packages
 * (scripts/wiki/fetch-mediawiki.sh, any user).
 */
function ensureInstalled(release: MediaWikiRelease, baseDir: string, allowInstall: boolean, log: (m: string) => void): MediaWikiInstall {
  const system: MediaWikiInstall = { release: '1.39', code: SYSTEM_MEDIAWIKI_CODE, webRoot: '/var/lib/mediawiki' };
  const exts = ['pdo_sqlite', 'intl', 'mbstring', 'dom', 'xml', 'apcu'].map((e) => `extension_loaded("${e}")`).join(' && ');
  const ok = () => fs.existsSync(path.join(system.webRoot, 'api.php')) && spawnSync('php', ['-r', `exit(${exts} ? 0 : 1);`]).status === 0;
  if (!ok()) {
    if (!allowInstall) throw new Error('MediaWiki/PHP are not installed; run scripts/wiki/install.sh as root');
    log('installing mediawiki + php (scripts/wiki/install.sh)');
    const r = spawnSync('sh', [path.join(repoRoot(), 'scripts', 'wiki', 'install.sh')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    if (r.status !== 0 || !ok()) throw new Error(`scripts/wiki/install.sh failed (${r.status}):\n${r.stdout}${r.stderr}`);
  }
  if (release === '1.39') return system;

  const dest = path.join(baseDir, `mediawiki-${release}`);
  const unpacked: MediaWikiInstall = {
    release,
    code: path.join(dest, 'usr', 'share', 'mediawiki'),
    webRoot: path.join(dest, 'var', 'lib', 'mediawiki'),
  };
  const have = () => fs.existsSync(path.join(dest, '.unpacked')) && fs.existsSync(path.join(unpacked.webRoot, 'api.php'));
  if (have()) return unpacked;
  if (!allowInstall) throw new Error(`MediaWiki ${release} is not unpacked; run scripts/wiki/fetch-mediawiki.sh ${release} <folder>`);
  log(`fetching MediaWiki ${release} (scripts/wiki/fetch-mediawiki.sh)`);
  const r = spawnSync('sh', [path.join(repoRoot(), 'scripts', 'wiki', 'fetch-mediawiki.sh'), release, dest], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0 || !have()) throw new Error(`scripts/wiki/fetch-mediawiki.sh failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return unpacked;
}

function mediawikiVersion(mw: MediaWikiInstall): string {
  const src = fs.readFileSync(path.join(mw.code, 'includes', 'Defines.php'), 'utf8');
  const m = /define\(\s*'MW_VERSION',\s*'([^']+)'/.exec(src);
  return m?.[1] ?? 'unknown';
}

// ---------------------------------------------------------------------------
// Template: build once, guarded by a lock directory, published by rename

async function ensureTemplate(
  baseDir: string,
  bigPages: number,
  mw: MediaWikiInstall,
  log: (m: string) => void,
): Promise<{ dir: string; marker: TemplateMarker; built: boolean }> {
  const mwVersion = mediawikiVersion(mw);
  // 1.39 keeps the folder name it always had (CI caches may hold it).
  const name = `template-v${CONTENT_VERSION}${bigPages ? `-big${bigPages}` : ''}${mw.release === DEFAULT_MEDIAWIKI_RELEASE ? '' : `-mw${mw.release}`}`;
  const dir = path.join(baseDir, name);
  const lockDir = path.join(baseDir, `${name}.lock`);

  const readMarker = (): TemplateMarker | undefined => {
    try {
      const m = JSON.parse(fs.readFileSync(path.join(dir, 'template.json'), 'utf8')) as TemplateMarker;
      return m.contentVersion === CONTENT_VERSION && m.mediawikiVersion === mwVersion && m.bigPages === bigPages ? m : undefined;
    } catch {
      return undefined;
    }
  };

  let m = readMarker();
  if (m) return { dir, marker: m, built: false };

  const deadline = Date.now() + 60 * 60_000;
  for (;;) {
    if (await tryLock(lockDir)) break;
    m = readMarker();
    if (m) return { dir, marker: m, built: false };
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockDir}`);
    await sleep(500);
  }
  try {
    m = readMarker();
    if (m) return { dir, marker: m, built: false };
    const t0 = Date.now();
    const buildDir = path.join(baseDir, `build-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      const facts = await buildWiki(buildDir, bigPages, mw, mwVersion, log);
      const marker: TemplateMarker = {
        contentVersion: CONTENT_VERSION,
        mediawikiVersion: mwVersion,
        bigPages,
        builtAt: new Date().toISOString(),
        buildMs: Date.now() - t0,
        facts,
      };
      await fsp.writeFile(path.join(buildDir, 'template.json'), JSON.stringify(marker, null, 2) + '\n');
      // An outdated template (other MediaWiki version) is moved away first.
      if (fs.existsSync(dir)) await fsp.rename(dir, `${dir}.old-${process.pid}-${randomBytes(3).toString('hex')}`);
      await fsp.rename(buildDir, dir);
      log(`template ${name} built in ${marker.buildMs} ms`);
      return { dir, marker, built: true };
    } finally {
      await fsp.rm(buildDir, { recursive: true, force: true });
    }
  } finally {
    await fsp.rm(lockDir, { recursive: true, force: true });
  }
}

async function tryLock(lockDir: string): Promise<boolean> {
  try {
    await fsp.mkdir(lockDir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    // Stale lock from a dead process?
    let owner: number | undefined;
    try {
      owner = Number(JSON.parse(await fsp.readFile(path.join(lockDir, 'owner.json'), 'utf8')).pid);
    } catch {
      // Owner file not written yet, or unreadable: only steal when old.
      const st = await fsp.stat(lockDir).catch(() => undefined);
      if (st && Date.now() - st.mtimeMs > 60_000) owner = -1;
    }
    if (owner !== undefined && !pidAlive(owner)) {
      await fsp.rm(lockDir, { recursive: true, force: true });
    }
    return false;
  }
  await fsp.writeFile(path.join(lockDir, 'owner.json'), JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
  return true;
}

/** Remove run and build folders left by processes that no longer exist, and outdated templates. */
async function cleanStale(baseDir: string, log: (m: string) => void): Promise<void> {
  const rmIfDead = async (dirPath: string, pidText: string | undefined) => {
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid > 0 && !pidAlive(pid)) {
      log(`removing stale ${dirPath}`);
      await fsp.rm(dirPath, { recursive: true, force: true });
    }
  };
  for (const e of await fsp.readdir(path.join(baseDir, 'runs')).catch(() => [] as string[])) {
    await rmIfDead(path.join(baseDir, 'runs', e), e.split('-')[0]);
  }
  for (const e of await fsp.readdir(baseDir).catch(() => [] as string[])) {
    const b = /^build-(\d+)-/.exec(e) ?? /\.old-(\d+)-/.exec(e);
    if (b) await rmIfDead(path.join(baseDir, e), b[1]);
  }
}

function pidAlive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return procState(pid) !== 'Z';
}

function procState(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

async function copyDir(from: string, to: string): Promise<void> {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  await fsp.cp(from, to, { recursive: true, errorOnExist: true, force: false, mode: fs.constants.COPYFILE_FICLONE });
}

// ---------------------------------------------------------------------------
// Building the wiki

async function buildWiki(
  dir: string,
  bigPages: number,
  mw: MediaWikiInstall,
  mwVersion: string,
  log: (m: string) => void,
): Promise<TestWikiFacts> {
  const dataDir = path.join(dir, 'data');
  await fsp.mkdir(dataDir, { recursive: true });
  await fsp.mkdir(path.join(dir, 'cache'));
  await fsp.mkdir(path.join(dir, 'logs'));
  const conf = path.join(dir, 'LocalSettings.php');
  const env = { MW_CONFIG_FILE: conf, MWQ_WIKI_SERVER: 'http://127.0.0.1' };
  const step = async (what: string, args: string[], stdin?: string) => {
    const t = Date.now();
    const out = await runPhp(args, env, mw.code, stdin);
    log(`${what}: ${Date.now() - t} ms`);
    return out;
  };

  // MW_CONFIG_FILE points at a file that does not exist yet, so install.php
  // neither refuses (because of /etc/mediawiki/LocalSettings.php) nor writes there.
  await step('install.php', [
    'maintenance/install.php',
    '--dbtype',
    'sqlite',
    '--dbpath',
    dataDir,
    '--dbname',
    DB_NAME,
    '--server',
    'http://127.0.0.1',
    '--scriptpath',
    '',
    '--lang',
    'en',
    '--pass',
    ADMIN_PASSWORD,
    '--with-extensions',
    '--confpath',
    dir,
    SITE_NAME,
    ADMIN_USER,
  ]);
  await fsp.writeFile(conf, portableSettings(await fsp.readFile(conf, 'utf8')));
  await step('rebuildLocalisationCache.php', ['maintenance/rebuildLocalisationCache.php', '--lang', 'en', '--quiet']);

  await step('createAndPromote Alice', ['maintenance/createAndPromote.php', 'Alice', OTHER_USER_PASSWORD]);
  await step('createAndPromote Bob', ['maintenance/createAndPromote.php', '--bot', 'Bob', OTHER_USER_PASSWORD]);

  const content = generateContent(bigPages);
  const dump = path.join(dir, 'content.xml');
  await fsp.writeFile(dump, content.xml);
  await step(`importDump.php (${content.pageCount} pages, ${content.revisionCount} revisions)`, [
    '-d',
    'memory_limit=2G',
    'maintenance/importDump.php',
    '--quiet',
    dump,
  ]);
  await fsp.rm(dump);
  if (bigPages) {
    const bulkDump = path.join(dir, 'bulk.xml');
    await fsp.writeFile(bulkDump, content.bulkXml);
    const firstId = (await maxPageId(dataDir)) + 1;
    // importDump.php with link updates runs at ~60 pages/s; importing raw
    // (~300/s), then refreshLinks.php (~130/s) and rebuildtextindex.php
    // (~700/s) is about 1.5x faster. (Several refreshLinks.php processes in
    // parallel do not help: they queue on SQLite's write lock.)
    await step(`importDump.php --no-updates (${bigPages} bulk pages)`, [
      '-d',
      'memory_limit=2G',
      'maintenance/importDump.php',
      '--quiet',
      '--no-updates',
      bulkDump,
    ]);
    await fsp.rm(bulkDump);
    const lastId = await maxPageId(dataDir);
    await step(`refreshLinks.php (pages ${firstId}-${lastId})`, [
      'maintenance/refreshLinks.php',
      '--quiet',
      String(firstId),
      '--e',
      String(lastId),
    ]);
    await step('rebuildtextindex.php', ['maintenance/rebuildtextindex.php', '--quiet']);
  }
  // The import queues one htmlCacheUpdate job per page: useless here (no parser cache yet), slow to run.
  await step('manageJobs.php', ['maintenance/manageJobs.php', '--type', 'htmlCacheUpdate', '--action', 'delete']);
  await step('runJobs.php', ['maintenance/runJobs.php', '--quiet']);
  await step('rebuildrecentchanges.php', ['maintenance/rebuildrecentchanges.php', '--quiet']);
  await step('initSiteStats.php', ['maintenance/initSiteStats.php', '--update', '--quiet']);
  await step('createBotPassword.php', [
    'maintenance/createBotPassword.php',
    '--appid',
    BOT_APP_ID,
    '--grants',
    'basic,highvolume',
    ADMIN_USER,
    BOT_PASSWORD,
  ]);
  // Without table statistics SQLite joins page -> searchindex the slow way:
  // list=search on the 30,000-page wiki then runs past PHP's 30 s limit.
  // With them the same query takes milliseconds.
  const t = Date.now();
  await sqlite(dataDir, 'ANALYZE');
  log(`ANALYZE: ${Date.now() - t} ms`);

  const allUsers = (await sqlite(dataDir, 'SELECT user_name FROM user ORDER BY user_name')).map((r) => r.user_name ?? '');
  return { ...content.facts, allUsers, mediawikiVersion: mwVersion };
}

/**
 * Make the installer's LocalSettings.php independent of port and folder:
 * data next to the file, $wgServer from the request's Host header.
 */
function portableSettings(ls: string): string {
  const replaceLine = (src: string, re: RegExp, by: string) => {
    if (!re.test(src)) throw new Error(`LocalSettings.php: ${re} not found`);
    return src.replace(re, () => by);
  };
  ls = replaceLine(ls, /^\$wgSQLiteDataDir = .*;$/m, `$wgSQLiteDataDir = __DIR__ . '/data';`);
  ls = replaceLine(
    ls,
    /^\$wgServer = .*;$/m,
    [
      `# mwquery test wiki: the port changes per run, so take it from the request.`,
      `if ( isset( $_SERVER['HTTP_HOST'] ) && preg_match( '/^(?:[A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?$/', $_SERVER['HTTP_HOST'] ) ) {`,
      `\t$wgServer = 'http://' . $_SERVER['HTTP_HOST'];`,
      `} else {`,
      `\t$wgServer = getenv( 'MWQ_WIKI_SERVER' ) ?: 'http://127.0.0.1';`,
      `}`,
    ].join('\n'),
  );
  return (
    ls +
    [
      '',
      '# --- mwquery test wiki additions ---',
      "# Debian's PlatformSettings.php puts the localisation cache in /var/cache/mediawiki",
      '# and logs in /var/log/mediawiki (global, www-data owned): keep both in this folder.',
      "$wgCacheDirectory = __DIR__ . '/cache';",
      "$wgDBerrorLog = __DIR__ . '/logs/dberror.log';",
      "foreach ( [ 'exception', 'error', 'fatal' ] as $mwqLog ) {",
      '\t$wgDebugLogGroups[$mwqLog] = __DIR__ . "/logs/$mwqLog.log";',
      '}',
      '# Tests log in with wrong passwords on purpose; do not lock them out.',
      '$wgPasswordAttemptThrottle = false;',
      '# Offline: do not fetch the spam blacklist from meta.wikimedia.org on edits.',
      "$wgBlacklistSettings = [ 'spam' => [ 'files' => [] ] ];",
      '$wgShowExceptionDetails = true;',
      '# Throwaway data: skip fsync on commits (imports ~10x faster on slow disks).',
      '$wgDBservers = [ [',
      "\t'host' => '', 'dbname' => $wgDBname, 'user' => '', 'password' => '', 'type' => 'sqlite',",
      "\t'load' => 1, 'flags' => DBO_DEFAULT, 'variables' => [ 'synchronous' => 'OFF' ],",
      '] ];',
      '',
    ].join('\n')
  );
}

/** Read-only query on the wiki's SQLite file (through PHP's PDO: no sqlite3 CLI needed). */
async function sqlite(dataDir: string, sql: string): Promise<Record<string, string>[]> {
  const db = path.join(dataDir, `${DB_NAME}.sqlite`);
  const out = await runPhp(
    ['-r', '$db = new PDO("sqlite:" . $argv[1]); echo json_encode($db->query($argv[2])->fetchAll(PDO::FETCH_ASSOC));', db, sql],
    {},
    dataDir,
  );
  return JSON.parse(out) as Record<string, string>[];
}

async function maxPageId(dataDir: string): Promise<number> {
  const n = Number((await sqlite(dataDir, 'SELECT MAX(page_id) AS n FROM page'))[0]?.n);
  if (!Number.isInteger(n)) throw new Error('max page id: no answer');
  return n;
}

function runPhp(args: string[], env: Record<string, string>, cwd: string, stdin?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('php', args, { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`php ${args.join(' ')} exited with ${code}:\n${out.slice(-4000)}`));
    });
    child.stdin.end(stdin ?? '');
  });
}

// ---------------------------------------------------------------------------
// Content generation: one XML dump

interface Rev {
  text: string;
  comment: string;
  user?: string;
  ip?: string;
}
interface PageSpec {
  ns: number;
  title: string;
  revs: Rev[];
  redirectTo?: string;
}

export const HOSTILE_STRINGS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[javascript:alert(1) link]',
  '"><svg onload=alert(1)>',
  "';alert(1)//",
];

export function generateContent(bigPages: number): {
  xml: string;
  bulkXml: string;
  pageCount: number;
  revisionCount: number;
  facts: Omit<TestWikiFacts, 'mediawikiVersion' | 'allUsers'>;
} {
  const GEN = 600;
  const pad = (n: number, d = 4) => String(n).padStart(d, '0');
  const pageTitle = (n: number) => `Page ${pad(n)}`;
  const pages: PageSpec[] = [];
  const cat = new Map<string, { pages: number; subcats: number; exists: boolean }>();
  const addCat = (name: string, kind: 'page' | 'subcat' = 'page') => {
    const c = cat.get(name) ?? { pages: 0, subcats: 0, exists: false };
    if (kind === 'page') c.pages++;
    else c.subcats++;
    cat.set(name, c);
    return `[[Category:${name}]]`;
  };
  const users = ['Admin', 'Alice', 'Bob'];
  const who = (i: number): Pick<Rev, 'user' | 'ip'> => (i % 4 === 3 ? { ip: `192.0.2.${(i % 200) + 1}` } : { user: users[i % 3] });
  const templateUse = { 'Template:Infobox': 0, 'Template:Nav': 0, 'Template:Stub': 0, 'Template:Unused': 0 };

  // Revision counts of the multi-revision pages.
  const multi: Record<string, number> = { [pageTitle(1)]: 60, [pageTitle(2)]: 12, [pageTitle(3)]: 7, [pageTitle(4)]: 5, [pageTitle(5)]: 5 };
  const LINK_HUB = 'Links hub';
  let externalLinkPages = 0;

  // Generated main-namespace pages.
  for (let n = 1; n <= GEN; n++) {
    const title = pageTitle(n);
    const lines = [`{{Infobox|number=${n}}}`, `'''${title}''' is generated page number ${n}.`];
    const links = [n > 1 ? `[[${pageTitle(n - 1)}]]` : '', n < GEN ? `[[${pageTitle(n + 1)}]]` : ''].filter(Boolean);
    lines.push(`See ${links.join(' and ')}, and the [[${LINK_HUB}]].`);
    templateUse['Template:Infobox']++;
    templateUse['Template:Nav']++; // via Infobox
    if (n % 3 === 0) {
      lines.push('{{Stub}}');
      templateUse['Template:Stub']++;
    }
    if (n % 10 === 0) {
      lines.push(`External: https://example.org/page/${n}`);
      externalLinkPages++;
    }
    if (n % 50 === 0) lines.push(`A missing page: [[Missing page ${n}]].`);
    const cats = [addCat('Large')];
    if (n % 2 === 0) cats.push(addCat('Even'));
    if (n % 5 === 0) cats.push(addCat('Fives'));
    if (n % 100 === 0) cats.push(addCat('Hundreds'));
    if (n <= 3) cats.push(addCat('Small'));
    if (n === 1) cats.push(addCat('Numbers'));
    if (n >= 4 && n <= 8) cats.push(addCat('Without page'));
    lines.push(cats.join(' '));
    const final = lines.join('\n');
    const count = multi[title] ?? 1;
    const revs: Rev[] = [];
    for (let r = 1; r < count; r++) {
      revs.push({ text: `Draft ${r} of ${title}.\n\nEarlier text, revision ${r}.`, comment: `Edit ${r} of ${title}`, ...who(n + r) });
    }
    revs.push({ text: final, comment: count > 1 ? `Edit ${count} of ${title}` : `Create ${title}`, ...who(n + count) });
    pages.push({ ns: 0, title, revs });
  }

  // Redirects.
  const redirects: Record<string, string> = {};
  for (let i = 1; i <= 20; i++) redirects[`Redirect ${pad(i, 2)}`] = pageTitle(i);
  redirects['Double redirect'] = 'Redirect 01';
  redirects['Broken redirect'] = 'Nonexistent target page';
  for (const [from, to] of Object.entries(redirects)) {
    pages.push({
      ns: 0,
      title: from,
      redirectTo: to,
      revs: [{ text: `#REDIRECT [[${to}]]`, comment: `Redirect to ${to}`, user: 'Admin' }],
    });
  }

  // Other main pages.
  // "generated" also appears in every generated page: facts.search.
  pages.push({ ns: 0, title: LINK_HUB, revs: [{ text: 'Every generated page links here.', comment: 'Hub', user: 'Admin' }] });
  const hostile = 'Hostile page';
  const hostileText = [
    'This page tests escaping. Each line below must be shown as text, never run.',
    ...HOSTILE_STRINGS.map((s) => `* ${s}`),
    '<a href="javascript:alert(1)">anchor</a>',
    '<div style="background:url(javascript:alert(1))" onclick="alert(1)">div</div>',
  ].join('\n');
  pages.push({
    ns: 0,
    title: hostile,
    revs: [
      { text: 'Harmless first version.', comment: HOSTILE_STRINGS[0]!, user: 'Alice' },
      { text: `Second version ${HOSTILE_STRINGS[1]}`, comment: `${HOSTILE_STRINGS[1]} ${HOSTILE_STRINGS[2]}`, ip: '192.0.2.66' },
      { text: hostileText, comment: HOSTILE_STRINGS.join(' '), user: 'Bob' },
    ],
  });
  multi[hostile] = 3;
  const oddTitles = [`Quotes "double" & 'single'`, 'Ünïcödé – Ελληνικά 日本語', 'Slash/Subpage (with) parentheses?'];
  for (const t of oddTitles)
    pages.push({
      ns: 0,
      title: t,
      revs: [{ text: `Odd title: ${t}. Links to [[${pageTitle(1)}]].`, comment: 'Odd title', user: 'Alice' }],
    });

  // Talk pages.
  for (let n = 1; n <= 20; n++) {
    pages.push({
      ns: 1,
      title: `Talk:${pageTitle(n)}`,
      revs: [{ text: `Discussion about [[${pageTitle(n)}]].\n${addCat('Talk pages')}`, comment: 'Talk', ...who(n) }],
    });
  }
  // User pages (Carol has no account).
  for (const u of ['Admin', 'Alice', 'Bob', 'Carol'])
    pages.push({ ns: 2, title: `User:${u}`, revs: [{ text: `I am ${u}.`, comment: 'User page', user: u === 'Carol' ? 'Admin' : u }] });
  pages.push({ ns: 2, title: 'User:Alice/Sandbox', revs: [{ text: 'Sandbox.', comment: 'Sandbox', user: 'Alice' }] });
  pages.push({ ns: 3, title: 'User talk:Alice', revs: [{ text: 'Hello Alice.', comment: 'Hi', user: 'Bob' }] });
  pages.push({ ns: 4, title: `${SITE_NAME}:About`, revs: [{ text: 'About this test wiki.', comment: 'About', user: 'Admin' }] });
  pages.push({ ns: 12, title: 'Help:Contents', revs: [{ text: 'Help.', comment: 'Help', user: 'Admin' }] });
  pages.push({ ns: 12, title: 'Help:Editing', revs: [{ text: 'Editing help.', comment: 'Help', user: 'Admin' }] });
  // Templates (category via <noinclude>, so transclusions do not categorize).
  pages.push({
    ns: 10,
    title: 'Template:Infobox',
    revs: [
      {
        text: `<includeonly>{| class="infobox"\n| Number || {{{number|?}}}\n|}\n{{Nav}}</includeonly><noinclude>An infobox. ${addCat('Templates')}</noinclude>`,
        comment: 'Template',
        user: 'Admin',
      },
    ],
  });
  pages.push({
    ns: 10,
    title: 'Template:Nav',
    revs: [
      {
        text: `<includeonly>Navigation: [[${LINK_HUB}]]</includeonly><noinclude>Navigation. ${addCat('Templates')}</noinclude>`,
        comment: 'Template',
        user: 'Admin',
      },
    ],
  });
  pages.push({
    ns: 10,
    title: 'Template:Stub',
    revs: [
      {
        text: `<includeonly>''This page is a stub.''</includeonly><noinclude>Stub notice. ${addCat('Templates')}</noinclude>`,
        comment: 'Template',
        user: 'Admin',
      },
    ],
  });
  pages.push({ ns: 10, title: 'Template:Unused', revs: [{ text: 'Nobody uses this template.', comment: 'Template', user: 'Admin' }] });

  // Bulk pages for benchmarks (a dump of their own, imported without link updates).
  const bulk: PageSpec[] = [];
  const BULK_DIGITS = Math.max(5, String(bigPages).length);
  for (let n = 1; n <= bigPages; n++) {
    bulk.push({
      ns: 0,
      title: `Bulk ${pad(n, BULK_DIGITS)}`,
      revs: [{ text: `Bulk page ${n}. ${addCat('Bulk')}`, comment: 'Bulk', user: 'Bob' }],
    });
  }

  // Category pages; Numbers has Even and Fives as subcategories.
  const catText: Record<string, string> = {
    Even: `Even-numbered pages. ${addCat('Numbers', 'subcat')}`,
    Fives: `Multiples of five. ${addCat('Numbers', 'subcat')}`,
  };
  const catPages = [
    'Large',
    'Even',
    'Fives',
    'Hundreds',
    'Small',
    'Numbers',
    'Templates',
    'Talk pages',
    'Empty',
    ...(bigPages ? ['Bulk'] : []),
  ];
  for (const c of catPages) {
    const e = cat.get(c) ?? { pages: 0, subcats: 0, exists: false };
    e.exists = true;
    cat.set(c, e);
    pages.push({ ns: 14, title: `Category:${c}`, revs: [{ text: catText[c] ?? `Category ${c}.`, comment: 'Category', user: 'Admin' }] });
  }

  // Templates first: imported after their users they would queue a re-parse of every page.
  pages.sort((a, b) => (a.ns === 10 ? 0 : 1) - (b.ns === 10 ? 0 : 1));

  // Timestamps: recent (so recentchanges has them), one second apart.
  const base = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 86_400_000;
  let k = 0;
  const ts = () => new Date(base + 1000 * k++).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  let firstTs = '';
  let lastTs = '';
  const dump = (list: PageSpec[]) => {
    const out: string[] = ['<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">'];
    for (const p of list) {
      out.push(`<page><title>${esc(p.title)}</title><ns>${p.ns}</ns>${p.redirectTo ? `<redirect title="${esc(p.redirectTo)}"/>` : ''}`);
      for (const r of p.revs) {
        const t = ts();
        firstTs ||= t;
        lastTs = t;
        const contrib = r.ip ? `<ip>${r.ip}</ip>` : `<username>${esc(r.user ?? 'Admin')}</username>`;
        out.push(
          `<revision><timestamp>${t}</timestamp><contributor>${contrib}</contributor><comment>${esc(r.comment)}</comment><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">${esc(r.text)}</text></revision>`,
        );
      }
      out.push('</page>');
    }
    out.push('</mediawiki>\n');
    return out.join('\n');
  };
  const xml = dump(pages);
  const bulkXml = bulk.length ? dump(bulk) : '';

  // Facts. The installer's "Main Page" is the one page not in the dump.
  const pagesByNamespace: Record<string, number> & { 0: number } = { 0: 1 };
  for (const p of pages) pagesByNamespace[p.ns] = (pagesByNamespace[p.ns] ?? 0) + 1;
  const revisionCount = pages.reduce((s, p) => s + p.revs.length, 0);
  pagesByNamespace[0] += bulk.length;
  const categories: Record<string, CategoryFacts> = {};
  for (const [name, c] of [...cat.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    categories[`Category:${name}`] = { members: c.pages + c.subcats, pages: c.pages, subcats: c.subcats, files: 0, pageExists: c.exists };
  }
  const mainRedirects = Object.keys(redirects).length;
  return {
    xml,
    bulkXml,
    pageCount: pages.length,
    revisionCount,
    facts: {
      contentVersion: CONTENT_VERSION,
      siteName: SITE_NAME,
      mainPages: pagesByNamespace[0],
      mainNonRedirects: pagesByNamespace[0] - mainRedirects,
      mainRedirects,
      redirects,
      pagesByNamespace,
      totalPages: pages.length + bulk.length + 1,
      totalRevisions: revisionCount + bulk.length + 1,
      generatedPages: { prefix: 'Page ', count: GEN, digits: 4, first: pageTitle(1), last: pageTitle(GEN) },
      categories,
      multiRevisionPages: multi,
      templates: templateUse,
      linkHub: { title: LINK_HUB, backlinks: GEN },
      hostilePage: hostile,
      hostileStrings: HOSTILE_STRINGS,
      oddTitles,
      users,
      externalLinkPages,
      search: { term: 'generated', textHits: GEN + 1 },
      firstRevisionTimestamp: firstTs,
      lastRevisionTimestamp: lastTs,
      bigPages,
      bigPagePrefix: 'Bulk ',
      bigCategory: 'Category:Bulk',
    },
  };
}

// ---------------------------------------------------------------------------
// Serving: php -S in its own process group, with a watchdog

interface Server {
  port: number;
  pgid: number;
  child: ChildProcess;
}
interface ActiveWiki {
  pgid: number;
  runDir: string;
  keepRunDir: boolean;
}
const activeWikis = new Set<ActiveWiki>();

/*
 * sh (group leader) starts php -S in the background and a watchdog that
 * reads fd 3, a pipe whose write end only this Node process holds: when Node
 * dies in any way (even SIGKILL), the watchdog sees EOF and kills the group.
 * When php exits (e.g. port taken), sh exits with php's status.
 */
const SERVE_SCRIPT = [
  'PHP_CLI_SERVER_WORKERS="$2" php -S "127.0.0.1:$1" -t "$3" </dev/null 3<&- &',
  'php_pid=$!',
  '{ cat <&3 >/dev/null 2>&1; kill -s KILL 0; } >/dev/null 2>&1 &',
  'wd_pid=$!',
  'exec 3<&-',
  'wait "$php_pid"; status=$?',
  'kill "$wd_pid" 2>/dev/null',
  'exit "$status"',
].join('\n');

async function startServer(runDir: string, port: number, webRoot: string, workers: number, timeoutMs: number): Promise<Server> {
  const logFd = fs.openSync(path.join(runDir, 'server.log'), 'a');
  let child: ChildProcess;
  try {
    child = spawn('sh', ['-c', SERVE_SCRIPT, 'mwq-test-wiki', String(port), String(workers), webRoot], {
      detached: true,
      cwd: runDir,
      stdio: ['ignore', logFd, logFd, 'pipe'],
      env: { ...process.env, MW_CONFIG_FILE: path.join(runDir, 'LocalSettings.php'), MWQ_WIKI_SERVER: `http://127.0.0.1:${port}` },
    });
  } finally {
    fs.closeSync(logFd);
  }
  const pgid = child.pid;
  if (!pgid) throw new Error('spawn sh failed');
  // Keep the pipe open but do not let it (or the child) keep the event loop alive.
  const wdPipe = child.stdio[3] as net.Socket | null;
  wdPipe?.unref?.();
  child.unref();
  let exited: string | undefined;
  child.on('exit', (code, sig) => (exited = `exited with ${sig ?? code}`));

  const url = `http://127.0.0.1:${port}/api.php?action=query&meta=siteinfo&format=json`;
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(1000, Math.min(20_000, deadline - Date.now()))) });
      const body = await res.text();
      if (res.ok && body.includes('"general"')) return { port, pgid, child };
      last = `HTTP ${res.status}: ${body.slice(0, 500)}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(100);
  }
  await killGroup(pgid);
  const logTail = fs.readFileSync(path.join(runDir, 'server.log'), 'utf8').slice(-2000);
  throw new Error(`php -S on port ${port} ${exited ?? 'did not answer siteinfo in time'} (${last})\n${logTail}`);
}

/** Members of a process group that are still running (zombies excluded). */
function groupMembers(pgid: number): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return [pgid];
    } catch {
      return [];
    }
  }
  const found: number[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // f[0] state, f[1] ppid, f[2] pgrp
      if (Number(f[2]) === pgid && f[0] !== 'Z' && f[0] !== 'X') found.push(Number(e));
    } catch {
      // gone
    }
  }
  return found;
}

function signalGroup(pgid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pgid, sig);
  } catch {
    // already gone
  }
}

async function killGroup(pgid: number): Promise<void> {
  signalGroup(pgid, 'SIGTERM');
  for (let i = 0; i < 50 && groupMembers(pgid).length; i++) await sleep(50);
  if (groupMembers(pgid).length) {
    signalGroup(pgid, 'SIGKILL');
    for (let i = 0; i < 100 && groupMembers(pgid).length; i++) await sleep(50);
  }
  const left = groupMembers(pgid);
  if (left.length) throw new Error(`test wiki: processes ${left.join(', ')} survived SIGKILL`);
}

let exitHandlersInstalled = false;
function installExitHandlers(): void {
  if (exitHandlersInstalled) return;
  exitHandlersInstalled = true;
  const killAllSync = () => {
    for (const w of activeWikis) {
      signalGroup(w.pgid, 'SIGKILL');
      if (!w.keepRunDir) {
        try {
          fs.rmSync(w.runDir, { recursive: true, force: true });
        } catch {
          // best effort
        }
      }
    }
    activeWikis.clear();
  };
  process.on('exit', killAllSync);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = () => {
      killAllSync();
      process.removeListener(sig, handler);
      // Keep the default behaviour (terminate) unless someone else handles it.
      if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
    };
    process.on(sig, handler);
  }
}

// ---------------------------------------------------------------------------
// Small helpers

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

// ---------------------------------------------------------------------------
// By hand: node --import tsx test/wiki/testWiki.ts [--big N] [--mediawiki 1.43] [--build-only]

if (require.main === module) {
  const argv = process.argv.slice(2);
  const bigIdx = argv.indexOf('--big');
  const opts: TestWikiOptions = { log: (m) => process.stderr.write(`[test-wiki] ${m}\n`) };
  if (bigIdx >= 0) opts.bigPages = Number(argv[bigIdx + 1]);
  const mwIdx = argv.indexOf('--mediawiki');
  if (mwIdx >= 0) opts.mediawiki = chosenRelease({ mediawiki: argv[mwIdx + 1] as MediaWikiRelease });
  if (argv.includes('--build-only')) {
    prepareTestWikiTemplate(opts).then(
      (t) => console.log(JSON.stringify({ dir: t.dir, built: t.built, buildMs: t.buildMs, facts: t.facts }, null, 2)),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  } else {
    startTestWiki(opts).then(
      (w) => {
        console.log(
          JSON.stringify(
            {
              release: w.release,
              endpoint: w.endpoint,
              indexUrl: w.indexUrl,
              botUser: w.botUser,
              botPassword: w.botPassword,
              adminPassword: w.adminPassword,
              timings: w.timings,
              facts: w.facts,
            },
            null,
            2,
          ),
        );
        console.log(`\nServing ${w.endpoint} — press Ctrl-C to stop.`);
        setInterval(() => {}, 1 << 30);
      },
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  }
}
