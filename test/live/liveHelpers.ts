// Shared by the live-catalogue and account tests (test/live/*.test.ts), which
// all run against the REAL test wiki (test/wiki/testWiki.ts).

import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';

export const root = path.join(__dirname, '..', '..');

let counter = 0;
/** A fresh in-memory document (a new uri each time, so no cache is shared between cases). */
export function doc(text: string): TextDocument {
  return TextDocument.create(`file:///live/case-${++counter}.mwq`, 'mwquery', 1, text);
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `mwq …` from the sources (no build needed), with extra environment variables. */
export function mwq(args: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'cli', 'src', 'index.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mwq ${args.join(' ')} did not finish within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The wiki's own answer to a GET, without the code under test (formatversion 2, JSON). */
export async function wikiGet(endpoint: string, params: Record<string, string>): Promise<any> {
  const res = await fetch(`${endpoint}?${new URLSearchParams({ format: 'json', formatversion: '2', ...params })}`);
  if (res.status !== 200) throw new Error(`${endpoint} answered HTTP ${res.status}`);
  return res.json();
}
