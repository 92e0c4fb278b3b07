// The timeline's binning (common/src/chart/timelineBins.ts): every event with
// a time is in exactly one bin, a bin's count, span and first row are its
// events', lanes are the largest first with the rest in one, and an event
// without a time is in none.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { binEvents, columnOf, laneOrder, MAX_LANES, TIME_COLUMNS } from '../../common/src/chart/timelineBins';

function events(n: number, lanes: number): { times: Float64Array; laneIds: Int32Array; rows: Int32Array } {
  const times = new Float64Array(n);
  const laneIds = new Int32Array(n);
  const rows = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    times[k] = k % 97 === 0 ? NaN : 1_700_000_000_000 + ((k * 7919) % 100_000) * 60_000;
    laneIds[k] = (k * k) % lanes;
    rows[k] = k;
  }
  return { times, laneIds, rows };
}

describe('timelineBins', () => {
  it('every timed event is counted once: the bins add up to the events, each bin its own events', () => {
    const { times, laneIds, rows } = events(20_000, 5);
    const b = binEvents(times, laneIds, rows, 5);
    const timed = [...times].filter((t) => t === t).length;
    assert.equal(b.events, timed);
    assert.equal(
      b.bins.reduce((s, bin) => s + bin.count, 0),
      timed,
    );
    for (const bin of b.bins.slice(0, 50)) {
      const inBin = [...times.keys()].filter(
        (k) => times[k] === times[k] && b.laneOfId[laneIds[k]!] === bin.lane && columnOf(times[k]!, b.start, b.end) === bin.column,
      );
      assert.equal(inBin.length, bin.count);
      const ts = inBin.map((k) => times[k]!);
      assert.equal(bin.from, Math.min(...ts));
      assert.equal(bin.to, Math.max(...ts));
      assert.equal(times[bin.row], bin.from, 'the first event is the earliest');
    }
    assert.ok(b.bins.every((bin) => bin.column >= 0 && bin.column < TIME_COLUMNS));
  });

  it('a few events apart each make a bin of one (their own mark)', () => {
    const times = Float64Array.from([0, 1000, 5000, 10_000]);
    const b = binEvents(times, new Int32Array(4), Int32Array.from([0, 1, 2, 3]), 1);
    assert.deepEqual(
      b.bins.map((bin) => [bin.count, bin.row]),
      [
        [1, 0],
        [1, 1],
        [1, 2],
        [1, 3],
      ],
    );
    assert.equal(b.bins.at(-1)!.column, TIME_COLUMNS - 1, 'the last time in the last column');
  });

  it(`lanes: the largest first, beyond ${MAX_LANES} the rest in one lane`, () => {
    const counts = Array.from({ length: 20 }, (_, i) => i + 1);
    const { laneOfId, lanes, othersMerged } = laneOrder(counts);
    assert.equal(lanes.length, MAX_LANES - 1);
    assert.deepEqual(lanes.slice(0, 3), [19, 18, 17]);
    assert.equal(othersMerged, 20 - (MAX_LANES - 1));
    assert.equal(laneOfId[0], MAX_LANES - 1);
    assert.deepEqual([...laneOrder([0, 3, 5]).lanes], [2, 1], 'an empty lane is none');
  });

  it('no times: no bins, no events', () => {
    const b = binEvents(Float64Array.from([NaN, NaN]), new Int32Array(2), Int32Array.from([0, 1]), 1);
    assert.equal(b.events, 0);
    assert.deepEqual(b.bins, []);
  });
});
