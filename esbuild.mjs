// Bundles the extension client, the language server, the CLI, the results
// panel's webview (browser IIFE + CSS), and the web extension's two browser
// bundles (dist/web/: scripts/web-builds.mjs).
// The client keeps `vscode` external (the editor provides it); the server and
// CLI bundle everything so they run with plain `node`.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { panelBuilds } from './scripts/panel-builds.mjs';
import { webBuilds } from './scripts/web-builds.mjs';

// The one place the version comes from: package.json (common/src/runner/version.ts).
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  define: { MWQUERY_BUILD_VERSION: JSON.stringify(version) },
};

const builds = [
  { ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' },
  {
    ...common,
    entryPoints: ['cli/src/index.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    external: ['@resvg/resvg-js'],
  },
  // The results panel's webview script and stylesheet (scripts/panel-builds.mjs).
  ...panelBuilds({ production }),
  ...webBuilds({ production, version }),
];

if (watch) {
  for (const options of builds) (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
