#!/usr/bin/env node
// The web extension's bundles (scripts/web-builds.mjs) reach nothing of Node:
// each browser entry is bundled again (in memory, with a metafile) and the
// check fails on
//   - a module esbuild cannot resolve for the browser: a Node built-in
//     (`fs`, `node:path`, …) imported by a module reachable from the entry
//     (named with the chain of imports that reaches it);
//   - an import left outside the bundle other than the editor's `vscode`
//     (a Node built-in marked external would fail only at run time);
//   - a module a package's `browser` field turns off (`"fs": false`): it
//     would be an empty object in the browser.
// Run by `npm run lint`; `checkWebImports()` is what test/unit/webImports.test.ts calls.

import * as esbuild from 'esbuild';
import * as path from 'node:path';
import { WEB_EXTERNALS, webBuilds } from './web-builds.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The shortest chain of imports from `entry` to `file` in esbuild's metafile inputs, or [file]. */
function chainTo(inputs, entry, file) {
  const previous = new Map([[entry, undefined]]);
  const queue = [entry];
  while (queue.length) {
    const at = queue.shift();
    if (at === file) break;
    for (const { path: next } of inputs[at]?.imports ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  if (!previous.has(file)) return [file];
  const chain = [];
  for (let at = file; at !== undefined; at = previous.get(at)) chain.unshift(at);
  return chain;
}

/**
 * An unresolvable import makes esbuild stop; bundled again with every
 * unresolved import left external, the metafile still shows which modules
 * reach the one that imports it.
 */
async function unresolvedProblems(options, errors) {
  const markUnresolved = {
    name: 'mark-unresolved',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'probe' || args.kind === 'entry-point') return undefined;
        const { importer, namespace, resolveDir, kind, with: attributes } = args;
        const resolved = await build.resolve(args.path, { importer, namespace, resolveDir, kind, with: attributes, pluginData: 'probe' });
        return resolved.errors.length ? { path: args.path, external: true } : undefined;
      });
    },
  };
  const entry = path.relative(root, path.resolve(root, options.entryPoints[0]));
  const probe = await esbuild.build({ ...options, write: false, metafile: true, logLevel: 'silent', plugins: [markUnresolved] });
  return errors.map((e) => {
    const file = e.location?.file;
    const chain = file ? chainTo(probe.metafile.inputs, entry, file).join(' → ') : entry;
    return `${options.outfile}: ${e.text} (${chain}${e.location ? `:${e.location.line}` : ''})`;
  });
}

/** The problems of one web build: [] when it reaches nothing of Node. */
async function problemsOf(options) {
  let result;
  try {
    result = await esbuild.build({ ...options, absWorkingDir: root, write: false, metafile: true, logLevel: 'silent' });
  } catch (error) {
    if (!error?.errors) throw error;
    return unresolvedProblems({ ...options, absWorkingDir: root }, error.errors);
  }
  const problems = [];
  const { inputs, outputs } = result.metafile;
  for (const output of Object.values(outputs))
    for (const i of output.imports)
      if (i.external && !WEB_EXTERNALS.includes(i.path))
        problems.push(`${options.outfile}: leaves '${i.path}' outside the bundle (${i.kind})`);
  for (const input of Object.keys(inputs))
    if (input.startsWith('(disabled):')) problems.push(`${options.outfile}: a package's "browser" field turns off ${input.slice(11)}`);
  return problems;
}

/** Every problem of the web bundles; `builds` replaces them (the unit test's probes). */
export async function checkWebImports(builds = webBuilds({ production: false, version: '0.0.0' })) {
  const problems = [];
  for (const options of builds) problems.push(...(await problemsOf(options)));
  return problems;
}

async function main() {
  const builds = webBuilds({ production: false, version: '0.0.0' });
  const problems = await checkWebImports(builds);
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(
      `check-web-imports: ${problems.length} problem(s): the web bundles run in a browser, without Node (docs/architecture.md).`,
    );
    process.exitCode = 1;
  } else {
    console.log(`check-web-imports: ${builds.map((b) => b.outfile).join(', ')} reach no Node built-in.`);
  }
}

// Run as a script (npm run lint); imported by its unit test, it only exports.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
