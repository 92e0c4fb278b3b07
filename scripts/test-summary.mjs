#!/usr/bin/env node
// Adds up the test reports of one `npm test` run (Node's test runner writes
// TAP files, the real-VS-Code phases write Mocha's report) and prints one
// closing line: "tests: N passed, M failed". Exit code 1 when a report is
// missing or any test failed.
import { existsSync, readFileSync } from 'node:fs';

const reports = process.argv.slice(2);
let passed = 0;
let failed = 0;
let missing = 0;
for (const file of reports) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file}`);
    missing++;
    continue;
  }
  const text = readFileSync(file, 'utf8');
  const tapPass = /^# pass (\d+)$/m.exec(text);
  if (tapPass) {
    passed += Number(tapPass[1]);
    failed += Number(/^# fail (\d+)$/m.exec(text)?.[1] ?? 0);
    continue;
  }
  // A VS Code run whose window reloaded counts its whole run in one line (test/vscode/suite/index.ts).
  const whole = /^Whole run[^:\n]*: (\d+) passing, \d+ pending, (\d+) failing$/m.exec(text);
  const mochaPass = whole ? [whole[0], whole[1]] : /^\s*(\d+) passing/m.exec(text);
  const mochaFail = whole ? [whole[0], whole[2]] : /^\s*(\d+) failing/m.exec(text);
  if (!mochaPass && !mochaFail) {
    console.log(`no test counts in ${file}`);
    missing++;
    continue;
  }
  passed += Number(mochaPass?.[1] ?? 0);
  failed += Number(mochaFail?.[1] ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || missing > 0 ? 1 : 0);
