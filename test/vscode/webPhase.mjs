// The web phase of run-code-server.mjs: the extension as VS Code's web worker
// extension host runs it (vscode.dev, github.dev). code-server hosts that
// host; an extension whose manifest has a `browser` entry and no `main` can
// run nowhere else, so a copy of the extension without `main` is the one
// under development. The suite (web.*.test.ts) itself runs in the Node
// extension host beside it and reaches the extension only through VS Code's
// API (commands, providers, diagnostics) and the page (probes, keys).
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';

/** The suite files of the web phase. */
export const isWebSuiteFile = (name) => /^web[.A-Za-z]*\.test\.(ts|js)$/.test(name);

/**
 * A copy of the extension in `dir` whose manifest has only the `browser`
 * entry (no `main`, no `bin`): what the manifest names (grammar, language
 * configuration, icon, walkthrough), and of dist/ the browser bundles and
 * the panel's files, not the Node bundles.
 */
export function webExtensionCopy(root, dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (!pkg.browser) throw new Error('package.json has no "browser" entry');
  delete pkg.main;
  delete pkg.bin;
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  for (const item of ['language-configuration.json', 'syntaxes', 'media', 'walkthrough', 'README.md'])
    if (fs.existsSync(path.join(root, item))) fs.cpSync(path.join(root, item), path.join(dir, item), { recursive: true });
  for (const item of ['web', 'panel.js', 'panel.css'])
    fs.cpSync(path.join(root, 'dist', item), path.join(dir, 'dist', item), { recursive: true });
  return dir;
}

/**
 * A wiki-like server on loopback that answers every request with a valid
 * Action API answer but no CORS header: a browser refuses to show the answer
 * to the page (the extension's worker), as it does for a wiki that does not
 * allow other origins. It counts what reached it.
 */
export async function startNoCorsServer() {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ batchcomplete: true, query: { pages: [{ pageid: 1, ns: 0, title: 'Hidden' }] } }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    endpoint: `http://127.0.0.1:${port}/w/api.php`,
    seen,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
