// The page ids a run has handed out, in little memory: a dump of millions of
// pages must not keep a JS Set entry (tens of bytes) per page. Ids of a wiki
// are dense (1 … a few times the page count), so they go in a bitmap of one
// bit per id; an id far above what has been seen (a hostile or odd wiki: huge,
// sparse ids) goes in a plain Set instead, so the bitmap never grows beyond a
// few bits per id added.

/** The bitmap may cover this many ids per id added (plus a start of 1 Mi ids, 128 KiB). */
const BITS_PER_ID = 64;
const START_BITS = 1 << 20;

export class PageIdSet {
  private bits = new Uint32Array(0);
  private readonly sparse = new Set<number>();
  private added = 0;

  has(id: number): boolean {
    if (Number.isSafeInteger(id) && id >= 0 && id < this.bits.length * 32 && (this.bits[id >>> 5]! & (1 << (id & 31))) !== 0) return true;
    // Also an id added before the bitmap grew to cover it.
    return this.sparse.size > 0 && this.sparse.has(id);
  }

  /** Adds `id` (a positive integer; anything else is kept in the Set as it is). */
  add(id: number): void {
    if (this.has(id)) return;
    this.added++;
    if (Number.isSafeInteger(id) && id >= 0 && this.fits(id)) {
      this.bits[id >>> 5]! |= 1 << (id & 31);
      return;
    }
    this.sparse.add(id);
  }

  get size(): number {
    return this.added;
  }

  /** Grows the bitmap to hold `id` when that keeps it within BITS_PER_ID bits per id added. */
  private fits(id: number): boolean {
    if (id < this.bits.length * 32) return true;
    const allowed = Math.max(START_BITS, this.added * BITS_PER_ID);
    if (id >= allowed) return false;
    let size = Math.max(START_BITS, this.bits.length * 32);
    while (size <= id) size *= 2;
    const grown = new Uint32Array(Math.min(size, allowed + 32) >>> 5 || 1);
    if (grown.length * 32 <= id) return false;
    grown.set(this.bits);
    this.bits = grown;
    return true;
  }
}
