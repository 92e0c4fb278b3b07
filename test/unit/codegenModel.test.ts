// From a query to the parts an exported program is made of: env reads for
// every `$env`/`$secret` and for sensitive literals, nothing resolved.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CODE_TARGETS } from '../../common/src/codegen';
import { exportModel, type ValuePart } from '../../common/src/codegen/model';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';

function model(text: string, options = {}) {
  const doc = parseDocument(text);
  return exportModel(doc.queries[0]!, new VariableScope(doc), options);
}

const param = (m: ReturnType<typeof model>, name: string): ValuePart[] | undefined => m.params.find((p) => p.name === name)?.parts;

describe('export model', () => {
  it('turns $env and $secret into env reads, through variables, keeping the literal parts', () => {
    const m = model('@endpoint = https://{{$env WIKI_HOST}}/w/api.php\n@pre = A{{$secret Pfx}}\nlist=allpages\napprefix={{pre}}-x\n');
    assert.deepEqual(m.endpoint, [
      { kind: 'text', text: 'https://' },
      { kind: 'env', name: 'WIKI_HOST' },
      { kind: 'text', text: '/w/api.php' },
    ]);
    assert.deepEqual(param(m, 'apprefix'), [
      { kind: 'text', text: 'A' },
      { kind: 'env', name: 'MWQ_SECRET_PFX' },
      { kind: 'text', text: '-x' },
    ]);
    assert.deepEqual(m.envNames, ['WIKI_HOST', 'MWQ_SECRET_PFX']);
  });

  it('an endpoint that is only a secret is an env read', () => {
    const m = model('@endpoint = {{$secret wiki}}\nmeta=siteinfo\n');
    assert.deepEqual(m.endpoint, [{ kind: 'env', name: 'MWQ_SECRET_WIKI' }]);
  });

  it('a sensitive parameter written literally is read from MWQ_PARAM_<NAME>, and the literal is in no program', () => {
    const m = model('@endpoint = https://w.example/w/api.php\nmeta=userinfo\ncsrftoken=hunter2+\\\\\n');
    assert.deepEqual(param(m, 'csrftoken'), [{ kind: 'env', name: 'MWQ_PARAM_CSRFTOKEN' }]);
    for (const target of CODE_TARGETS) assert.ok(!target.generate(m).includes('hunter2'), target.id);
  });

  it('a file cannot forge a marker', () => {
    const m = model('@endpoint = https://w.example/w/api.php\nlist=allpages\napprefix=mwqenv000000000000000000000000x0x\n');
    assert.deepEqual(param(m, 'apprefix'), [{ kind: 'text', text: 'mwqenv000000000000000000000000x0x' }]);
  });

  it('a read action other than query is exported with its own action and the runner parameters; a write is refused with its reason', () => {
    const m = model('@endpoint = https://wiki.example/w/api.php\naction=parse\npage=A\nprop=sections\n');
    assert.equal(m.action, 'parse');
    assert.equal(m.textAsked, false);
    assert.deepEqual(
      m.params.map((p) => [p.name, p.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('')]),
      [
        ['action', 'parse'],
        ['format', 'json'],
        ['formatversion', '2'],
        ['errorformat', 'plaintext'],
        ['page', 'A'],
        ['prop', 'sections'],
        ['maxlag', '5'],
      ],
    );
    assert.equal(model('@endpoint = https://wiki.example/w/api.php\naction=feedrecentchanges\nfeedformat=rss\n').textAsked, true);
    assert.equal(model('@endpoint = https://wiki.example/w/api.php\nlist=allpages\n').action, 'query');
    assert.throws(() => model('@endpoint = https://wiki.example/w/api.php\naction=edit\ntitle=A\n'), /action=edit writes to the wiki/);
  });

  it('every target writes the rows rule by answer shape for a read action, and query rows for action=query', () => {
    const parse = model('@endpoint = https://wiki.example/w/api.php\naction=parse\npage=A\n');
    const query = model('@endpoint = https://wiki.example/w/api.php\nlist=allpages\n');
    for (const target of CODE_TARGETS) {
      assert.match(target.generate(parse), /ANSWER_META/, target.id);
      assert.doesNotMatch(target.generate(parse), /INPUT_PARTS/, target.id);
      assert.match(target.generate(query), /INPUT_PARTS/, target.id);
      assert.doesNotMatch(target.generate(query), /ANSWER_META/, target.id);
    }
  });

  it("sends formatversion=2 and maxlag, the file's own maxlag kept", () => {
    const m = model('@endpoint = https://w.example/w/api.php\nlist=allpages\n');
    assert.deepEqual(param(m, 'formatversion'), [{ kind: 'text', text: '2' }]);
    assert.deepEqual(param(m, 'maxlag'), [{ kind: 'text', text: '5' }]);
    assert.equal(model('@endpoint = https://w.example/w/api.php\nlist=allpages\nmaxlag=2\n').maxlag, '2');
  });

  it('puts the contact in the User-Agent, or a placeholder', () => {
    assert.match(
      model('@endpoint = https://w.example/w/api.php\nlist=allpages\n', { contact: 'me@example.org' }).userAgent,
      /\(me@example\.org\)/,
    );
    assert.match(model('@endpoint = https://w.example/w/api.php\nlist=allpages\n').userAgent, /CONTACT/);
  });
});

describe('every generated program compiles, whatever the file holds', () => {
  it('Python programs pass py_compile and JavaScript programs pass node --check, with hostile names and values', async () => {
    const { spawnSync } = await import('node:child_process');
    const { mkdtempSync, rmSync, writeFileSync, existsSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
    const hostile =
      '### Evil """ \' \\ ${process.exit(1)} \u2028 \u202e name\n@endpoint = https://w.example/w/api.php?x="\'\n' +
      'list=allpages\napprefix="""\\"\'\'\'${x}`\u2029\u0000\u200f\nweird.name-x:y=1\n__proto__=2\ncontinue=\nlgpassword=p"w\\\n';
    const m = model(hostile, { contact: 'Me "quoted" \\ \n<me@example.org>' });
    const dir = mkdtempSync(path.join(tmpdir(), 'mwq-compile-'));
    try {
      for (const target of CODE_TARGETS) {
        const file = path.join(dir, `${target.id}.${target.extension}`);
        writeFileSync(file, target.generate(m));
        const r =
          target.extension === 'py'
            ? spawnSync(python, ['-m', 'py_compile', file], { encoding: 'utf8' })
            : spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
        assert.equal(r.status, 0, `${target.id}: ${r.stderr}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
