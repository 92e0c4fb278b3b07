// "Copy as…" in a real VS Code: the CodeLens opens a quick pick of languages,
// the pick puts a program on the clipboard, and that program, run as it is,
// returns the rows the wiki gives to a direct request.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { openFixture, screenshot } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const python = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** Every main-namespace title, by a direct request (the extension left out). */
async function mainTitles(): Promise<string[]> {
  const titles: string[] = [];
  let cont: Record<string, string> = {};
  for (;;) {
    const url = new URL(endpoint!);
    url.search = new URLSearchParams({
      action: 'query',
      format: 'json',
      formatversion: '2',
      list: 'allpages',
      apnamespace: '0',
      aplimit: 'max',
      ...cont,
    }).toString();
    const data = (await (await fetch(url)).json()) as { query: { allpages: { title: string }[] }; continue?: Record<string, string> };
    titles.push(...data.query.allpages.map((p) => p.title));
    if (!data.continue) return titles;
    cont = data.continue;
  }
}

function runProgram(command: string, source: string, extension: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-copy-'));
  try {
    const file = path.join(dir, `query.${extension}`);
    fs.writeFileSync(file, source);
    const r = spawnSync(command, [file], { encoding: 'utf8', env: process.env, timeout: 60_000 });
    assert.equal(r.status, 0, `${command} ${file}: ${r.stderr}`);
    return r.stdout
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { title: string }).title);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

suite('copy as code: a query as a program', () => {
  let doc: vscode.TextDocument;

  suiteSetup(async function () {
    if (!endpoint) {
      console.warn('copyAsCode.test: no test wiki (MWQ_TEST_ENDPOINT unset); skipped');
      this.skip();
    }
    doc = (await openFixture('run.mwq')).document;
  });

  test('the "Copy as…" lens asks for a language; the Python program it copies returns every page', async () => {
    const heading = doc.getText().indexOf('### Main-namespace pages');
    const line = doc.positionAt(heading).line;
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const lens = lenses.find((l) => l.command?.title === 'Copy as…' && l.range.start.line === line);
    assert.ok(
      lens?.command,
      `a "Copy as…" lens on line ${line + 1}: ${lenses.map((l) => `${l.command?.title}@${l.range.start.line + 1}`).join(', ')}`,
    );
    await vscode.env.clipboard.writeText('');
    // Clicking the lens runs its command; the quick pick stays open until a pick.
    const copied = vscode.commands.executeCommand<string | undefined>(lens.command.command, ...(lens.command.arguments ?? []));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await screenshot('copy-as-quick-pick');
    // The first item is Python (requests); Enter takes it.
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const program = await copied;
    assert.ok(program, 'a program was copied');
    assert.equal(await vscode.env.clipboard.readText(), program);
    assert.match(program, /^import requests$/m);
    // The endpoint is the fixture's {{$env MWQ_TEST_ENDPOINT}}: read from the environment, not written in.
    assert.match(program, /API_URL = env\("MWQ_TEST_ENDPOINT"\)/);
    assert.ok(!program.includes(endpoint!));
    assert.deepEqual(runProgram(python, program, 'py'), await mainTitles());
  });

  test('with a language given (Node fetch), the copied program returns the same pages', async () => {
    const line = doc.positionAt(doc.getText().indexOf('### Main-namespace pages')).line;
    const program = await vscode.commands.executeCommand<string | undefined>('mwquery.copyAsCode', doc.uri, line, 'fetch');
    assert.ok(program);
    assert.match(program, /await fetch\(API_URL/);
    assert.deepEqual(runProgram(process.execPath, program, 'mjs'), await mainTitles());
  });
});
