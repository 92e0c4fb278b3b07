// The browser bundles of the web extension (vscode.dev, github.dev, a browser
// VS Code's web worker extension host): the extension host part and the
// language server. One home for their esbuild options: esbuild.mjs builds
// them, scripts/check-web-imports.mjs builds them again to check that nothing
// Node is reachable from their entries.
//
// platform 'browser' makes esbuild refuse a Node built-in (`fs`, `node:fs`,
// …) with "Could not resolve": the build fails. Nothing here may mark one
// external, or the bundle would fail only at run time.

/** The modules the web bundles leave to the host: the editor's API, nothing else. */
export const WEB_EXTERNALS = ['vscode'];

/** esbuild options of dist/web/extension.js and dist/web/server.js. */
export function webBuilds({ production, version }) {
  const common = {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'warning',
    define: { MWQUERY_BUILD_VERSION: JSON.stringify(version) },
  };
  return [
    // Loaded by VS Code's web worker extension host (package.json "browser"), which gives it `require('vscode')`.
    {
      ...common,
      entryPoints: ['client/src/web/extension.ts'],
      outfile: 'dist/web/extension.js',
      format: 'cjs',
      external: WEB_EXTERNALS,
    },
    // A worker script of its own (or run by the extension in its worker): a self-contained IIFE on `self`.
    { ...common, entryPoints: ['server/src/browserMain.ts'], outfile: 'dist/web/server.js', format: 'iife' },
  ];
}
