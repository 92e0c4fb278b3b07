// The rows of a many-wiki run on their way out (runMany.ts). Every wiki's
// pages queue here in the order they came and leave together, one write each
// time the event loop comes round: 4,000 small pages are tens of writes, not
// 4,000, and no wiki waits for the others' writes before its next request.
// Back-pressure only above a high-water mark: while more than `highWater`
// rows wait (a full pipe, a slow disk), `room()` holds every wiki's next
// request until they are written, so memory stays flat however slow the
// consumer is.

import type { Row } from '../../common/src/row';

/** Rows queued before the wikis' next requests wait for the output (about 1 page of 500 rows per wiki of 16 in flight, and some). */
export const HIGH_WATER_ROWS = 10_000;

export interface QueuedRows {
  wiki: string;
  rows: Row[];
}

export class RowQueue {
  private queued: QueuedRows[] = [];
  private queuedRows = 0;
  private draining: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly write: (lists: readonly QueuedRows[]) => Promise<void>,
    private readonly highWater = HIGH_WATER_ROWS,
  ) {}

  /** Queues a wiki's rows; they are written when the event loop comes round (after the other answers of this turn). */
  push(wiki: string, rows: Row[]): void {
    if (this.failure || !rows.length) return;
    this.queued.push({ wiki, rows });
    this.queuedRows += rows.length;
    this.draining ??= this.drain();
  }

  /** Undefined when a wiki may send its next request at once; while more than the high-water mark waits to be written, what resolves when it is. */
  room(): Promise<void> | undefined {
    return this.queuedRows > this.highWater && this.draining ? this.draining : undefined;
  }

  /** Everything queued is written (or the output failed: the first error, rows after it dropped). */
  async settled(): Promise<{ error: unknown } | undefined> {
    while (this.draining) await this.draining;
    return this.failure;
  }

  private async drain(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queued.length) {
      const lists = this.queued;
      this.queued = [];
      try {
        if (!this.failure) await this.write(lists);
      } catch (error) {
        this.failure = { error };
      }
      for (const l of lists) this.queuedRows -= l.rows.length;
    }
    this.draining = undefined;
  }
}
