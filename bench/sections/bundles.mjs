// The production bundles and the .vsix (built by bench/run.mjs before every
// section), the extension's load cost (bench/activation.mjs), and the panel
// bundle before issue 35's views (bench/panelBefore.mjs) beside today's.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { benchActivation } from '../activation.mjs';
import { PANEL_REFERENCE, panelBundleAt, panelBundleNow } from '../panelBefore.mjs';
import { round } from '../util.mjs';
import { target } from '../report.mjs';

const size = (f) => (fs.existsSync(f) ? fs.statSync(f).size : undefined);
const kb = (x) => (x === undefined ? undefined : `${round(x / 1024, 1)} KB`);

/** dist/panel.js of the reference commit (before issue 35's views) and of this tree, the same options. */
function panelBeforeAfter(p) {
  if (!p) return [];
  const row = (what, s) => [what, kb(s.bytes), kb(s.gzipBytes)];
  return [
    {
      title: 'The panel bundle before and after issue 35’s views (image grid, graph, tree, timeline, tree map)',
      header: ['dist/panel.js', 'Size', 'gzip'],
      rows: [
        row(`before: ${p.before.commit}`, p.before),
        row('after: this tree', p.now),
        ['after − before', kb(p.now.bytes - p.before.bytes), kb(p.now.gzipBytes - p.before.gzipBytes)],
      ],
      after: `The before figure is ${p.before.commit}'s client/media and common (git archive into bench-results/.build/), built in this run with today's panel options (scripts/panel-builds.mjs, production) and esbuild ${p.before.esbuild}, as this tree's is: the two differ only by the code.`,
    },
  ];
}

export default {
  name: 'bundles',
  title: 'Bundles and the extension’s load cost',
  quick: '5 processes for the load cost instead of 15',
  targetNames: ['dist/server.js (production build)', '.vsix (npm run package)'],
  async measure(ctx) {
    const dist = (name) => size(path.join(ctx.root, 'dist', name));
    ctx.log('extension load: bench/activation.mjs');
    return {
      serverJsBytes: dist('server.js'),
      cliJsBytes: dist('cli.js'),
      extensionJsBytes: dist('extension.js'),
      panelJsBytes: dist('panel.js'),
      vsixBytes: size(ctx.vsix),
      packageError: ctx.packageError,
      activation: benchActivation({ runs: ctx.quick ? 5 : 15, log: ctx.log }),
      panel: { before: await panelBundleAt({ commit: PANEL_REFERENCE, outDir: ctx.outDir }), now: panelBundleNow() },
    };
  },
  targets(b) {
    const t = [];
    t.push(target('dist/server.js (production build)', round(b.serverJsBytes / 1024, 1), '< 400', b.serverJsBytes < 400 * 1024, 'KB'));
    if (b.vsixBytes)
      t.push(
        target(
          '.vsix (npm run package)',
          round(b.vsixBytes / 1024, 1),
          '< 1024',
          b.vsixBytes < 1024 * 1024,
          'KB',
          b.packageError ? `npm run package FAILED (${b.packageError}); size measured with --baseContentUrl` : undefined,
        ),
      );
    else t.push(target('.vsix (npm run package)', undefined, '< 1024', undefined, 'KB', 'not packaged in this run (--skip package)'));
    return t;
  },
  render(b) {
    const a = b.activation ?? {};
    return [
      {
        title:
          'Bundles (production build) and the extension’s load cost (dist/extension.js required with a stand-in vscode module, fresh processes)',
        header: ['dist/server.js', 'dist/cli.js', 'dist/extension.js', 'dist/panel.js', '.vsix', 'Load ms (median / min)'],
        rows: [
          [
            kb(b.serverJsBytes),
            kb(b.cliJsBytes),
            kb(b.extensionJsBytes),
            kb(b.panelJsBytes),
            kb(b.vsixBytes),
            `${a.loadMedianMs} / ${a.loadMinMs}`,
          ],
        ],
      },
      ...panelBeforeAfter(b.panel),
    ];
  },
};
