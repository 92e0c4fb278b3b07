// The panel checks' counts as the TAP lines `npm test`'s summary adds up
// (scripts/test-summary.mjs): `--report FILE` on run-harness.mjs and
// run-documents.mjs writes them, with each failure as a comment.

import * as fs from 'node:fs';
import * as path from 'node:path';

/** The value after `--report` on the command line, if any. */
export function reportFile(argv = process.argv) {
  const at = argv.indexOf('--report');
  return at >= 0 ? argv[at + 1] : undefined;
}

export function writeReport(file, passed, failures, notes = []) {
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const comment = (text) => `# ${String(text).replace(/\s+/g, ' ')}`;
  const lines = [
    `# pass ${passed}`,
    `# fail ${failures.length}`,
    ...failures.map((f) => comment(`failed: ${f}`)),
    ...notes.map((n) => comment(`note: ${n}`)),
  ];
  fs.writeFileSync(file, lines.join('\n') + '\n');
}
