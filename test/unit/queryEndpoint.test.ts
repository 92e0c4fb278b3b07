// The status item names the wiki the query under the cursor really goes to:
// its URL line, else the file's @endpoint above it, else the environment.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parseDocument } from '../../common/src/parser';
import { environmentStatusText, ownEndpointAt } from '../../client/src/queryEndpoint';

const env = { name: 'testwiki', endpoint: 'http://127.0.0.1:8080/w/api.php' };
const file = [
  '# head comment',
  '### Before any endpoint',
  'list=allpages',
  '',
  '@endpoint = https://en.wikipedia.org/w/api.php',
  '',
  "### Under the file's endpoint",
  'list=categorymembers',
  '',
  '### Its own URL line',
  'https://user:pw@de.wikipedia.org/w/api.php?action=query&list=allpages',
  '',
  '@endpoint = {{$secret wikiUrl}}',
  '### Under an endpoint made of a secret',
  'list=allusers',
].join('\n');
const doc = parseDocument(file);
const at = (line: number) => ownEndpointAt(doc, line);

test('a query before any @endpoint uses the environment', () => {
  assert.equal(at(2), undefined);
  assert.equal(at(0), undefined);
  const shown = environmentStatusText(at(2), env, undefined, true);
  assert.equal(shown.text, '$(globe) testwiki');
  assert.match(shown.tooltip, /127\.0\.0\.1:8080/);
});

test("a query under the file's @endpoint shows that wiki, not the environment", () => {
  const own = at(7);
  assert.deepEqual(own, { from: '@endpoint', line: 4, host: 'en.wikipedia.org' });
  const shown = environmentStatusText(own, env, undefined, true);
  assert.equal(shown.text, '$(globe) en.wikipedia.org (@endpoint)');
  assert.match(shown.tooltip, /file's @endpoint \(line 5\), not to the environment "testwiki"/);
});

test("a query with a URL line shows its host and never the URL's user name or password", () => {
  const own = at(10);
  assert.deepEqual(own, { from: 'url', line: 10, host: 'de.wikipedia.org' });
  const shown = environmentStatusText(own, env, undefined, true);
  assert.equal(shown.text, '$(globe) de.wikipedia.org (URL line)');
  assert.doesNotMatch(shown.text + shown.tooltip, /user|pw/);
});

test('an @endpoint made of variables is named by where it is, not resolved', () => {
  const own = at(14);
  assert.deepEqual(own, { from: '@endpoint', line: 12, host: undefined });
  const shown = environmentStatusText(own, undefined, undefined, false);
  assert.equal(shown.text, "$(globe) the file's @endpoint");
  assert.doesNotMatch(shown.tooltip, /secret|wikiUrl/);
});

test('with no environment the mwquery.endpoint setting is named, else the offer to set one up', () => {
  assert.equal(
    environmentStatusText(undefined, undefined, 'https://www.mediawiki.org/w/api.php', false).text,
    '$(globe) www.mediawiki.org',
  );
  const none = environmentStatusText(undefined, undefined, '', false);
  assert.equal(none.text, '$(globe) no environment');
  assert.match(none.tooltip, /create \.mwquery\.json/);
});

test('a line past the end of the file is in no query', () => {
  assert.equal(ownEndpointAt(doc, 999), undefined);
});
