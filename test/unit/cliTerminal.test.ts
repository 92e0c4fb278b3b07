// What the CLI prints to a terminal (cli/src/terminal.ts): control
// characters escaped, JSON kept the same value, messages bounded and scrubbed.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { boundLength, jsonTerminalSafe, terminalSafe, terminalSafeLine } from '../../cli/src/terminal';
import { redactorFor } from '../../common/src/redact';

describe('terminal-safe text', () => {
  it('escapes ESC, BEL, C1 and BIDI controls; keeps line breaks and tabs (not in single lines)', () => {
    assert.equal(terminalSafe('a\x1b[31mred\x07\u009b\u202eb\n\tc'), 'a\\x1B[31mred\\x07\\x9B\\u{202E}b\n\tc');
    assert.equal(terminalSafeLine('a\nb\tc\r'), 'a\\x0Ab\\x09c\\x0D');
  });

  it('JSON: C1 and BIDI as \\u escapes, the value unchanged', () => {
    const value = { t: 'x\u009b\u202ey\u2066' };
    const text = jsonTerminalSafe(JSON.stringify(value));
    assert.doesNotMatch(text, /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    assert.deepEqual(JSON.parse(text), value);
  });

  it('bounds a message and masks secrets in it', () => {
    const long = boundLength('y'.repeat(300_000));
    assert.ok(long.length < 2100);
    assert.equal(redactorFor(['S3cretValue42'])('echo S3cretValue42 and S3cretValue42'), 'echo *** and ***');
  });
});
