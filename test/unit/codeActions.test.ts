// Quick fixes for too many pages and for deprecated parameters with a
// successor (codeActions.ts), on plain strings.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, documentOf, service } from './serviceHelpers';
import { DEPRECATED_PARAM_SUCCESSORS } from '../../common/src/deprecatedSuccessors';
import { bundledCatalogue } from '../../server/src/service/bundledCatalogue';

function actionsFor(text: string, code: string) {
  const document = documentOf(text);
  const diagnostic = service.validate(document).find((d) => d.code === code);
  assert.ok(diagnostic, `no ${code} diagnostic`);
  return { document, actions: service.codeActions(document, diagnostic.range) };
}

function apply(text: string, code: string, title: RegExp): string {
  const { document, actions } = actionsFor(text, code);
  const action = actions.find((a) => title.test(a.title));
  assert.ok(action, `no action ${title} among ${actions.map((a) => a.title).join(' / ')}`);
  return applyEdits(document, action.edit!.changes![document.uri]!);
}

const pages = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Page ${from + i}`).join('|');

describe('quick fix: split a query naming too many pages', () => {
  it('titles over the limit become queries of at most the limit each, every other line repeated', () => {
    const text = `### Too many\nprop=info\ntitles=${pages(1, 120)}\ninprop=url\n\n### Next\nlist=allpages\n`;
    const fixed = apply(text, 'toomanyvalues', /^Split into 3 queries of at most 50 `titles` each$/);
    assert.equal(
      fixed,
      `### Too many\nprop=info\ntitles=${pages(1, 50)}\ninprop=url\n\n` +
        `### Too many (2 of 3)\nprop=info\ntitles=${pages(51, 100)}\ninprop=url\n\n` +
        `### Too many (3 of 3)\nprop=info\ntitles=${pages(101, 120)}\ninprop=url\n\n### Next\nlist=allpages\n`,
    );
    // The limit is the catalogue's (one home): each part passes the check.
    assert.equal(service.validate(documentOf(fixed)).filter((d) => d.code === 'toomanyvalues').length, 0);
    assert.equal(bundledCatalogue().query.paramByName.get('titles')?.maxValues, 50);
  });

  it('pageids and revids too, and a first query without a header gets headers for its parts', () => {
    const ids = Array.from({ length: 60 }, (_, i) => String(i + 1));
    const fixed = apply(`prop=info\npageids=${ids.join('|')}\n`, 'toomanyvalues', /^Split into 2 queries/);
    assert.equal(
      fixed,
      `prop=info\npageids=${ids.slice(0, 50).join('|')}\n\n### Query (2 of 2)\nprop=info\npageids=${ids.slice(50).join('|')}\n`,
    );
    const revs = apply(`### R\nprop=revisions\nrevids=${ids.join('|')}\n`, 'toomanyvalues', /^Split into 2 queries of at most 50 `revids`/);
    assert.match(revs, /### R \(2 of 2\)\nprop=revisions\nrevids=51\|/);
  });

  it('not offered where the values are not written out (a variable) nor for other parameters', () => {
    const viaVariable = `@many = ${pages(1, 60)}\nprop=info\ntitles={{many}}\n`;
    assert.deepEqual(actionsFor(viaVariable, 'toomanyvalues').actions, []);
    const users = Array.from({ length: 60 }, (_, i) => `U${i}`).join('|');
    assert.deepEqual(actionsFor(`list=users\nususers=${users}\n`, 'toomanyvalues').actions, []);
  });
});

describe('quick fix: replace a deprecated parameter with its successor', () => {
  it('cmstartsortkey → cmstarthexsortkey, the value as the hex of its bytes; Remove is still offered', () => {
    const text = 'list=categorymembers\ncmtitle=Category:Even\ncmstartsortkey=abc\n';
    const { actions } = actionsFor(text, 'deprecation');
    assert.deepEqual(
      actions.map((a) => [a.title, a.isPreferred]),
      [
        ['Replace with `cmstarthexsortkey=616263`', true],
        ['Remove `cmstartsortkey`', false],
      ],
    );
    assert.equal(apply(text, 'deprecation', /^Replace/), 'list=categorymembers\ncmtitle=Category:Even\ncmstarthexsortkey=616263\n');
  });

  it('a flag becomes its successor with its value; a renamed parameter keeps its value; the generator form too', () => {
    assert.equal(
      apply('list=usercontribs\nucuser=Alice\nuctoponly\n', 'deprecation', /^Replace/),
      'list=usercontribs\nucuser=Alice\nucshow=top\n',
    );
    assert.equal(apply('prop=langlinks\ntitles=A\nllurl\n', 'deprecation', /^Replace/), 'prop=langlinks\ntitles=A\nllprop=url\n');
    assert.equal(
      apply('prop=stashimageinfo\nsiisessionkey=abc.jpg\n', 'deprecation', /^Replace with `siifilekey` \(same value\)$/),
      'prop=stashimageinfo\nsiifilekey=abc.jpg\n',
    );
    assert.equal(
      apply('generator=categorymembers\ngcmtitle=Category:X\ngcmendsortkey=z\n', 'deprecation', /^Replace/),
      'generator=categorymembers\ngcmtitle=Category:X\ngcmendhexsortkey=7a\n',
    );
  });

  it('only Remove when the successor is there already or core names none; the message names the successor', () => {
    const both = actionsFor('list=usercontribs\nucuser=Alice\nucshow=new\nuctoponly\n', 'deprecation');
    assert.deepEqual(
      both.actions.map((a) => a.title),
      ['Remove `uctoponly`'],
    );
    assert.deepEqual(
      actionsFor('prop=revisions\ntitles=A\nrvparse\n', 'deprecation').actions.map((a) => a.title),
      ['Remove `rvparse`'],
    );
    const message = service.validate(documentOf('list=random\nrnredirect\n')).find((d) => d.code === 'deprecation')?.message;
    assert.equal(message, '`rnredirect` is deprecated (list=random); use `rnfilterredir=redirects` instead.');
  });

  it('every successor in the table is a known, not deprecated parameter of its module in the bundled catalogue', () => {
    const catalogue = bundledCatalogue();
    for (const [key, successor] of Object.entries(DEPRECATED_PARAM_SUCCESSORS)) {
      const [moduleName, paramName] = key.split('.') as [string, string];
      const module = catalogue.module(moduleName);
      assert.ok(module, key);
      assert.ok(module.params.find((p) => p.name === paramName)?.deprecated, `${key} is deprecated`);
      const next = module.params.find((p) => p.name === successor.name);
      assert.ok(next && !next.deprecated, `${key} → ${successor.name}`);
      if (successor.value !== undefined && next.values) assert.ok(next.values.includes(successor.value), `${key} → ${successor.value}`);
    }
  });
});
