// The rules of a folder of runs (RunFolderStore), which the desktop's files
// and the browser's storage share, on a folder kept in a Map: which names are
// runs, newest first, the caps, what a save prunes, how large a file is read.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_MAX_RUN_BYTES,
  DEFAULT_MAX_RUNS,
  RunFolderStore,
  runCaps,
  runIdsOf,
  type RunCaps,
  type StoredRun,
} from '../../common/src/results/runRecord';

/** A folder in memory: file name → text. */
class MapRuns extends RunFolderStore {
  readonly files = new Map<string, string>();
  constructor(
    caps: Partial<RunCaps>,
    private readonly name = 'Q',
  ) {
    super(caps);
  }
  protected get recordQuery() {
    return { file: 'q.mwq', name: this.name };
  }
  protected async writeRun(id: string, json: string): Promise<void> {
    this.files.set(`${id}.json`, json);
    for (const past of await this.idsPastCap()) this.files.delete(`${past}.json`);
  }
  protected async readRun(id: string): Promise<string | undefined> {
    const text = this.files.get(`${id}.json`);
    return text !== undefined && new TextEncoder().encode(text).length <= this.maxFileBytes ? text : undefined;
  }
  protected async fileNames(): Promise<string[]> {
    return [...this.files.keys()];
  }
  protected override isOwnRecord(run: StoredRun): boolean {
    return run.query.name === this.name;
  }
  get readLimit(): number {
    return this.maxFileBytes;
  }
}

const run = (id: string, rows = 1) => ({
  id,
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: '2026-01-01T00:00:01Z',
  status: 'complete' as const,
  pages: 1,
  items: rows,
  requestMs: 1,
  hasMore: false,
  requestUrl: 'https://w.example/w/api.php',
  data: Array.from({ length: rows }, (_, i) => ({ title: `Page ${i} ${'x'.repeat(100)}` })),
});
const noRedact = (text: string) => text;

describe('a folder of runs', () => {
  it('names: only `<run id>.json` are runs, newest (largest id) first', () => {
    assert.deepEqual(runIdsOf(['20260101-a.json', 'notes.txt', '20260103-c.json', '../x.json', '.json', '20260102-b.json']), [
      '20260103-c',
      '20260102-b',
      '20260101-a',
    ]);
  });

  it('caps: the defaults where none is given; never under 1 KiB a run or one run', () => {
    assert.deepEqual(runCaps(), { maxRuns: DEFAULT_MAX_RUNS, maxRunBytes: DEFAULT_MAX_RUN_BYTES });
    assert.deepEqual(runCaps({ maxRuns: 0, maxRunBytes: 10 }), { maxRuns: 1, maxRunBytes: 1024 });
    assert.deepEqual(runCaps({ maxRuns: 3, maxRunBytes: 5000 }), { maxRuns: 3, maxRunBytes: 5000 });
  });

  it('a save past maxRuns deletes the oldest; list and latest go newest first, latest skips the one named', async () => {
    const store = new MapRuns({ maxRuns: 2 });
    for (const id of ['20260101-a', '20260102-b', '20260103-c']) await store.save(run(id), noRedact);
    assert.deepEqual([...store.files.keys()].sort(), ['20260102-b.json', '20260103-c.json']);
    assert.deepEqual(
      (await store.list()).map((r) => r.id),
      ['20260103-c', '20260102-b'],
    );
    assert.equal((await store.latest())?.id, '20260103-c');
    assert.equal((await store.latest('20260103-c'))?.id, '20260102-b');
  });

  it('a run past maxRunBytes keeps the rows that fit (truncated); a file is read up to the larger of the cap and the default', async () => {
    const store = new MapRuns({ maxRunBytes: 2048 });
    const summary = await store.save(run('20260101-a', 50), noRedact);
    assert.equal(summary.truncated, true);
    assert.ok(summary.rows > 0 && summary.rows < 50, String(summary.rows));
    assert.equal(store.readLimit, DEFAULT_MAX_RUN_BYTES + 64 * 1024);
    assert.equal(new MapRuns({ maxRunBytes: 2 * DEFAULT_MAX_RUN_BYTES }).readLimit, 2 * DEFAULT_MAX_RUN_BYTES + 64 * 1024);
  });

  it("load: a bad id, a file not a record, another query's record: none", async () => {
    const store = new MapRuns({});
    await store.save(run('20260101-a'), noRedact);
    assert.equal((await store.load('20260101-a'))?.id, '20260101-a');
    assert.equal(await store.load('../20260101-a'), undefined);
    store.files.set('20260102-b.json', 'not json');
    assert.equal(await store.load('20260102-b'), undefined);
    assert.deepEqual(
      (await store.list()).map((r) => r.id),
      ['20260101-a'],
    );
    const other = new MapRuns({}, 'Other');
    for (const [name, text] of store.files) other.files.set(name, text);
    assert.equal(await other.load('20260101-a'), undefined);
  });
});
