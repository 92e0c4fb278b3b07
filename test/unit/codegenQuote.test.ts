// The literals of exported programs: every string, however hostile, comes
// back exactly from Python's and Node's own parsers, and never spans a line.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { commentText, jsKey, jsString, pyString } from '../../common/src/codegen/quote';
import { fixedRandom } from './fixedRandom';

const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

const HOSTILE = [
  '',
  'plain',
  'a "double" and \'single\'',
  'back\\slash \\" \\\\',
  'line\nbreak\r\nand\ttab',
  '${process.exit(1)} `tick` #{x}',
  '""" \'\'\' """',
  'Ünïcödé – Ελληνικά 日本語 😀',
  '\u2028\u2029 separators',
  '\u202e bidi \u2066 isolate \u200b zero width',
  '\ud800 lone high, lone low \udc00',
  '\x00\x01\x7f\x85 controls',
  '\\N{BULLET} \\u0041 \\x41',
  '*/ /* */ -->',
];

function strings(): string[] {
  const random = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), fixedRandom(14, 300));
  const grapheme = fc.sample(fc.string({ unit: 'grapheme', maxLength: 20 }), fixedRandom(15, 100));
  return [...HOSTILE, ...random, ...grapheme];
}

/** Each literal evaluated by the language itself, printed back as JSON with \u escapes. */
function roundTrip(command: string, program: string): string[] {
  const r = spawnSync(command, [program.startsWith('import') ? '-c' : '-e', program], { encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as string[];
}

describe('generated string literals', () => {
  const inputs = strings();

  it('Python reads every pyString back as the same string', () => {
    const literals = inputs.map(pyString);
    for (const l of literals) assert.ok(!/[\n\r\u2028\u2029]/.test(l), l);
    // Lone surrogates survive as code points: compare code unit lists.
    const program = `import json\nvalues = [\n${literals.join(',\n')}\n]\nprint(json.dumps([[ord(c) for c in v] for v in values]))`;
    const r = spawnSync(python, ['-c', program], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.equal(r.status, 0, r.stderr);
    const got = JSON.parse(r.stdout) as number[][];
    assert.deepEqual(
      got,
      inputs.map((s) => [...codePointsOf(s)]),
    );
  });

  it('Node reads every jsString back as the same string', () => {
    const literals = inputs.map(jsString);
    for (const l of literals) assert.ok(!/[\n\r\u2028\u2029]/.test(l), l);
    const program = `const values = [\n${literals.join(',\n')}\n];\nprocess.stdout.write(JSON.stringify(values.map((v) => [...v].map((c) => c.codePointAt(0)))));`;
    const got = roundTrip(process.execPath, program) as unknown as number[][];
    assert.deepEqual(
      got,
      inputs.map((s) => [...codePointsOf(s)]),
    );
  });

  it('object keys stay keys, __proto__ included', () => {
    const keys = ['list', 'a-b', '__proto__', 'constructor', '"x"', '1abc'];
    const program = `const o = {${keys.map((k, i) => `${jsKey(k)}: ${i}`).join(', ')}};\nprocess.stdout.write(JSON.stringify(Object.entries(o)));`;
    assert.deepEqual(
      roundTrip(process.execPath, program),
      keys.map((k, i) => [k, i]),
    );
  });

  it('comment text never ends the comment line', () => {
    for (const s of inputs) assert.ok(!/[\n\r\u2028\u2029\u0085]/.test(commentText(s)), JSON.stringify(s));
    assert.equal(commentText('a\nb'), 'a?b');
  });
});

function* codePointsOf(text: string): Generator<number> {
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i++;
    yield code;
  }
}
