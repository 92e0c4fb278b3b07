// One 'abort' listener per signal however many requests wait on it (common/src/runner/onAbort.ts).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { onAbort } from '../../common/src/runner/onAbort';
import { sleep } from '../../common/src/runner/http';

describe('onAbort', () => {
  it('32 waits on one signal add one listener, and each is told once when it aborts', async () => {
    const controller = new AbortController();
    const told: number[] = [];
    const forget = Array.from({ length: 32 }, (_, i) => onAbort(controller.signal, () => told.push(i)));
    assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
    forget[0]!();
    controller.abort();
    controller.abort();
    assert.deepEqual(
      told,
      Array.from({ length: 31 }, (_, i) => i + 1),
    );
  });

  it('a forgotten callback is not called; sleep() rejects as cancelled and leaves one listener behind it at most', async () => {
    const controller = new AbortController();
    const waits = Array.from({ length: 20 }, () => sleep(60_000, controller.signal));
    assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
    controller.abort();
    for (const wait of waits) await assert.rejects(wait, /Cancelled/);
    let called = false;
    const other = new AbortController();
    onAbort(other.signal, () => (called = true))();
    other.abort();
    assert.equal(called, false);
  });
});

describe('onAbort: what a forgotten callback leaves behind', () => {
  it("keeps no forgotten callback reachable, the first one's included, while the signal lives on", async () => {
    const { setFlagsFromString } = await import('node:v8');
    const { runInNewContext } = await import('node:vm');
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const controller = new AbortController();
    const refs: WeakRef<object>[] = [];
    for (let i = 0; i < 3; i++) {
      // Each callback holds an object of its own, as a request's `stop` holds its request.
      const held = { i };
      refs.push(new WeakRef(held));
      onAbort(controller.signal, () => void held.i)();
    }
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    assert.deepEqual(
      refs.map((ref) => ref.deref() === undefined),
      [true, true, true],
    );
    assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
  });
});
