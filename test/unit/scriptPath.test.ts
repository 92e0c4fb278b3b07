// Reading a wiki's api.php from one of its pages (for ApiSandbox links that
// name no script path): the EditURI link first, else beside load.php, and
// only on the page's own host. The page is hostile: what it names elsewhere,
// with credentials, or after its head is not taken.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiPhpInPage } from '../../common/src/runner/scriptPath';
import { withEndpoint, type PreparedRequest } from '../../common/src/runner/request';
import '../nodeTransport';

const PAGE = 'https://wiki.example.org/wiki/Special:ApiSandbox';

function head(...tags: string[]): string {
  return `<!DOCTYPE html><html><head><meta charset="UTF-8"/><title>API sandbox</title>${tags.join('\n')}</head><body><p>x</p></body></html>`;
}

describe('the api.php a wiki page names', () => {
  it('is its EditURI link, whatever the script path', () => {
    const html = head(
      '<script async="" src="/mw/load.php?lang=en&amp;modules=startup&amp;only=scripts&amp;raw=1&amp;skin=vector"></script>',
      '<link rel="EditURI" type="application/rsd+xml" href="https://wiki.example.org/mediawiki/api.php?action=rsd"/>',
    );
    assert.equal(apiPhpInPage(html, PAGE), 'https://wiki.example.org/mediawiki/api.php');
    // At the root (the test wiki's layout), and protocol-relative (Wikimedia's).
    assert.equal(
      apiPhpInPage(
        head('<link rel="EditURI" href="http://127.0.0.1:8080/api.php?action=rsd">'),
        'http://127.0.0.1:8080/wiki/Special:ApiSandbox',
      ),
      'http://127.0.0.1:8080/api.php',
    );
    assert.equal(
      apiPhpInPage(head("<link rel='EditURI' href='//wiki.example.org/w/api.php?action=rsd'>"), PAGE),
      'https://wiki.example.org/w/api.php',
    );
  });

  it('is beside its load.php when it has no EditURI link', () => {
    const html = head(
      '<link rel="stylesheet" href="/w2/load.php?lang=en&amp;modules=site.styles&amp;only=styles&amp;skin=vector"/>',
      '<link rel="search" type="application/opensearchdescription+xml" href="/w2/rest.php/v1/search" title="Wiki (en)"/>',
    );
    assert.equal(apiPhpInPage(html, PAGE), 'https://wiki.example.org/w2/api.php');
  });

  it('is undefined when the page names none (not a MediaWiki page)', () => {
    assert.equal(apiPhpInPage('<html><head><title>Not found</title></head><body>nginx</body></html>', PAGE), undefined);
    assert.equal(apiPhpInPage('', PAGE), undefined);
    assert.equal(apiPhpInPage(head('<link rel="EditURI" href="/w/api.php">'), 'not a url'), undefined);
  });

  it('is never on another host, with credentials, or named after the head', () => {
    const elsewhere = head(
      '<link rel="EditURI" href="https://evil.example/w/api.php?action=rsd">',
      '<script src="https://evil.example/w/load.php?modules=startup"></script>',
      '<link rel="EditURI" href="https://user:pw@wiki.example.org/w/api.php?action=rsd">',
      '<link rel="EditURI" href="javascript:alert(1)//api.php">',
    );
    assert.equal(apiPhpInPage(elsewhere, PAGE), undefined);
    // The same host's load.php is taken past a foreign EditURI.
    assert.equal(
      apiPhpInPage(head('<link rel="EditURI" href="https://evil.example/api.php">', '<script src="/x/load.php?y=1"></script>'), PAGE),
      'https://wiki.example.org/x/api.php',
    );
    const inBody = '<html><head><title>t</title></head><body><link rel="EditURI" href="/w/api.php?action=rsd"></body></html>';
    assert.equal(apiPhpInPage(inBody, PAGE), undefined);
  });

  it("keeps the page's scheme: never http:// from an https:// page, nor another port (the redirect rule)", () => {
    const downgraded = head(
      '<link rel="EditURI" href="http://wiki.example.org/w/api.php?action=rsd">',
      '<script src="http://wiki.example.org/w/load.php?modules=startup"></script>',
      '<link rel="EditURI" href="https://wiki.example.org:8443/w/api.php?action=rsd">',
    );
    assert.equal(apiPhpInPage(downgraded, PAGE), undefined);
    // Past a downgraded EditURI, the page's own https load.php is taken.
    assert.equal(
      apiPhpInPage(head('<link rel="EditURI" href="http://wiki.example.org/w/api.php">', '<script src="/w/load.php?y=1"></script>'), PAGE),
      'https://wiki.example.org/w/api.php',
    );
    // An http page may name its https api.php (the same name, the default port), as a redirect may lead there.
    assert.equal(
      apiPhpInPage(
        head('<link rel="EditURI" href="https://wiki.example.org/w/api.php?action=rsd">'),
        'http://wiki.example.org/wiki/Main_Page',
      ),
      'https://wiki.example.org/w/api.php',
    );
  });

  it('reads a huge page without a head end in bounded time', () => {
    const huge = '<html><head>' + '<meta name="x" content="y">'.repeat(400_000) + '<link rel="EditURI" href="/w/api.php">';
    const started = Date.now();
    assert.equal(apiPhpInPage(huge, PAGE), undefined, 'past the first 512 KB nothing is read');
    assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
  });
});

describe('a request whose endpoint is decided', () => {
  it('has nothing left to look up on a page', () => {
    const request: PreparedRequest = {
      endpoint: 'https://wiki.example.org/w/api.php',
      endpointSensitive: false,
      params: [],
      query: { name: 'q', index: 0, firstLine: 0 },
      notes: [],
      endpointPage: PAGE,
    };
    const moved = withEndpoint(request, 'http://127.0.0.1:9/api.php');
    assert.equal(moved.endpoint, 'http://127.0.0.1:9/api.php');
    assert.equal(moved.endpointPage, undefined);
  });
});
