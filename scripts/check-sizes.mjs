#!/usr/bin/env node
// The size rules of the product code (client/, server/, common/, cli/): no
// file over 400 lines, no function over 100 lines, except the two composition
// roots (`activate`, `startServer`), which stay under 120. Functions are read
// from TypeScript's own syntax tree (declarations, methods, arrow functions and
// function expressions of 100+ lines). Run by `npm run lint`;
// `node scripts/check-sizes.mjs --list` prints every function over 60 lines.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

const root = process.argv.includes('--repo') ? path.resolve(process.argv[process.argv.indexOf('--repo') + 1]) : process.cwd();
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 100;
const ROOT_FUNCTIONS = new Map([
  ['activate', 120],
  ['startServer', 120],
]);

/** The product's TypeScript files, as git knows them (tracked and untracked, not ignored). */
function productFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'client', 'server', 'common', 'cli'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\n').filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && fs.existsSync(path.join(root, f)));
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

/** Every function of a file with its length in lines. */
export function functionLengths(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = [];
  const visit = (node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessor(node) ||
        ts.isSetAccessor(node)) &&
      node.body
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      out.push({ name: ts.isConstructorDeclaration(node) ? 'constructor' : nameOf(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function main() {
  const problems = [];
  const list = process.argv.includes('--list');
  for (const file of productFiles()) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) problems.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES}: split it by job)`);
    for (const f of functionLengths(file, text)) {
      const max = ROOT_FUNCTIONS.get(f.name) ?? MAX_FUNCTION_LINES;
      if (f.lines > max) problems.push(`${file}:${f.line}: ${f.name} is ${f.lines} lines (at most ${max})`);
      else if (list && f.lines > 60) console.log(`${file}:${f.line}: ${f.name} ${f.lines} lines`);
    }
  }
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(`check-sizes: ${problems.length} problem(s).`);
    process.exitCode = 1;
  } else console.log('check-sizes: no product file over 400 lines, no function over 100 (composition roots under 120).');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
