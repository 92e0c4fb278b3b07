// The runner's path, bundled for a browser: every kind of run (startRun), the
// catalogue fetcher, the content checks and the fetch transport bundle with
// esbuild's `platform: 'browser'` and no Node built-in (one would fail to
// resolve), and the bundle reaches no `Buffer`, `process`, `require` or
// `__dirname` of Node. What stays Node-only is the Node transport, which the
// Node entry points install (docs/architecture.md, Two transports).
// And utf8Length (common/src/text.ts) counts as Buffer does where there is none.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { utf8Length } from '../../common/src/text';

const root = path.join(__dirname, '..', '..');

describe("the runner's path in a browser", () => {
  it('bundles for the browser with no Node built-in', async () => {
    const result = await esbuild.build({
      stdin: {
        contents: [
          "export { startRun } from './common/src/runner/startRun';",
          "export { fetchLiveCatalogue } from './common/src/catalogue/fetchCatalogue';",
          "export * from './common/src/content/askWiki';",
          "export * from './common/src/content/fetchContent';",
          "export { installTransport } from './common/src/runner/transport';",
          "export { fetchTransport } from './common/src/runner/fetchTransport';",
        ].join('\n'),
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      define: { MWQUERY_BUILD_VERSION: '"0.0.0-test"' },
    });
    assert.deepEqual(
      result.errors.map((e) => e.text),
      [],
    );
    const code = result.outputFiles[0]!.text;
    // A global of Node used by the code (not a word in a string or comment) shows as an identifier access.
    for (const nodeGlobal of [/\bBuffer\./, /\bprocess\.(env|versions|stdout|exit)\b/, /\b__dirname\b/, /\brequire\(/]) {
      assert.doesNotMatch(code, nodeGlobal, String(nodeGlobal));
    }
  });

  it('utf8Length without Buffer counts as Buffer does (ASCII, 2, 3 and 4 bytes, lone surrogates)', () => {
    const samples = ['', 'abc', 'Ä ö', '€ 中文', '😀 a😀b', '\ud800', 'x\udc00y', '\ud83d', 'é'.repeat(1000)];
    const withBuffer = samples.map((s) => utf8Length(s));
    const saved = globalThis.Buffer;
    try {
      (globalThis as { Buffer?: unknown }).Buffer = undefined;
      assert.deepEqual(
        samples.map((s) => utf8Length(s)),
        withBuffer,
      );
    } finally {
      globalThis.Buffer = saved;
    }
    assert.deepEqual(
      withBuffer,
      samples.map((s) => Buffer.byteLength(s, 'utf8')),
    );
  });
});
