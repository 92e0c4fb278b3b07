// The panel bundle before issue 35's views (image grid, graph, tree,
// timeline, tree map), to show beside today's dist/panel.js: the panel of the
// reference commit, built now with today's panel options
// (scripts/panel-builds.mjs, production) and today's esbuild, so the two
// sizes differ only by the code. The commit's client/media and common are
// taken with `git archive` into bench-results/.build/panel-COMMIT/ (inside
// the repository, so its node_modules resolve); nothing is checked out.
//
//   node bench/panelBefore.mjs [COMMIT]   one JSON line

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { panelBuilds } from '../scripts/panel-builds.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The last commit before issue 35's views: the tree of the last whole bench run before them. */
export const PANEL_REFERENCE = 'c6b7e25';

const sizes = (file) => {
  const bytes = fs.readFileSync(file);
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
};

/** dist/panel.js of `commit`, built with today's options; its size and gzipped size. */
export async function panelBundleAt({ commit = PANEL_REFERENCE, outDir = path.join(root, 'bench-results') } = {}) {
  const dir = path.join(outDir, '.build', `panel-${commit}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', '--format=tar', commit, 'client/media', 'common'], { cwd: root, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  const [script] = panelBuilds({ production: true });
  await esbuild.build({ ...script, absWorkingDir: dir });
  return { commit, esbuild: esbuild.version, ...sizes(path.join(dir, 'dist', 'panel.js')) };
}

/** Today's dist/panel.js (the production build bench/run.mjs made). */
export const panelBundleNow = () => sizes(path.join(root, 'dist', 'panel.js'));

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await panelBundleAt({ commit: process.argv[2] })));
