// `mwq chart` as the real-wiki tests run it: the built CLI on a query file,
// its drawing read back as text, and the text of that drawing unescaped.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { runCli } from './cliHelpers';

/** Runs `mwq chart FILE ARGS… -o OUT` (it must succeed) and reads the SVG it wrote; `stderr`: what it said. */
export async function drawChart(file: string, out: string, ...args: string[]): Promise<{ svg: string; stderr: string }> {
  const r = await runCli('chart', file, ...args, '-o', out);
  assert.equal(r.code, 0, r.stderr);
  return { svg: await readFile(out, 'utf8'), stderr: r.stderr };
}

/** Text of an SVG (a title, a label, an attribute) as the rows had it: the four escapes common/src/chart/svg.ts writes undone. */
export function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
