import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bindingEndpoint, boundPasswordKey, LEGACY_PASSWORD_PREFIX } from '../../common/src/accounts/passwordBinding';

describe('bot passwords are bound to (endpoint, user)', () => {
  const key = boundPasswordKey('https://wiki.example/w/api.php', 'Bot@app');

  it('the same wiki and user give the same key, however the endpoint is spelled', () => {
    assert.equal(boundPasswordKey('HTTPS://WIKI.example/w/api.php?', 'Bot@app'), key);
    assert.equal(boundPasswordKey(' https://wiki.example/w/api.php#x ', 'Bot@app'), key);
  });

  it('another endpoint, scheme, port, path or user gives another key', () => {
    const others = [
      boundPasswordKey('https://evil.example/w/api.php', 'Bot@app'),
      boundPasswordKey('http://wiki.example/w/api.php', 'Bot@app'),
      boundPasswordKey('https://wiki.example:8443/w/api.php', 'Bot@app'),
      boundPasswordKey('https://wiki.example/other/api.php', 'Bot@app'),
      boundPasswordKey('https://wiki.example/w/api.php', 'Other@app'),
      // Credentials in the URL never make it the same wiki as its host.
      boundPasswordKey('https://wiki.example.evil.example/w/api.php', 'Bot@app'),
    ];
    for (const other of others) assert.notEqual(other, key);
    assert.equal(new Set(others).size, others.length);
  });

  it('an environment name can never produce a bound key', () => {
    assert.ok(key?.startsWith('mwquery.botPassword@'));
    assert.ok(!key?.startsWith(LEGACY_PASSWORD_PREFIX));
  });

  it('endpoints that are not http(s) are not bound to anything', () => {
    assert.equal(boundPasswordKey('file:///etc/passwd', 'Bot@app'), undefined);
    assert.equal(boundPasswordKey('not a url', 'Bot@app'), undefined);
    assert.equal(bindingEndpoint('javascript:alert(1)'), undefined);
  });

  it('user names with separators cannot collide with another pair', () => {
    assert.notEqual(
      boundPasswordKey('https://a.example/api.php', 'x","https://b.example/api.php'),
      boundPasswordKey('https://b.example/api.php', 'x'),
    );
  });
});
