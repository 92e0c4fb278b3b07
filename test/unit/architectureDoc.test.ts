// docs/architecture.md is a true map: every path it names exists, and every
// name it gives in parentheses right after a path, `path` (`a`, `b`), is
// exported by that file. Paths are the repository's own (from its root).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..');
const doc = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');

/** Top-level folders a path in the doc starts with. */
const PATH_START = /^(client|server|common|test|scripts|docs|bench|syntaxes|media)\//;

/** Backticked paths in the prose, and the paths that start the lines of the layer map. */
function mentionedPaths(text: string): string[] {
  const out = new Set<string>();
  const [prose, blocks] = splitBlocks(text);
  for (const m of prose.matchAll(/`([^`\s]+)`/g)) if (PATH_START.test(m[1]!)) out.add(m[1]!);
  for (const line of blocks.split('\n')) {
    const head = /^(\S+(?:, \S+)*)\s{2,}/.exec(line)?.[1] ?? /^(\S+)$/.exec(line.trim())?.[1];
    for (const p of head?.split(', ') ?? []) if (PATH_START.test(p)) out.add(p.replace(/,$/, ''));
  }
  return [...out];
}

function splitBlocks(text: string): [prose: string, blocks: string] {
  const parts = text.split(/^```.*$/m);
  return [parts.filter((_, i) => i % 2 === 0).join('\n'), parts.filter((_, i) => i % 2 === 1).join('\n')];
}

/** `path` (`a`, `b` …): the names given for a path, up to the closing parenthesis. */
function namesByPath(text: string): [string, string[]][] {
  const [prose] = splitBlocks(text);
  const flat = prose.replace(/\s+/g, ' ');
  const out: [string, string[]][] = [];
  for (const m of flat.matchAll(/`([^`\s]+\.ts)` \(([^()]*)\)/g)) {
    const names = [...m[2]!.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((n) => n[1]!);
    // Only the names at the start of the parenthesis, before any prose ("`a`, `b`: the …").
    const lead = /^(`[A-Za-z_$][\w$]*`(?:, `[A-Za-z_$][\w$]*`)*)/.exec(m[2]!.trim())?.[1];
    if (lead && names.length) out.push([m[1]!, [...lead.matchAll(/`([\w$]+)`/g)].map((n) => n[1]!)]);
  }
  return out;
}

function exportsName(source: string, name: string): boolean {
  const declared = new RegExp(
    `export\\s+(?:declare\\s+)?(?:async\\s+)?(?:function\\*?|const|let|class|abstract class|interface|type|enum)\\s+${name.replace('$', '\\$')}\\b`,
  );
  const listed = new RegExp(`export\\s+(?:type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}`);
  return declared.test(source) || listed.test(source);
}

describe('docs/architecture.md is a true map', () => {
  it('names only paths that exist', () => {
    const paths = mentionedPaths(doc);
    assert.ok(paths.length > 40, `the doc names its paths (${paths.length} found)`);
    const missing = paths.filter((p) => !existsSync(path.join(root, p)));
    assert.deepEqual(missing, []);
  });

  it('gives for a file only names that file exports', () => {
    const pairs = namesByPath(doc);
    assert.ok(pairs.length >= 10, `the doc names what files hold (${pairs.length} found)`);
    const wrong: string[] = [];
    for (const [file, names] of pairs) {
      const source = readFileSync(path.join(root, file), 'utf8');
      for (const name of names) if (!exportsName(source, name)) wrong.push(`${file}: ${name}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('the checks above can fail: a path or a name that is not there is found', () => {
    const probe = 'See `common/src/nowhere.ts` and `common/src/url.ts` (`hostOf`, `notExported`).';
    assert.ok(mentionedPaths(probe).some((p) => !existsSync(path.join(root, p))));
    const [[file, names]] = namesByPath(probe).filter(([f]) => f === 'common/src/url.ts') as [[string, string[]]];
    const source = readFileSync(path.join(root, file), 'utf8');
    assert.deepEqual(
      names.filter((n) => !exportsName(source, n)),
      ['notExported'],
    );
  });
});
