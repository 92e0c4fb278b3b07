// The layer rules of scripts/check-imports.mjs (run by `npm run lint`): each
// arrow that docs/architecture.md forbids is caught, and the allowed arrows
// beside it are not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain .mjs script without type declarations
import { circles, layerViolations, reexportedImports } from '../../scripts/check-imports.mjs';

type Arrow = { to: string; specifier: string };
const graphOf = (from: string, to: string) => new Map<string, Arrow[]>([[from, [{ to, specifier: to }]]]);
const rulesOf = (from: string, to: string): string[] => layerViolations(graphOf(from, to)).map((v: { rule: string }) => v.rule);

const FORBIDDEN: Array<[string, string, string]> = [
  ['common/src/parser.ts', 'server/src/service/hover.ts', 'common-no-server'],
  ['common/src/parser.ts', 'client/src/extension.ts', 'common-no-client'],
  ['common/src/runner/http.ts', 'cli/src/run.ts', 'common-no-cli'],
  ['server/src/lspServer.ts', 'client/src/extension.ts', 'server-no-client'],
  ['server/src/lspServer.ts', 'cli/src/main.ts', 'server-no-cli'],
  ['cli/src/run.ts', 'client/src/run/runController.ts', 'cli-no-client'],
  ['server/src/service/hover.ts', 'server/src/lspServer.ts', 'service-no-lsp'],
  ['server/src/service/hover.ts', 'cli/src/main.ts', 'service-no-cli'],
  ['common/src/runner/continuation.ts', 'common/src/results/cells.ts', 'runner-no-results'],
  ['common/src/runner/transport.ts', 'common/src/output/rowWriters.ts', 'network-no-row-output'],
  ['common/src/chain/chainRef.ts', 'common/src/runner/http.ts', 'chain-no-runner'],
  ['client/media/panel.ts', 'client/src/resultsPanel.ts', 'media-no-client-src'],
  ['client/media/panel.ts', 'server/src/service/hover.ts', 'media-no-server'],
  ['client/media/panel.ts', 'node:fs', 'media-no-node'],
  ['client/media/panel.ts', 'vscode', 'media-no-vscode'],
  ['client/src/web/languageClient.ts', 'node:path', 'web-no-node'],
  ['client/src/web/extension.ts', 'client/src/extension.ts', 'web-no-desktop-client'],
  ['server/src/browserMain.ts', 'node:fs', 'web-server-no-node'],
];

test('every forbidden arrow of the architecture is caught by its rule', () => {
  for (const [from, to, rule] of FORBIDDEN) assert.ok(rulesOf(from, to).includes(rule), `${from} -> ${to} should break ${rule}`);
});

test('the arrows the architecture allows pass', () => {
  const allowed: Array<[string, string]> = [
    ['cli/src/run.ts', 'common/src/runner/continuation.ts'],
    ['cli/src/check.ts', 'server/src/service/languageService.ts'],
    ['common/src/output/rowWriters.ts', 'common/src/cellText.ts'],
    ['common/src/runner/chainedSession.ts', 'common/src/chain/chainRef.ts'],
    ['client/src/extension.ts', 'common/src/lspTypes.ts'],
    ['server/src/lspServer.ts', 'common/src/lspTypes.ts'],
    ['client/media/chart/chartView.ts', 'common/src/chart/draw.ts'],
  ];
  for (const [from, to] of allowed) assert.deepEqual(rulesOf(from, to), [], `${from} -> ${to}`);
});

test('an import circle is found, a chain is not', () => {
  const arrow = (to: string) => [{ to, specifier: to }];
  const circle = new Map([
    ['common/src/a.ts', arrow('common/src/b.ts')],
    ['common/src/b.ts', arrow('common/src/c.ts')],
    ['common/src/c.ts', arrow('common/src/a.ts')],
  ]);
  assert.deepEqual(circles(circle), [['common/src/a.ts', 'common/src/b.ts', 'common/src/c.ts']]);
  const chain = new Map([
    ['common/src/a.ts', arrow('common/src/b.ts')],
    ['common/src/b.ts', arrow('common/src/c.ts')],
    ['common/src/c.ts', []],
  ]);
  assert.deepEqual(circles(chain), []);
});

test('an imported name exported again without `from` is a re-export too (one home, one import path)', () => {
  const probe = (text: string): string[] => reexportedImports('server/src/service/probe.ts', text);
  assert.deepEqual(probe("import { queryAtLine } from '../parser';\nexport { queryAtLine };\n"), ['queryAtLine']);
  assert.deepEqual(probe("import { a as b } from './a';\nexport { b as c };\n"), ['b']);
  assert.deepEqual(probe("import * as ns from './a';\nexport { ns };\n"), ['ns']);
  assert.deepEqual(probe("import d from './a';\nexport default d;\n"), ['d']);
  assert.deepEqual(probe("import { a } from './a';\nconst own = a + 1;\nexport { own };\n"), []);
});
