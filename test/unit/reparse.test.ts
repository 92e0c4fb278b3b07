// Incremental parsing: after any edit, reparseDocument gives exactly what a
// full parse of the new text gives.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDocument, reparseDocument } from '../../common/src/parser';
import { fixedRandom } from './fixedRandom';

const fragment = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '### q\n',
      '###\n',
      '\n',
      '\r\n',
      '\r',
      'list=allpages\n',
      'aplimit=5\n',
      '|user\n',
      '  |x',
      '@v = 1\n',
      '{{v}}',
      '# c\n',
      'https://w/api.php?list=a&b=c\n',
      'titles=A|B',
      '=',
      '|',
      '#',
      ' ',
      'x',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const text = fc.array(fragment, { maxLength: 60 }).map((parts) => parts.join(''));
const edit = fc.tuple(
  fc.nat(),
  fc.nat({ max: 30 }),
  fc.array(fragment, { maxLength: 4 }).map((p) => p.join('')),
);

describe('incremental parsing', () => {
  it('equals a full parse after random edits (fixed random start)', () => {
    let cases = 0;
    fc.assert(
      fc.property(text, fc.array(edit, { minLength: 1, maxLength: 5 }), (original, edits) => {
        let current = original;
        let tree = parseDocument(current);
        for (const [at, length, insert] of edits) {
          const start = current.length === 0 ? 0 : at % (current.length + 1);
          const end = Math.min(current.length, start + length);
          current = current.slice(0, start) + insert + current.slice(end);
          tree = reparseDocument(tree, current);
          assert.deepStrictEqual(tree, parseDocument(current));
          cases++;
        }
      }),
      fixedRandom(Number(process.env.MWQ_FUZZ_SEED ?? 777), Number(process.env.MWQ_FUZZ_RUNS ?? 2000)),
    );
    console.log(`incremental parse: ${cases} edits compared with full parses`);
  });

  it('reuses the nodes of untouched queries', () => {
    const before = parseDocument('### a\nlist=allpages\n### b\nmeta=siteinfo\n### c\nprop=info\n');
    const [a, , c] = before.queries;
    const after = reparseDocument(before, '### a\nlist=allpages\n### b\nmeta=userinfo\n### c\nprop=info\n');
    assert.equal(after.queries[0], a, 'the query before the edit is the same object');
    assert.equal(after.queries[2], c, 'the query after the edit is the same object, moved');
    assert.equal(after.queries[1]!.params[0]!.value, 'userinfo');
  });
});
