// One table of diagnostic codes (server/src/service/diagnostics/codes.ts) and
// the users' documentation of them (docs/file-format.md, "Diagnostics") hold
// the same codes with the same severities; and every code the checker emits is
// typed against the table, so a new code cannot be added without a row.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { DIAGNOSTIC_CODES } from '../../server/src/service/diagnostics/codes';

const LETTER = { error: 'E', warning: 'W', information: 'I', hint: 'H' } as const;

function documentedCodes(): Map<string, string> {
  const text = readFileSync(path.join(__dirname, '..', '..', 'docs', 'file-format.md'), 'utf8');
  const section = text.slice(text.indexOf('## Diagnostics'));
  const rows = new Map<string, string>();
  for (const match of section.matchAll(/^\| `([a-z-]+)` \| ([EWIH]) \|/gm)) rows.set(match[1]!, match[2]!);
  return rows;
}

describe('diagnostic codes: one table, documented', () => {
  const documented = documentedCodes();

  it('every code of the table has a row in docs/file-format.md with its severity', () => {
    for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
      assert.equal(documented.get(code), LETTER[info.severity], `docs/file-format.md row for ${code}`);
    }
  });

  it('every documented code is in the table', () => {
    assert.ok(documented.size >= 25, `rows found: ${documented.size}`);
    for (const code of documented.keys()) assert.ok(Object.hasOwn(DIAGNOSTIC_CODES, code), `${code} is in DIAGNOSTIC_CODES`);
  });

  it("API codes have no dashes, the editor's own have", () => {
    for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
      assert.equal(code.includes('-'), info.origin === 'editor' && code !== 'syntax', code);
    }
  });
});
