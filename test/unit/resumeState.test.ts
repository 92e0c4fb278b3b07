// The resume state beside `mwq run --all -o OUT` (cli/src/resumeState.ts):
// read back field by field, an edited or foreign file is not a state, and the
// identity of a run holds no value of its query.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseState, resumeIdentity } from '../../cli/src/resumeState';
import type { PreparedRequest } from '../../common/src/runner/request';

const D = 'a'.repeat(64);
const good = {
  version: 1,
  query: D,
  endpoint: D,
  continue: { apcontinue: 'B', continue: '-||' },
  rows: 500,
  bytes: 21000,
  pages: 1,
  complete: false,
};

function request(secret: string, endpoint = 'https://wiki.example/w/api.php'): PreparedRequest {
  return {
    endpoint,
    endpointSensitive: false,
    params: [
      { name: 'action', value: 'query', sensitive: false },
      { name: 'list', value: 'allpages', sensitive: false },
      { name: 'apfrom', value: secret, sensitive: true },
    ],
    query: { name: 'q', index: 0, firstLine: 0 },
    notes: [],
  };
}

describe('resume state', () => {
  it('reads a state back as written', () => {
    assert.deepEqual(parseState(JSON.stringify(good)), good);
    const done = { ...good, complete: true } as Record<string, unknown>;
    delete done.continue;
    assert.deepEqual(parseState(JSON.stringify(done)), done);
    const viewed = { ...good, view: { expand: '', flatten: ['revisions'] } };
    assert.deepEqual(parseState(JSON.stringify(viewed)), viewed, 'the view the rows were written in');
  });

  it('refuses files that are not a state: other versions, bad digests, negative or fractional counts, non-string continue values', () => {
    const bad: unknown[] = [
      'not json',
      '[]',
      { ...good, version: 2 },
      { ...good, query: 'x' },
      { ...good, endpoint: D.toUpperCase() },
      { ...good, rows: -1 },
      { ...good, bytes: 1.5 },
      { ...good, pages: '1' },
      { ...good, complete: 'no' },
      { ...good, continue: { apcontinue: 5 } },
      { ...good, continue: ['a'] },
      { ...good, view: { expand: 1, flatten: [] } },
      { ...good, view: { expand: '', flatten: [2] } },
    ];
    for (const b of bad) assert.equal(parseState(typeof b === 'string' ? b : JSON.stringify(b)), undefined, JSON.stringify(b));
  });

  it('the identity is digests: the same for the same query, different for another endpoint, and never the secret value', () => {
    const a = resumeIdentity(request('TopSecretValue'), { expand: undefined });
    assert.deepEqual(a, resumeIdentity(request('TopSecretValue'), { expand: undefined }));
    assert.notEqual(a.endpoint, resumeIdentity(request('TopSecretValue', 'https://other.example/w/api.php'), {}).endpoint);
    assert.notEqual(a.query, resumeIdentity(request('TopSecretValue'), { expand: 'revisions' }).query);
    assert.match(a.query, /^[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(a).includes('TopSecretValue'));
  });
});
