// scripts/check-web-imports.mjs (run by `npm run lint`): the web bundles
// reach no Node built-in, and a probe that does (imported two steps from its
// entry, or marked external) is refused with the chain that reaches it.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import { checkWebImports } from '../../scripts/check-web-imports.mjs';
// @ts-expect-error: a plain .mjs script without type declarations
import { webBuilds } from '../../scripts/web-builds.mjs';

const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-web-probe-'));
after(() => fs.rmSync(probeDir, { recursive: true, force: true }));

/** A browser build of a probe entry (the server bundle's options) whose second module imports `specifier`. */
function probeBuild(specifier: string, external: string[] = []) {
  fs.writeFileSync(path.join(probeDir, 'entry.ts'), "import { reach } from './reached';\nconsole.log(reach);\n");
  fs.writeFileSync(path.join(probeDir, 'reached.ts'), `import * as nodeModule from '${specifier}';\nexport const reach = nodeModule;\n`);
  const [, server] = webBuilds({ production: false, version: '0.0.0' });
  return { ...server, entryPoints: [path.join(probeDir, 'entry.ts')], outfile: 'dist/web/probe.js', external };
}

test('the web bundles reach no Node built-in', async () => {
  assert.deepEqual(await checkWebImports(), []);
});

test('a Node built-in reachable from a browser entry fails, named with its chain', async () => {
  for (const specifier of ['node:fs', 'path', 'child_process']) {
    const problems: string[] = await checkWebImports([probeBuild(specifier)]);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0]!, new RegExp(`Could not resolve "${specifier}".*entry\\.ts → .*reached\\.ts:1`));
  }
});

test('a Node built-in marked external fails too (it would fail only at run time)', async () => {
  const problems: string[] = await checkWebImports([probeBuild('node:fs', ['node:fs'])]);
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0]!, /^dist\/web\/probe\.js: leaves 'node:fs' outside the bundle/);
});
