// The built CLI every test in this folder runs, as a user runs it: `node
// dist/cli.js` (`npm run build` first; `npm test` builds before it runs them).

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';

export const root = path.join(__dirname, '..', '..');
export const cli = path.join(root, 'dist', 'cli.js');

if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build` first (test/cli/ runs the built CLI).');

/** Runs the built CLI with `args` (no standard input) and collects what it wrote and its exit code. */
export function runBuiltCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
