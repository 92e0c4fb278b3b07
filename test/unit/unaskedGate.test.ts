// The gate of requests nobody asked for (common/src/gate/unaskedGate.ts): its
// decision table, the stand-ins that let a request be built without any
// `$secret`/`$env` value, and the binding of secrets to hosts
// (common/src/accounts/secretBinding.ts).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hostKey, hostSet, StandIns, unaskedGate, UNASKED_WORDS, type UnaskedFacts } from '../../common/src/gate/unaskedGate';
import { cliSecretHosts, cliSecretRefusal, unboundSecrets } from '../../common/src/accounts/secretBinding';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest, withEndpoint } from '../../common/src/runner/request';
import { estimateLookup, planEstimate } from '../../common/src/runner/estimate';
import '../nodeTransport';

const none = { secret: false, env: false, hostUnknown: false };

describe('the gate of requests nobody asked for', () => {
  it('the decision table: trust, then what it carries, then the host, then the contact', () => {
    const rows: [UnaskedFacts, string][] = [
      [{ trusted: true, hostChosen: true }, 'allowed'],
      [{ trusted: true, hostChosen: true, carries: none }, 'allowed'],
      [{ trusted: false, hostChosen: true }, 'untrusted'],
      [{ trusted: false, hostChosen: false, carries: { ...none, secret: true } }, 'untrusted'],
      [{ trusted: true, hostChosen: false }, 'not-chosen'],
      [{ trusted: true, hostChosen: false, anyHost: true }, 'allowed'],
      [{ trusted: true, hostChosen: true, carries: { ...none, secret: true } }, 'secret'],
      [{ trusted: true, hostChosen: true, anyHost: true, carries: { ...none, secret: true } }, 'secret'],
      [{ trusted: true, hostChosen: false, carries: { ...none, secret: true } }, 'secret'],
      [{ trusted: true, hostChosen: true, carries: { ...none, env: true } }, 'env'],
      [{ trusted: true, hostChosen: true, carries: { secret: true, env: true, hostUnknown: true } }, 'no-host'],
      [{ trusted: true, hostChosen: true, contactMissing: true }, 'contact'],
      [{ trusted: true, hostChosen: false, contactMissing: true }, 'not-chosen'],
    ];
    for (const [facts, expected] of rows) {
      const verdict = unaskedGate(facts);
      assert.equal(verdict.allowed ? 'allowed' : verdict.refusal, expected, JSON.stringify(facts));
      if (!verdict.allowed) assert.equal(verdict.word, UNASKED_WORDS[verdict.refusal]);
    }
    assert.equal(UNASKED_WORDS['not-chosen'], 'run it once to choose this wiki');
    assert.equal(UNASKED_WORDS.secret, 'it uses a secret');
  });

  it('hosts are compared as the URL parser spells them, with their port; bare hosts and URLs alike', () => {
    assert.equal(hostKey('HTTPS://Wiki.Example.ORG/w/api.php'), 'wiki.example.org');
    assert.equal(hostKey('http://127.0.0.1:8080/api.php'), '127.0.0.1:8080');
    assert.equal(hostKey('http://0x7f.1:8080/api.php'), '127.0.0.1:8080');
    assert.equal(hostKey('ftp://wiki/api.php'), undefined);
    assert.equal(hostKey('not a url'), undefined);
    assert.deepEqual(
      [...hostSet(['wiki.example.org', 'https://other.org/w/api.php', ' ', undefined, 'Host:81'])],
      ['wiki.example.org', 'other.org', 'host:81'],
    );
  });

  it('stand-ins: a request with the shape of the real one and none of its values; what a lookup would carry', () => {
    const doc = parseDocument(
      '@endpoint = http://127.0.0.1:8790/echo/{{$env MWQ_DEMO_TOKEN}}/api.php\n### Members\nlist=categorymembers\ncmtitle={{$secret watchlist-token}}\n',
    );
    const standIns = new StandIns();
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { external: standIns.lookup });
    assert.equal(hostKey(request.endpoint), '127.0.0.1:8790');
    assert.deepEqual(standIns.used(), [
      { kind: 'env', name: 'MWQ_DEMO_TOKEN' },
      { kind: 'secret', name: 'watchlist-token' },
    ]);
    const lookup = estimateLookup(planEstimate(request));
    const carried = standIns.carried(
      request.endpoint,
      lookup.map(([, v]) => v),
    );
    assert.deepEqual(carried, { secret: true, env: true, hostUnknown: false });
    assert.equal(unaskedGate({ trusted: true, hostChosen: true, carries: carried }).allowed, false);
    assert.match(standIns.writtenBack(request.endpoint), /\/echo\/\{\{\$env MWQ_DEMO_TOKEN\}\}\/api\.php$/);

    // A host named by a value: where it goes is unknown until resolved.
    const hosted = parseDocument('@endpoint = https://{{$env WIKI_HOST}}/w/api.php\n### A\nlist=allpages\n');
    const s2 = new StandIns();
    const r2 = buildRequest(hosted.queries[0]!, new VariableScope(hosted), { external: s2.lookup });
    assert.deepEqual(s2.carried(r2.endpoint, []), { secret: false, env: true, hostUnknown: true });
  });
});

describe('secrets bound to hosts', () => {
  const doc = parseDocument('@endpoint = https://wiki.example.org/w/api.php\n### A\nlist=allpages\napprefix={{$secret token}}\n');
  const request = buildRequest(doc.queries[0]!, new VariableScope(doc), {
    external: (use) => (use.kind === 'secret' ? 'V4lue' : undefined),
  });

  it('a secret goes only to the hosts it was set for; each other host is named', () => {
    assert.deepEqual(
      unboundSecrets(request, () => new Set(['wiki.example.org'])),
      [],
    );
    assert.deepEqual(
      unboundSecrets(request, () => new Set()),
      [{ name: 'token', host: 'wiki.example.org', shown: 'wiki.example.org' }],
    );
    const moved = withEndpoint(request, 'http://127.0.0.1:9/api.php');
    assert.deepEqual(
      unboundSecrets(moved, () => new Set(['wiki.example.org'])).map((u) => u.host),
      ['127.0.0.1:9'],
    );
    // Many wikis: each host the request goes to.
    assert.deepEqual(
      unboundSecrets(request, () => new Set(['wiki.example.org']), ['https://wiki.example.org/w/api.php', 'https://b.org/w/api.php']).map(
        (u) => u.host,
      ),
      ['b.org'],
    );
  });

  it('a host that came from a secret is never shown', () => {
    const d = parseDocument('@endpoint = {{$secret wiki}}\n### A\nlist=allpages\napprefix={{$secret token}}\n');
    const r = buildRequest(d.queries[0]!, new VariableScope(d), {
      external: (use) => (use.kind === 'secret' && use.name === 'wiki' ? 'https://hidden.example.net/w/api.php' : 'x'),
    });
    const unbound = unboundSecrets(r, () => new Set());
    assert.equal(unbound.length, 2);
    for (const u of unbound) assert.ok(!u.shown.includes('hidden.example.net'), u.shown);
    assert.ok(!cliSecretRefusal(unbound[0]!, 'MWQ_SECRET_WIKI_HOSTS').includes('hidden.example'));
  });

  it('the CLI: MWQ_SECRET_NAME_HOSTS (hosts or URLs, commas or blanks) and the host of --endpoint', () => {
    assert.deepEqual([...cliSecretHosts('a.org, https://b.org/w/api.php c.org:8080', undefined)], ['a.org', 'b.org', 'c.org:8080']);
    assert.deepEqual([...cliSecretHosts(undefined, 'http://127.0.0.1:9/api.php')], ['127.0.0.1:9']);
    assert.deepEqual([...cliSecretHosts(undefined, undefined)], []);
    const text = cliSecretRefusal({ name: 'token', host: 'evil.example', shown: 'evil.example' }, 'MWQ_SECRET_TOKEN_HOSTS');
    assert.match(text, /secret "token" to evil\.example/);
    assert.match(text, /MWQ_SECRET_TOKEN_HOSTS=evil\.example/);
    assert.match(text, /--endpoint/);
  });
});
