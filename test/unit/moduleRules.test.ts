// The rules that live in the API modules' code (server/src/service/diagnostics/moduleRules.ts),
// on plain strings; each is also compared with the real wiki by test/live/agreement.test.ts.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MODULE_RULES } from '../../server/src/service/diagnostics/moduleRules';
import { diagnose } from './serviceHelpers';

const codes = (text: string) => diagnose(text).map((d) => `${d.code}@${d.covered}`);

describe('module rules', () => {
  it('exactly one of: none is missingparam on the module, two are invalidparammix on the second', () => {
    assert.deepEqual(codes('list=categorymembers\n'), ['missingparam@categorymembers']);
    assert.deepEqual(codes('list=categorymembers\ncmtitle=Category:A\ncmpageid=1\n'), ['invalidparammix@cmpageid']);
    assert.deepEqual(codes('list=categorymembers\ncmtitle=Category:A\n'), []);
    // As a generator, with the generator's prefix.
    assert.deepEqual(codes('generator=categorymembers\n'), ['missingparam@categorymembers']);
    assert.deepEqual(codes('generator=categorymembers\ngcmtitle=Category:A\n'), []);
  });

  it('at most one of: even two empty values clash (the API counts a parameter that is present)', () => {
    assert.deepEqual(codes('list=blocks\nbkusers=\nbkip=\n'), ['invalidparammix@bkip']);
    assert.deepEqual(codes('list=blocks\nbkusers=A\n'), []);
  });

  it('requires, requires a value (with the default), excludes values', () => {
    assert.deepEqual(codes('list=allpages\napprlevel=sysop\n'), ['invalidparammix@apprlevel']);
    assert.deepEqual(codes('list=allpages\napprlevel=sysop\napprtype=edit\n'), []);
    assert.deepEqual(codes('list=allimages\naisort=timestamp\naifrom=A\n'), ['invalidparammix@aifrom']);
    assert.deepEqual(codes('list=allimages\naistart=2024-01-01T00:00:00Z\n'), ['invalidparammix@aistart']);
    assert.deepEqual(codes('list=allimages\naifrom=A\n'), []);
    assert.deepEqual(codes('list=alllinks\nalunique\nalprop=ids|title\n'), ['invalidparammix@alunique']);
  });

  it("rvprop=content without rvslots is the API's deprecation warning", () => {
    const d = diagnose('prop=revisions\ntitles=A\nrvprop=content\n');
    assert.deepEqual(
      d.map((x) => x.code),
      ['deprecation'],
    );
    assert.deepEqual(codes('prop=revisions\ntitles=A\nrvprop=content\nrvslots=main\n'), []);
    assert.deepEqual(codes('prop=revisions\ntitles=A\nrvprop=ids|timestamp\n'), []);
  });

  it('every rule names where MediaWiki enforces it', () => {
    assert.ok(MODULE_RULES.length >= 20);
    for (const rule of MODULE_RULES) assert.match(rule.source, rule.action ? /^Api\w+::\w+/ : /^ApiQuery\w+::\w+/, JSON.stringify(rule));
  });
});
