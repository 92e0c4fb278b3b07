import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sha256Base64 } from '../../common/src/sha256';

test('sha256 in plain code gives node:crypto digests (empty, one block, block edges, many blocks, non-ASCII)', () => {
  const texts = ['', 'abc', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'y'.repeat(1000), '{"continue":"ü€𝄞"}'.repeat(40)];
  for (const text of texts) assert.equal(sha256Base64(text), createHash('sha256').update(text).digest('base64'), `length ${text.length}`);
});
