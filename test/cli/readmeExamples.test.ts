// The README's `mwq` commands run as written in the examples workspace
// (issue 32: "The README's examples work as written from the examples
// workspace"). Every command line of the README's ```sh blocks that starts
// with `mwq` (or `node dist/cli.js`) is read from README.md itself, so a new
// example that breaks fails here; each runs with the built CLI in a copy of
// the workspace `npm start` writes (scripts/examplesWorkspace.mjs), whose
// .mwquery.json names the REAL test wiki on loopback.
//
// Queries whose file names Wikipedia by `@endpoint` or a URL line cannot
// reach the internet here: such a command (one that sends) is run with
// `--endpoint <the loopback wiki>` appended, which overrides the file's
// endpoint as the README says. It then proves the command line is right
// (options, file, query name, exit code), not what Wikipedia answers.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
// @ts-expect-error: a plain .mjs script without type declarations
import { writeExamplesWorkspace } from '../../scripts/examplesWorkspace.mjs';
import { cli, root } from './builtCli';

interface ReadmeCommand {
  /** The line as the README shows it (continuations joined). */
  line: string;
  /** Its words after `mwq`. */
  args: string[];
  /** The comment after it (`# …`), which may say an exit code. */
  comment: string;
}

/** Shell words: blanks split, "…" and '…' quote, \" escapes; a `#` outside quotes starts the comment. */
function shellWords(line: string): { words: string[]; comment: string } {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && line[i + 1] === '"') word = (word ?? '') + line[++i];
      else word = (word ?? '') + c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (c === '\\') word = (word ?? '') + (line[++i] ?? '');
    else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) return { words, comment: line.slice(i + 1).trim() };
    else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return { words, comment: '' };
}

/** The `mwq` command lines of the README's sh blocks. */
function readmeCommands(markdown: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  for (const block of markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    const lines = block[1]!.replace(/\\\n\s*/g, ' ').split('\n');
    for (const line of lines) {
      const { words, comment } = shellWords(line);
      const args = words[0] === 'mwq' ? words.slice(1) : words[0] === 'node' && words[1] === 'dist/cli.js' ? words.slice(2) : undefined;
      if (args) commands.push({ line: line.trim(), args, comment });
    }
  }
  return commands;
}

/** The commands that send the query: the ones that get --endpoint when their file names another wiki. */
const SENDS = new Set(['run', 'chart', 'diff', 'test', 'watch']);

/** Whether a .mwq file names a wiki other than the loopback one (`@endpoint` or a URL line). */
function namesAnotherWiki(file: string): boolean {
  return /^(@endpoint\s*=\s*|)https?:\/\/(?!127\.0\.0\.1)/m.test(readFileSync(file, 'utf8'));
}

let wiki: TestWiki;
let workspace: string;

function mwq(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // mwq check fetches the local wiki's catalogue (.mwquery.json): cached in the workspace, not the user's cache.
    const env = { ...process.env, MWQ_CACHE_DIR: path.join(workspace, '.cache') };
    const child = spawn(process.execPath, [cli, ...args], { cwd: workspace, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `*.mwq` as the shell expands it in the workspace. */
function expand(args: string[]): string[] {
  return args.flatMap((a) =>
    a.includes('*')
      ? readdirSync(workspace)
          .filter((f) => new RegExp(`^${a.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`).test(f))
          .sort()
      : [a],
  );
}

const commands = readmeCommands(readFileSync(path.join(root, 'README.md'), 'utf8'));

before(async () => {
  wiki = await startTestWiki();
  workspace = mkdtempSync(path.join(tmpdir(), 'mwq-readme-'));
  writeExamplesWorkspace(workspace, wiki.endpoint, wiki.facts);
});
after(async () => {
  await wiki?.stop();
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

describe("the README's mwq commands, run as written in the examples workspace", () => {
  it('the README shows commands to run: check, run, chart, test and export among them', () => {
    const names = new Set(commands.map((c) => c.args[0]));
    for (const name of ['check', 'run', 'chart', 'test', 'export']) assert.ok(names.has(name), `no "mwq ${name}" in the README`);
    assert.ok(
      commands.some((c) => c.args[0] === 'run' && c.args[1] === 'start-here.mwq' && !c.args.includes('--endpoint')),
      'a run of start-here.mwq with no --endpoint',
    );
  });

  for (const command of commands) {
    it(command.line, async () => {
      const args = expand(command.args);
      const files = args.filter((a) => a.endsWith('.mwq'));
      for (const f of files) assert.ok(existsSync(path.join(workspace, f)), `${f} is not in the examples workspace`);
      const redirected = SENDS.has(args[0]!) && files.some((f) => namesAnotherWiki(path.join(workspace, f)));
      const r = await mwq(redirected ? [...args, '--endpoint', wiki.endpoint] : args);
      const said = `${r.stderr}\n${r.stdout.slice(0, 2000)}`;
      // The README says when a command exits 1 (errors found, an expectation failed); else it succeeds.
      assert.ok(r.code === 0 || (r.code === 1 && /exit 1/.test(command.comment)), `exit ${r.code}: ${said}`);
      assert.doesNotMatch(r.stderr, /No endpoint|mwquery\.endpoint|unknown option|Usage:/, said);
      // On the local wiki a run prints rows (redirected from Wikipedia, its rows may be none).
      if (args[0] === 'run' && !redirected) assert.ok(r.stdout.trim().length > 0, `no rows: ${said}`);
      // A chart of the local wiki draws every row it fetched (none left out for want of a value in --x).
      if (args[0] === 'chart' && !redirected) assert.doesNotMatch(r.stderr, /rows without a (value|time)|\b0 bars/, said);
      const output = args[args.indexOf('-o') + 1];
      if (args.includes('-o') && output) assert.ok(existsSync(path.join(workspace, output)), `${output} not written: ${said}`);
    });
  }
});
