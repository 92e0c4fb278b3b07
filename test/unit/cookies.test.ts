// The cookie jar (pure).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CookieJar, CookieJars } from '../../common/src/runner/cookies';
import '../nodeTransport';

describe('cookie jar', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');

  it('stores Set-Cookie and answers with Cookie for the same host and path', () => {
    const jar = new CookieJar();
    jar.setFromHeaders(
      'https://wiki.example/w/api.php',
      ['testwiki_session=abc123; path=/; secure; HttpOnly', 'UseDC=master; Path=/w; Max-Age=10'],
      now,
    );
    assert.equal(jar.headerFor('https://wiki.example/w/api.php', now), 'UseDC=master; testwiki_session=abc123');
    // Path /w does not match /wiki/...; the session cookie (path /) does.
    assert.equal(jar.headerFor('https://wiki.example/wiki/Main_Page', now), 'testwiki_session=abc123');
    // Secure cookies never over http.
    assert.equal(jar.headerFor('http://wiki.example/w/api.php', now), 'UseDC=master');
    // Another host gets nothing (host-only cookies).
    assert.equal(jar.headerFor('https://other.example/w/api.php', now), undefined);
    assert.equal(jar.headerFor('https://sub.wiki.example/w/api.php', now), undefined);
  });

  it('replaces a cookie of the same name, domain and path, and deletes with Max-Age=0 or a past Expires', () => {
    const jar = new CookieJar();
    const url = 'http://127.0.0.1:8080/api.php';
    jar.setFromHeaders(url, ['a=1; path=/', 'b=2; path=/'], now);
    jar.setFromHeaders(url, ['a=3; path=/'], now);
    assert.equal(jar.headerFor(url, now), 'a=3; b=2');
    jar.setFromHeaders(url, ['a=deleted; path=/; Max-Age=0', 'b=deleted; path=/; expires=Thu, 01 Jan 1970 00:00:01 GMT'], now);
    assert.equal(jar.headerFor(url, now), undefined);
  });

  it('expires cookies with Max-Age (which wins over Expires)', () => {
    const jar = new CookieJar();
    const url = 'https://wiki.example/api.php';
    jar.setFromHeaders(url, ['s=1; Max-Age=60; Expires=Wed, 01 Jan 2020 00:00:00 GMT'], now);
    assert.equal(jar.headerFor(url, now + 59_000), 's=1');
    assert.equal(jar.headerFor(url, now + 61_000), undefined);
  });

  it('accepts Domain cookies for the host and its subdomains, and refuses foreign domains', () => {
    const jar = new CookieJar();
    jar.setFromHeaders(
      'https://en.wikipedia.org/w/api.php',
      ['centralauth_Session=x; domain=.wikipedia.org; path=/', 'evil=1; domain=example.org; path=/'],
      now,
    );
    assert.equal(jar.headerFor('https://de.wikipedia.org/w/api.php', now), 'centralauth_Session=x');
    assert.equal(jar.headerFor('https://example.org/', now), undefined);
    assert.deepEqual(
      jar.list(now).map((c) => c.name),
      ['centralauth_Session'],
    );
  });

  it('keeps one jar per endpoint, so two wikis on one host never share a session', () => {
    const jars = new CookieJars();
    const a = 'http://127.0.0.1:8001/api.php';
    const b = 'http://127.0.0.1:8002/api.php';
    jars.forEndpoint(a).setFromHeaders(a, ['session=A; path=/'], now);
    assert.equal(jars.forEndpoint(a).headerFor(a, now), 'session=A');
    assert.equal(jars.forEndpoint(b).headerFor(b, now), undefined);
    assert.equal(jars.forEndpoint(a), jars.forEndpoint(a));
  });

  it('ignores malformed cookies', () => {
    const jar = new CookieJar();
    jar.setFromHeaders('https://w.example/', ['=novalue', 'noequals', '; path=/'], now);
    assert.deepEqual(jar.list(now), []);
  });
});
