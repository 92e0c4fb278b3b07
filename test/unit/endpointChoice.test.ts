// Where a query goes (common/src/endpointChoice.ts): the one rule the editor
// and the CLI share, as a precedence table, and the no-endpoint sentence in
// each surface's own words.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest, withEndpoint } from '../../common/src/runner/request';
import { RunnerError } from '../../common/src/runner/errors';
import { fallbackEndpoint, readWorkspaceFile, type FallbackSources } from '../../common/src/endpointChoice';

const URL_LINE = 'https://url.example/w/api.php';
const AT_ENDPOINT = 'https://at.example/w/api.php';
const PICKED = 'https://picked.example/w/api.php';
const DEFAULT = 'https://default.example/w/api.php';
const SETTING = 'https://setting.example/w/api.php';
const OVERRIDE = 'https://override.example/w/api.php';

const workspace = readWorkspaceFile(`// comments allowed
{
  "default": "dev",
  "environments": {
    "dev": { "endpoint": "${DEFAULT}" },
    "prod": { "endpoint": "${PICKED}", "user": "Me@bot" },
  },
}`);

/** Where the first query of `text` goes, by the whole rule: override, URL line, @endpoint, then the fallback. */
function destination(text: string, sources: Partial<FallbackSources>, override?: string): string | undefined {
  const doc = parseDocument(text);
  const fallback = fallbackEndpoint({ environments: workspace.environments, fileDefault: workspace.default, ...sources });
  const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: fallback.endpoint, surface: 'cli' });
  return override ? withEndpoint(request, override).endpoint : request.endpoint;
}

const bare = '### Q\nlist=allpages\n';
const withAt = `@endpoint = ${AT_ENDPOINT}\n${bare}`;
const withUrl = `@endpoint = ${AT_ENDPOINT}\n### Q\n${URL_LINE}?action=query&list=allpages\n`;

describe('where a query goes: one precedence for the editor and the CLI', () => {
  const table: [string, string, Partial<FallbackSources>, string | undefined, string][] = [
    ['--endpoint over everything', withUrl, { picked: 'prod', setting: SETTING }, OVERRIDE, OVERRIDE],
    ['the URL line over @endpoint and environments', withUrl, { picked: 'prod', setting: SETTING }, undefined, URL_LINE],
    ['@endpoint over environments and the setting', withAt, { picked: 'prod', setting: SETTING }, undefined, AT_ENDPOINT],
    ['the picked environment (--env, the status bar) over the default', bare, { picked: 'prod', setting: SETTING }, undefined, PICKED],
    ['.mwquery.json\'s "default" when none is picked', bare, { setting: SETTING }, undefined, DEFAULT],
    ['the setting when "None" was picked', bare, { picked: '', setting: SETTING }, undefined, SETTING],
    ['the setting when there is no environment', bare, { environments: [], fileDefault: undefined, setting: SETTING }, undefined, SETTING],
  ];
  for (const [title, text, sources, override, expected] of table) {
    it(title, () => assert.equal(destination(text, sources, override), expected));
  }

  it('a pick that names no environment is reported, and falls to the setting (never to the default)', () => {
    const f = fallbackEndpoint({ environments: workspace.environments, fileDefault: 'dev', picked: 'staging', setting: SETTING });
    assert.deepEqual(f, { endpoint: SETTING, unknownPick: 'staging' });
    assert.equal(fallbackEndpoint({ environments: workspace.environments, picked: 'prod' }).environment?.user, 'Me@bot');
  });

  it("no endpoint at all: each surface names its own options, never the other's", () => {
    const doc = parseDocument(bare);
    const message = (surface: 'cli' | 'editor') => {
      try {
        buildRequest(doc.queries[0]!, new VariableScope(doc), { surface });
      } catch (error) {
        assert.ok(error instanceof RunnerError);
        return error.message;
      }
      assert.fail('no error');
    };
    assert.match(message('cli'), /--endpoint URL, or --env NAME of a \.mwquery\.json/);
    assert.doesNotMatch(message('cli'), /mwquery\.endpoint|status bar/);
    assert.match(message('editor'), /status bar .*mwquery\.endpoint/);
    assert.doesNotMatch(message('editor'), /--endpoint|--env/);
  });

  it('reads .mwquery.json with comments; a file that holds no object is a SyntaxError', () => {
    assert.deepEqual(
      workspace.environments.map((e) => e.name),
      ['dev', 'prod'],
    );
    assert.equal(workspace.default, 'dev');
    assert.throws(() => readWorkspaceFile('[1]'), SyntaxError);
    assert.throws(() => readWorkspaceFile('{ "a": }'), SyntaxError);
  });
});
