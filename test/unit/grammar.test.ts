// The TextMate grammar, tokenised by the same engine VS Code uses.

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

/** Each token's text with its most specific scope, line by line. */
function tokens(text: string): [string, string][][] {
  let state = textmate.INITIAL;
  return text.split('\n').map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    return result.tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes.at(-1)!] as [string, string]);
  });
}

describe('TextMate grammar', () => {
  let tokenised: [string, string][][] | undefined;
  const sample = () =>
    (tokenised ??= tokens(
      '# a comment\n@page = Foo\n### Recent edits\nlist=recentchanges|allpages\nrclimit=max\ntitles={{page}}|{{$secret tok}}\n   |more\nredirects\nhttps://w.org/w/api.php?action=query&list=x',
    ));

  const scopeOf = (line: number, text: string) => sample()[line]!.find(([t]) => t === text)?.[1];

  it('scopes comments, variables and query headers', () => {
    assert.equal(scopeOf(0, '# a comment'), 'comment.line.mwquery');
    assert.equal(scopeOf(1, 'page'), 'variable.other.definition.mwquery');
    assert.equal(scopeOf(2, '###'), 'punctuation.definition.heading.mwquery');
    assert.equal(scopeOf(2, 'Recent edits'), 'entity.name.section.mwquery');
  });

  it('scopes names, separators, values and the | between values', () => {
    assert.equal(scopeOf(3, 'list'), 'variable.parameter.name.mwquery');
    assert.equal(scopeOf(3, '='), 'keyword.operator.assignment.mwquery');
    assert.equal(scopeOf(3, 'recentchanges'), 'string.unquoted.value.mwquery');
    assert.equal(scopeOf(3, '|'), 'punctuation.separator.value.mwquery');
    assert.equal(scopeOf(4, 'max'), 'constant.language.max.mwquery');
    assert.equal(scopeOf(7, 'redirects'), 'variable.parameter.name.mwquery');
  });

  it('scopes variable uses, $secret, continuation lines and URL lines', () => {
    assert.equal(scopeOf(5, 'page'), 'variable.other.readwrite.mwquery');
    assert.equal(scopeOf(5, '$secret'), 'support.function.mwquery');
    assert.equal(scopeOf(6, '|'), 'punctuation.separator.value.mwquery');
    assert.equal(scopeOf(6, 'more'), 'string.unquoted.value.mwquery');
    assert.equal(scopeOf(8, 'https://w.org/w/api.php'), 'markup.underline.link.endpoint.mwquery');
    assert.equal(scopeOf(8, 'action'), 'variable.parameter.name.mwquery');
  });
});
