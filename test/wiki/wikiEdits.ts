/**
 * Changes to a running test wiki through MediaWiki's own maintenance scripts
 * (no API login, no mock): `editPage` runs maintenance/edit.php, `importPages`
 * runs maintenance/importDump.php for many pages in one process. Both act on
 * the run folder of that wiki only (its own LocalSettings.php and SQLite
 * files), so other tests and the template are untouched.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { SYSTEM_MEDIAWIKI_CODE, type TestWiki } from './testWiki';

/** The wiki's run folder, and the code of its release (default: the machine's 1.39). */
type WikiFolders = Pick<TestWiki, 'runDir'> & Partial<Pick<TestWiki, 'mediawikiCode'>>;

/** Runs `php maintenance/<script> …` (of the wiki's own release) against the wiki's run folder; resolves with its output. */
export function runMaintenance(wiki: WikiFolders, script: string, args: string[], stdin = ''): Promise<string> {
  const env = { ...process.env, MW_CONFIG_FILE: path.join(wiki.runDir, 'LocalSettings.php'), MWQ_WIKI_SERVER: 'http://127.0.0.1' };
  return new Promise((resolve, reject) => {
    const child = spawn('php', [path.join('maintenance', script), ...args], {
      cwd: wiki.mediawikiCode ?? SYSTEM_MEDIAWIKI_CODE,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited with ${code}:\n${out.slice(-2000)}`))));
    child.stdin.end(stdin);
  });
}

/** Saves a new revision of `title` with `text` (edit.php, as Admin). */
export async function editPage(wiki: WikiFolders, title: string, text: string, summary = 'test edit'): Promise<void> {
  await runMaintenance(wiki, 'edit.php', ['--user', 'Admin', '--summary', summary, '--no-rc', title], text);
}

/** Creates (or adds a revision to) many main-namespace pages at once (importDump.php, with link updates). */
export async function importPages(wiki: WikiFolders, pages: readonly { title: string; text: string }[]): Promise<void> {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const lines = ['<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">'];
  for (const p of pages) {
    lines.push(
      `<page><title>${esc(p.title)}</title><ns>0</ns><revision><timestamp>${now}</timestamp><contributor><username>Admin</username></contributor>` +
        `<comment>import</comment><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">${esc(p.text)}</text></revision></page>`,
    );
  }
  lines.push('</mediawiki>\n');
  const dump = path.join(wiki.runDir, `import-${randomBytes(4).toString('hex')}.xml`);
  await fsp.writeFile(dump, lines.join('\n'));
  try {
    await runMaintenance(wiki, 'importDump.php', ['--quiet', dump]);
  } finally {
    await fsp.rm(dump, { force: true });
  }
}

/**
 * `count` pages `Many 01` … in Category:Even and in `extraCategories` more
 * categories each (Many A … ), so that `prop=categories` needs several
 * continuations per generator batch. Their titles sort before `Page 0002`,
 * so they are the first members of Category:Even.
 */
export async function addManyCategoryPages(wiki: WikiFolders, count: number, extraCategories: number): Promise<string[]> {
  const titles: string[] = [];
  const pages = [];
  for (let i = 1; i <= count; i++) {
    const title = `Many ${String(i).padStart(2, '0')}`;
    titles.push(title);
    const cats = [
      'Even',
      ...Array.from({ length: extraCategories }, (_, k) => `Many ${String.fromCharCode(65 + (k % 26))}${k >= 26 ? k : ''}`),
    ];
    pages.push({ title, text: `Page ${title}.\n${cats.map((c) => `[[Category:${c}]]`).join(' ')}` });
  }
  await importPages(wiki, pages);
  return titles;
}
