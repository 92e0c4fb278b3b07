// No spread of wiki-sized arrays (issue 30): `push(...rows)` passes every row
// as an argument and throws RangeError past ~100,000 (a 200,000-page batch of
// `mwq chart`, the editor's warnings of a long run). Lint refuses it in
// product code; the run's API messages are kept up to a cap.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import { KeptMessages, MAX_KEPT_MESSAGES } from '../../common/src/expect/keptMessages';
import type { ApiMessage } from '../../common/src/runner/apiMessages';

const root = path.resolve(__dirname, '..', '..');
const RULE = 'no-restricted-syntax';

async function spreadErrors(code: string, file: string): Promise<number> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).length;
}

describe('lint: no push(...x) in product code', () => {
  it('refuses push(...x) and unshift(...x) of an array that is not a literal, in every product layer', async () => {
    const probe = 'const rows: number[] = [];\nconst page = [1, 2];\nrows.push(...page);\nrows.unshift(...page.map((x) => x));\n';
    for (const file of ['cli/src/probe.ts', 'common/src/probe.ts', 'client/src/probe.ts', 'client/media/probe.ts', 'server/src/probe.ts'])
      assert.equal(await spreadErrors(probe, file), 2, file);
  });

  it('lets a literal through: push(...[a, b]) and push(...(c ? [a] : []))', async () => {
    const literal = 'const rows: number[] = [];\nconst c = rows.length > 0;\nrows.push(...[1, 2]);\nrows.push(...(c ? [3] : []));\n';
    assert.equal(await spreadErrors(literal, 'common/src/probe.ts'), 0);
  });
});

describe('KeptMessages: the API messages of a run', () => {
  const warning = (i: number): ApiMessage => ({ severity: 'warning', code: 'w', text: `warning ${i}`, module: 'query' });

  it('takes a page of 200,000 warnings: the first 100 kept, the rest counted', () => {
    const kept = new KeptMessages();
    const page = Array.from({ length: 200_000 }, (_, i) => warning(i));
    const added = kept.add(page);
    assert.equal(added.length, MAX_KEPT_MESSAGES);
    assert.equal(kept.kept.length, MAX_KEPT_MESSAGES);
    assert.equal(kept.leftOut, 200_000 - MAX_KEPT_MESSAGES);
  });

  it('keeps the same message of every page once', () => {
    const kept = new KeptMessages();
    assert.equal(kept.add([warning(1), warning(2)]).length, 2);
    assert.deepEqual(kept.add([warning(1), warning(2), warning(3)]), [warning(3)]);
    assert.equal(kept.kept.length, 3);
    assert.equal(kept.leftOut, 0);
  });
});
