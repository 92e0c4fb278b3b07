// JUnit XML for `mwq test --junit FILE`: one <testsuite> per file, one
// <testcase> per expectation (classname: the query), a <failure> for each
// that failed, an <error> for each its run could not judge (the run failed or
// stopped early: the message is the run's failure). Text from files and wikis is escaped, and characters XML 1.0
// cannot hold are replaced, so no value can break the document.

import type { ExpectationResult } from './check';

export interface JunitCase {
  file: string;
  query: string;
  result: ExpectationResult;
  /** Seconds the query's run took (shared by its expectations). */
  seconds: number;
}

export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function junitXml(cases: readonly JunitCase[]): string {
  const byFile = new Map<string, JunitCase[]>();
  for (const c of cases) {
    const list = byFile.get(c.file) ?? [];
    list.push(c);
    byFile.set(c.file, list);
  }
  const failed = (list: readonly JunitCase[]) => list.filter((c) => !c.result.passed && !c.result.errored).length;
  const errored = (list: readonly JunitCase[]) => list.filter((c) => c.result.errored).length;
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="mwq test" tests="${cases.length}" failures="${failed(cases)}" errors="${errored(cases)}">`,
  ];
  for (const [file, list] of byFile) {
    out.push(
      `  <testsuite name="${xmlText(file)}" tests="${list.length}" failures="${failed(list)}" errors="${errored(list)}" skipped="0">`,
    );
    for (const c of list) {
      const name = `${xmlText(c.result.text)} (line ${c.result.line + 1})`;
      const open = `    <testcase classname="${xmlText(c.query)}" name="${name}" file="${xmlText(file)}" line="${c.result.line + 1}" time="${c.seconds.toFixed(3)}"`;
      if (c.result.passed) out.push(`${open}/>`);
      else {
        const tag = c.result.errored ? 'error' : 'failure';
        out.push(
          `${open}>`,
          `      <${tag} message="${xmlText(c.result.message)}">${xmlText(`${file}:${c.result.line + 1}: @expect ${c.result.text}: ${c.result.message}`)}</${tag}>`,
          `    </testcase>`,
        );
      }
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}
