#!/usr/bin/env node
// The import graph of the product code (client/, server/src, common/src), checked:
//   - no import circle (type-only imports included: a circle of types is
//     still a knot for whoever moves one of its files);
//   - no arrow against the layers of docs/architecture.md (LAYER_RULES below);
//   - no re-export: neither `export … from` nor `export { x }` of an imported x.
// Known exceptions, each with its reason, live in scripts/import-allowlist.json;
// an exception that no longer happens fails the check too, so the list
// only shrinks. Run by `npm run lint`; `node scripts/check-imports.mjs --graph`
// prints every arrow.
//
// Imports are read from TypeScript's own syntax tree (import/export … from,
// import(), require(), import('x').T types), and resolved by hand: relative
// specifiers to .ts files or folders' index.ts.

import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PRODUCT = ['client/src', 'client/media', 'server/src', 'common/src', 'cli/src'];

/**
 * The arrows that must not exist: [name, from (path prefix), to (path prefix or
 * a bare module matcher), why]. Paths are relative to the repository root.
 */
const LAYER_RULES = [
  ['common-no-server', 'common/', 'server/', 'common/ is shared by the client, the server and the CLI: it never imports server/.'],
  ['common-no-client', 'common/', 'client/', 'common/ is shared by the client, the server and the CLI: it never imports client/.'],
  ['server-no-client', 'server/', 'client/', 'The server and the CLI never import the extension (client/).'],
  ['service-no-lsp', 'server/src/service/', 'server/src/lspServer.ts', 'The language service is pure: it never imports the LSP adapter.'],
  ['service-no-lsp', 'server/src/service/', 'server/src/server.ts', 'The language service is pure: it never imports the LSP adapter.'],
  ['service-no-lsp', 'server/src/service/', 'server/src/browserMain.ts', 'The language service is pure: it never imports the LSP adapter.'],
  [
    'web-no-node',
    'client/src/web/',
    'node:',
    'The web extension runs in a browser worker: no Node built-ins (scripts/check-web-imports.mjs checks what it reaches).',
  ],
  [
    'web-no-desktop-client',
    'client/src/web/',
    'client/src/extension.ts',
    'The web extension never imports the desktop entry (it starts a Node server process).',
  ],
  [
    'web-server-no-node',
    'server/src/browserMain.ts',
    'node:',
    'The browser server runs in a worker: no Node built-ins (scripts/check-web-imports.mjs checks what it reaches).',
  ],
  ['service-no-cli', 'server/src/service/', 'cli/', 'The language service never imports the CLI.'],
  ['common-no-cli', 'common/', 'cli/', 'common/ is shared by the client, the server and the CLI: it never imports cli/.'],
  ['server-no-cli', 'server/', 'cli/', 'The language server never imports the CLI (the CLI builds on the server, not the other way).'],
  ['cli-no-client', 'cli/', 'client/', 'The CLI runs without VS Code: it never imports the extension (client/).'],
  [
    'runner-no-results',
    'common/src/runner/',
    'common/src/results/',
    'The runner (requests, pages, rows) never imports the results (parts, cells, history): results build on rows.',
  ],
  [
    'network-no-row-output',
    'common/src/runner/',
    'common/src/output/',
    "The runner's network code never imports the output of rows (writers, text tables, file writes).",
  ],
  [
    'chain-no-runner',
    'common/src/chain/',
    'common/src/runner/',
    'The chain logic (common/src/chain/) is pure: the code that sends chained queries lives in the runner.',
  ],
  ['media-no-client-src', 'client/media/', 'client/src/', 'The panel (browser code) never imports the extension host (client/src).'],
  ['media-no-server', 'client/media/', 'server/', 'The panel (browser code) never imports the server.'],
  ['media-no-node', 'client/media/', 'node:', 'The panel runs in a browser page: no Node built-ins.'],
  [
    'runner-network-in-transport',
    'common/src/runner/',
    'node:http',
    "The runner reaches the network only through the installed transport (transport.ts): node:http lives in nodeTransport.ts alone, so the browser's fetch transport can take its place.",
  ],
  [
    'runner-network-in-transport',
    'common/src/runner/',
    'node:zlib',
    'The runner reaches the network only through the installed transport (transport.ts): decompression lives in nodeTransport.ts alone.',
  ],
  ['media-no-vscode', 'client/media/', 'vscode', 'The panel runs in a browser page: no "vscode" (it talks to the extension by messages).'],
];

/** Node built-ins imported without the `node:` prefix, counted as `node:`. */
const NODE_BUILTINS = new Set([
  'fs',
  'path',
  'os',
  'http',
  'https',
  'child_process',
  'crypto',
  'net',
  'vm',
  'zlib',
  'stream',
  'url',
  'util',
  'events',
  'worker_threads',
  'readline',
  'tty',
  'assert',
  'buffer',
]);

function listFiles(dir) {
  const out = [];
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return out;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(rel));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function resolveRelative(from, specifier) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base.replace(/\.js$/, '.ts')]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return undefined;
}

/** Every module a file names: import/export … from, import x = require(), import(), require(). */
function moduleSpecifiers(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push(ts.isExportDeclaration(node) ? { specifier: node.moduleSpecifier.text, reexport: true } : node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      out.push(node.moduleReference.expression.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments.length === 1 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * Names a file imports and exports again without `from` (`import { x } from
 * './a'; export { x };`, or `export default x`): a second import path for one
 * name, which the re-export rule must refuse too.
 */
export function reexportedImports(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const imported = new Set();
  for (const node of source.statements) {
    const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
    if (!clause) continue;
    if (clause.name) imported.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) imported.add(e.name.text);
  }
  const out = [];
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node) && !node.moduleSpecifier && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const e of node.exportClause.elements) {
        const local = (e.propertyName ?? e.name).text;
        if (imported.has(local)) out.push(local);
      }
    } else if (ts.isExportAssignment(node) && ts.isIdentifier(node.expression) && imported.has(node.expression.text)) {
      out.push(node.expression.text);
    }
  }
  return out;
}

/** file → [{ to, specifier }] ; `to` is a repository path, or `node:x` / a package name. */
export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const arrows = [];
    for (const found of moduleSpecifiers(file, text)) {
      const specifier = typeof found === 'string' ? found : found.specifier;
      if (specifier.startsWith('.')) {
        const to = resolveRelative(file, specifier);
        arrows.push({ to: to ?? `unresolved:${specifier}`, specifier, reexport: typeof found !== 'string' });
      } else if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0])) {
        arrows.push({ to: specifier.startsWith('node:') ? specifier : `node:${specifier}`, specifier });
      } else {
        arrows.push({ to: specifier, specifier });
      }
    }
    graph.set(file, arrows);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan. */
export function circles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!graph.has(to)) continue;
      if (!idx.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v), low.get(to)));
      } else if (on.has(to)) low.set(v, Math.min(low.get(v), idx.get(to)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).some((a) => a.to === v);
      if (scc.length > 1 || selfLoop) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

function matches(target, pattern) {
  if (pattern === 'node:') return target.startsWith('node:');
  if (pattern.endsWith('/') || pattern.endsWith('.ts')) return target === pattern || target.startsWith(pattern);
  // A bare module name, or a path prefix such as cli/ (a folder).
  return target === pattern || target.startsWith(`${pattern}/`) || target.startsWith(pattern);
}

export function layerViolations(graph) {
  const out = [];
  for (const [file, arrows] of graph) {
    for (const { to, specifier } of arrows) {
      for (const [rule, from, target, why] of LAYER_RULES) {
        if (file.startsWith(from) && matches(to, target)) out.push({ rule, file, to, specifier, why });
      }
    }
  }
  return out;
}

function main() {
  const files = PRODUCT.flatMap(listFiles).sort();
  const graph = importGraph(files);
  if (process.argv.includes('--graph')) {
    for (const [file, arrows] of graph) for (const a of arrows) console.log(`${file} -> ${a.to}`);
    return;
  }
  const allow = JSON.parse(fs.readFileSync(path.join(root, 'scripts/import-allowlist.json'), 'utf8'));
  const allowedCircles = new Set((allow.circles ?? []).map((c) => [...c.files].sort().join(' ')));
  const allowedArrows = new Set((allow.arrows ?? []).map((a) => `${a.from} -> ${a.to}`));
  const problems = [];
  const seenCircles = new Set();
  for (const scc of circles(graph)) {
    const key = scc.join(' ');
    seenCircles.add(key);
    if (!allowedCircles.has(key)) problems.push(`import circle: ${scc.join(' ↔ ')}`);
  }
  const seenArrows = new Set();
  for (const v of layerViolations(graph)) {
    const key = `${v.file} -> ${v.to}`;
    seenArrows.add(key);
    if (!allowedArrows.has(key)) problems.push(`${v.file}: imports '${v.specifier}' (${v.rule}): ${v.why}`);
  }
  for (const [file, arrows] of graph)
    for (const a of arrows) if (a.to.startsWith('unresolved:')) problems.push(`${file}: cannot resolve '${a.specifier}'`);
  // One home and one import path per name: a name is imported from the module that declares it.
  for (const [file, arrows] of graph)
    for (const a of arrows)
      if (a.reexport)
        problems.push(`${file}: re-exports from '${a.specifier}' (no-reexport): import the name from its home module instead.`);
  for (const file of files)
    for (const name of reexportedImports(file, fs.readFileSync(path.join(root, file), 'utf8')))
      problems.push(`${file}: exports the imported name '${name}' again (no-reexport): import it from its home module instead.`);
  for (const key of allowedCircles)
    if (!seenCircles.has(key))
      problems.push(`scripts/import-allowlist.json: the circle "${key}" no longer exists: remove it from the list`);
  for (const key of allowedArrows)
    if (!seenArrows.has(key)) problems.push(`scripts/import-allowlist.json: the arrow "${key}" no longer exists: remove it from the list`);
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(`check-imports: ${problems.length} problem(s) in ${files.length} files (the layers: docs/architecture.md).`);
    process.exitCode = 1;
  } else {
    console.log(`check-imports: ${files.length} files, no import circle, no arrow against the layers.`);
  }
}

// Run as a script (npm run lint); imported by the unit test of its rules, it only exports.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
