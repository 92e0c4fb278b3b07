// The examples workspace `npm start` opens (scripts/start.mjs), and the one
// the README's commands are tested in (test/cli/readmeExamples.test.ts): the
// repo's examples, a first file for the local wiki, and that wiki as the
// folder's default environment in .mwquery.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The examples workspace: the repo's examples, a first file for the local wiki, and the wiki as default environment. */
export function writeExamplesWorkspace(workspace, endpoint, facts) {
  fs.rmSync(workspace, { recursive: true, force: true });
  fs.mkdirSync(workspace, { recursive: true });
  for (const f of fs.readdirSync(path.join(root, 'examples'))) {
    if (f.endsWith('.mwq')) fs.copyFileSync(path.join(root, 'examples', f), path.join(workspace, f));
  }
  const even = Object.keys(facts.categories ?? {}).find((c) => /Even$/.test(c)) ?? 'Category:Even';
  fs.writeFileSync(
    path.join(workspace, 'start-here.mwq'),
    `### Pages of the local test wiki
# Ctrl+Enter (Cmd+Enter) in a query runs it, or "Run query" above it.
# Queries without an @endpoint line go to the environment in the status bar:
# "local test wiki", set in .mwquery.json. The other files query Wikipedia.
list=allpages
aplimit=10

### Members of a category, with their last edit
generator=categorymembers
gcmtitle=${even}
gcmlimit=5
prop=revisions
rvprop=timestamp|user

### A mistake to fix: the cursor on the squiggle, then Ctrl+. (Cmd+.)
list=allpage
`,
  );
  fs.writeFileSync(
    path.join(workspace, '.mwquery.json'),
    `// Written by npm start: the local MediaWiki it started, as this folder's default wiki.
{
  "default": "local test wiki",
  "environments": {
    "local test wiki": { "endpoint": "${endpoint}" }
  }
}
`,
  );
}
