// The results panel's webview bundles (dist/panel.js, dist/panel.css). One
// home for their esbuild options: esbuild.mjs builds them, and the bench
// (bench/panelBefore.mjs) builds an earlier commit's panel with the same
// options to compare sizes.

/** esbuild options of dist/panel.js and dist/panel.css, loaded from dist/ by client/src/resultsPanel.ts. */
export function panelBuilds({ production }) {
  return [
    {
      entryPoints: ['client/media/panel.ts'],
      outfile: 'dist/panel.js',
      platform: 'browser',
      format: 'iife',
      bundle: true,
      minify: production,
      sourcemap: false,
      logLevel: 'warning',
    },
    { entryPoints: ['client/media/panel.css'], outfile: 'dist/panel.css', bundle: true, minify: production, logLevel: 'warning' },
  ];
}
