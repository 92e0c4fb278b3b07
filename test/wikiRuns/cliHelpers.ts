// Runs the bundled CLI (dist/cli.js; `npm run build` first) for the real-wiki tests.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

/** `env`: extra environment variables for the command (MWQ_SECRET_*, MWQ_PASSWORD). */
export function runCliWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function runCli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCliWith({}, ...args);
}
