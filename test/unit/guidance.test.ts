// Guidance for newcomers: the User-Agent and the Wikimedia
// contact rule (no
// placeholder host is ever sent, and Wikimedia's wikis are recognised so
// that the editor can ask for a contact first.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EXAMPLE_WORKSPACE_FILE } from '../../client/src/jsonc';
import { parseJsonc } from '../../common/src/jsonc';
import { isWikimediaEndpoint, looksLikeContact } from '../../common/src/wikimediaHosts';
import { userAgent } from '../../common/src/runner/http';
import { MWQUERY_VERSION } from '../../common/src/runner/version';
import '../nodeTransport';

describe('User-Agent', () => {
  it('names the contact when one is set', () => {
    assert.equal(userAgent({ contact: ' User:Me ' }), `mwquery/${MWQUERY_VERSION} (User:Me)`);
  });

  it('sends no placeholder without a contact', () => {
    assert.equal(userAgent({}), `mwquery/${MWQUERY_VERSION}`);
    assert.equal(userAgent({ contact: '   ' }), `mwquery/${MWQUERY_VERSION}`);
    assert.doesNotMatch(userAgent(), /example|invalid|\(/);
  });
});

describe('Wikimedia endpoints', () => {
  it('recognises the Wikimedia wikis', () => {
    for (const e of [
      'https://en.wikipedia.org/w/api.php',
      'https://www.wikidata.org/w/api.php',
      'https://commons.wikimedia.org/w/api.php',
      'https://meta.wikimedia.org/w/api.php',
      'https://fr.wiktionary.org/w/api.php',
      'https://www.mediawiki.org/w/api.php',
      'https://EN.M.WIKIPEDIA.ORG./w/api.php',
    ]) {
      assert.equal(isWikimediaEndpoint(e), true, e);
    }
  });

  it('leaves other wikis alone, including look-alikes', () => {
    for (const e of [
      'http://127.0.0.1:8080/api.php',
      'https://wiki.example.org/api.php',
      'https://notwikipedia.org/api.php',
      'https://wikipedia.org.evil.example/api.php',
      'not a url',
    ]) {
      assert.equal(isWikimediaEndpoint(e), false, e);
    }
  });

  it('accepts a contact people can reach, refuses placeholders', () => {
    for (const c of ['me@example.net', 'https://meta.wikimedia.org/wiki/User:Me', 'User:Me']) assert.equal(looksLikeContact(c), true, c);
    for (const c of ['', 'me', 'https://example.invalid/mwquery', 'me@example.com', 'a\nb@c.d'])
      assert.equal(looksLikeContact(c), false, c);
  });
});

describe('.mwquery.json with comments', () => {
  it('reads the example the extension writes', () => {
    const json = parseJsonc(EXAMPLE_WORKSPACE_FILE) as { environments: Record<string, { endpoint: string }> };
    assert.deepEqual(Object.keys(json.environments), ['enwiki']);
    assert.equal(json.environments.enwiki!.endpoint, 'https://en.wikipedia.org/w/api.php');
  });

  it('keeps // and /* inside strings, drops comments and trailing commas', () => {
    assert.deepEqual(parseJsonc('{ "a": "http://x/*y*/", /* c */ "b": [1, 2,], // d\n "e": "q\\"//" , }'), {
      a: 'http://x/*y*/',
      b: [1, 2],
      e: 'q"//',
    });
    assert.throws(() => parseJsonc('{ "a": }'), SyntaxError);
  });
});
