// Bundles the integration-test suite for the extension host:
//   test/vscode/suite/index.ts   -> out/vscode-suite/index.js   (Mocha bundled in)
//   test/vscode/suite/*.test.ts  -> out/vscode-suite/*.test.js  (loaded by Mocha)
// `vscode` stays external (the editor provides it). CommonJS, Node 20: the
// extension host require()s these files.
//
//   node test/vscode/build.mjs
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const suiteDir = path.join(root, 'test', 'vscode', 'suite');
const outdir = path.join(root, 'out', 'vscode-suite');

const tests = fs
  .readdirSync(suiteDir)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join(suiteDir, f));

fs.rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: root,
  entryPoints: [path.join(suiteDir, 'index.ts'), ...tests],
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['vscode'],
  sourcemap: 'inline',
  sourcesContent: false,
  logLevel: 'warning',
  // Mocha's optional parts that a bundle cannot and need not carry.
  logOverride: { 'require-resolve-not-external': 'silent', 'unsupported-dynamic-import': 'silent' },
});
