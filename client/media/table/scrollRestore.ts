// Putting a scroller back where the user left it after the page was
// recreated: the host replays the rows page by page, so the position may be
// reachable only after a few pages. The user scrolling ends the attempt.

export class ScrollRestore {
  private pending: { top: number; left: number; keepTrying: () => boolean } | undefined;

  constructor(private readonly element: HTMLElement) {
    for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const) {
      element.addEventListener(type, () => (this.pending = undefined), { passive: true });
    }
  }

  /** A restore in progress: scroll events are ours, not the user's. */
  get active(): boolean {
    return this.pending !== undefined;
  }

  /** `keepTrying` says whether more rows may still come. */
  start(top: number, left: number, keepTrying: () => boolean): void {
    this.pending = { top, left, keepTrying };
  }

  /** Scrolls there as far as the content allows; done when reached or no more rows will come. */
  apply(): void {
    const p = this.pending;
    if (!p) return;
    this.element.scrollTop = p.top;
    this.element.scrollLeft = p.left;
    const reached = Math.abs(this.element.scrollTop - p.top) < 1 && Math.abs(this.element.scrollLeft - p.left) < 1;
    if (reached || !p.keepTrying()) this.pending = undefined;
  }
}
