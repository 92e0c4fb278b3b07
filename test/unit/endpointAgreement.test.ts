// The editor and the CLI send a file's query to the same wiki: the same
// workspace (a `.mwquery.json` at its root, the .mwq file in a folder below)
// fed to the editor's call site (client/src/queryEndpoint.ts `editorFallback`,
// what Environments asks, then buildRequest as a run does) and to the CLI's
// (cli/src/runScaffold.ts `prepareQuery`, which finds the file above the
// .mwq). Both end in common/src/endpointChoice.ts.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest } from '../../common/src/runner/request';
import { readWorkspaceFile } from '../../common/src/endpointChoice';
import { editorFallback } from '../../client/src/queryEndpoint';
import { prepareQuery } from '../../cli/src/runScaffold';

const dir = mkdtempSync(path.join(tmpdir(), 'mwq-agree-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const FILE = `### Bare
list=allpages

@endpoint = https://at.example/w/api.php
### Under an @endpoint
list=allusers
`;

const WORKSPACES: [string, string][] = [
  ['a "default" environment', '{ "default": "dev", "environments": { "dev": { "endpoint": "https://dev.example/w/api.php" } } }'],
  [
    'two environments, comments, the default the second',
    '// team wikis\n{ "environments": { "a": { "endpoint": "https://a.example/api.php" }, "b": { "endpoint": "https://b.example/api.php" }, }, "default": "b" }',
  ],
];

/** Where each query of FILE goes, as the editor sends it (never picked, no setting) and as `mwq run` does (no option). */
function both(json: string, name: string): { editor: string[]; cli: string[] } {
  const root = path.join(dir, name);
  mkdirSync(path.join(root, 'queries'), { recursive: true });
  writeFileSync(path.join(root, '.mwquery.json'), json);
  const file = path.join(root, 'queries', 'q.mwq');
  writeFileSync(file, FILE);
  const doc = parseDocument(FILE);
  // The editor: its workspace's file read at the root, nothing picked, no mwquery.endpoint.
  const workspaceFile = readWorkspaceFile(readFileSync(path.join(root, '.mwquery.json'), 'utf8'));
  const fallback = editorFallback({ settingsEnvironments: undefined, workspaceFile });
  const editor = doc.queries.map((q) => buildRequest(q, new VariableScope(doc), { defaultEndpoint: fallback.endpoint }).endpoint);
  const cli = doc.queries.map((q) => prepareQuery(doc, q, { file, safeEnv: [], timeoutMs: 1000 }).request.endpoint);
  return { editor, cli };
}

describe('the editor and the CLI pick the same endpoint for the same file and workspace', () => {
  WORKSPACES.forEach(([title, json], i) => {
    it(title, () => {
      const { editor, cli } = both(json, `ws${i}`);
      assert.deepEqual(cli, editor);
      assert.equal(editor[1], 'https://at.example/w/api.php', "the file's own @endpoint first");
      assert.match(editor[0]!, /^https:\/\/(dev|b)\.example\//, "the workspace's default");
    });
  });
});
