// The CLI's queue of many wikis' rows (cli/src/rowQueue.ts): written in the order they came, and
// back-pressure only above the high-water mark.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RowQueue, type QueuedRows } from '../../cli/src/rowQueue';

describe('RowQueue', () => {
  it('asks no wait while there is room (room() is undefined), and a promise above the high-water mark until written', async () => {
    const written: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = new RowQueue(async (lists: readonly QueuedRows[]) => {
      await held;
      for (const l of lists) written.push(`${l.wiki}:${l.rows.length}`);
    }, 3);
    assert.equal(queue.room(), undefined);
    queue.push('a', [{ n: 1 }, { n: 2 }]);
    // Two rows wait, under the mark of three: the next request goes out at once.
    assert.equal(queue.room(), undefined);
    queue.push('b', [{ n: 3 }, { n: 4 }]);
    const room = queue.room();
    assert.ok(room instanceof Promise, 'four rows wait, above the mark: the next request waits');
    let free = false;
    void room.then(() => (free = true));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(free, false);
    release();
    await room;
    assert.deepEqual(written, ['a:2', 'b:2']);
    assert.equal(queue.room(), undefined);
    assert.equal(await queue.settled(), undefined);
  });
});
