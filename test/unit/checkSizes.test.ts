// The size rules of scripts/check-sizes.mjs (run by `npm run lint`): every kind
// of function is measured, so a long one cannot hide as a method or an arrow.

import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain .mjs script without type declarations
import { functionLengths } from '../../scripts/check-sizes.mjs';

const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

test('functions, methods, arrows and constructors are measured by their lines, with their names', () => {
  const text = [
    `function plain() {\n${body(3)}\n}`,
    `class K {\n  constructor() {\n${body(2)}\n  }\n  method() {\n${body(101)}\n  }\n}`,
    `const arrow = () => {\n${body(5)}\n};`,
  ].join('\n');
  const found = functionLengths('probe.ts', text) as Array<{ name: string; lines: number }>;
  const byName = new Map(found.map((f) => [f.name, f.lines]));
  assert.equal(byName.get('plain'), 5);
  assert.equal(byName.get('constructor'), 4);
  assert.equal(byName.get('method'), 103);
  assert.equal(byName.get('arrow'), 7);
});
