// The TextMate grammar colours `@expect` lines (and leaves `@expect = x`, a variable, alone).

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';

const root = path.join(__dirname, '..', '..');
let grammar: textmate.IGrammar;

before(async () => {
  const wasm = readFileSync(path.join(root, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (s) => new oniguruma.OnigScanner(s),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async () =>
      textmate.parseRawGrammar(readFileSync(path.join(root, 'syntaxes', 'mwquery.tmLanguage.json'), 'utf8'), 'mwquery.tmLanguage.json'),
  });
  grammar = (await registry.loadGrammar('source.mwquery'))!;
});

function scopes(line: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of grammar.tokenizeLine(line, textmate.INITIAL).tokens)
    out.set(line.slice(t.startIndex, t.endIndex).trim(), t.scopes.at(-1)!);
  return out;
}

describe('TextMate grammar: @expect', () => {
  it('scopes the keyword, quantifiers, fields, operators, numbers, strings and regexes', () => {
    const count = scopes('@expect count >= 12');
    assert.equal(count.get('@expect'), 'keyword.control.expect.mwquery');
    assert.equal(count.get('count'), 'keyword.other.expect.mwquery');
    assert.equal(count.get('>='), 'keyword.operator.comparison.mwquery');
    assert.equal(count.get('12'), 'constant.numeric.mwquery');
    const any = scopes('@expect any revisions.user ~ /^all bots$/i');
    assert.equal(any.get('any'), 'keyword.other.expect.mwquery');
    assert.equal(any.get('revisions.user'), 'variable.other.property.mwquery');
    assert.equal(any.get('~'), 'keyword.operator.comparison.mwquery');
    assert.equal(any.get('/^all bots$/i'), 'string.regexp.mwquery');
    assert.equal(scopes('@expect none title == "a \\" b"').get('"a \\" b"'), 'string.quoted.double.mwquery');
    assert.equal(scopes('@expect no warnings').get('warnings'), 'constant.language.expect.mwquery');
  });

  it('leaves a variable named expect a variable', () => {
    assert.equal(scopes('@expect = 3').get('expect'), 'variable.other.definition.mwquery');
  });
});
