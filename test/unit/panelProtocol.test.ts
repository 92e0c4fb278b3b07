// The panel protocol's header comment (common/src/panelProtocol.ts) lists
// every message each side sends, with their counts: it went stale once (6
// requests listed, 15 declared).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const text = fs.readFileSync(path.join(__dirname, '../../common/src/panelProtocol.ts'), 'utf8');
const header = text.slice(0, text.indexOf('\nimport '));

function typesOf(union: string): string[] {
  const start = text.indexOf(`export type ${union} =`);
  const next = text.indexOf('\nexport ', start + 1);
  const end = next < 0 ? text.length : next;
  return [...text.slice(start, end).matchAll(/\| \{ type: '([A-Za-z]+)'/g)].map((m) => m[1]!);
}

for (const [union, side] of [
  ['HostToPanel', 'The host sends'],
  ['PanelToHost', 'The page asks'],
] as const) {
  test(`the header names every ${union} message and their number`, () => {
    const types = typesOf(union);
    assert.ok(types.length > 5, `${union}: ${types.join(', ')}`);
    assert.match(header, new RegExp(`${side} ${types.length} `));
    for (const type of types) assert.ok(header.includes(`'${type}'`), `${type} is not named in the header`);
  });
}
