// When to try an API request again and how long to wait first:
//   busy (maxlag, ratelimited, 429/502/503/504) → Retry-After (capped) or exponential back-off, `busyRetries` times
//   network (refused, dropped, time-out, JSON cut short) → exponential back-off, `networkRetries` times
// Anything else is final and never reaches the policy.

export interface RetryLimits {
  busyRetries: number;
  networkRetries: number;
  /** First back-off wait (doubled each time). */
  backoffMs: number;
  /** Longest Retry-After honoured, in seconds. */
  maxRetryAfterSeconds: number;
  /** Multiplies every wait (tests use a small one). */
  waitScale: number;
}

export type RetryDecision = { retry: true; waitMs: number } | { retry: false };

export class RetryPolicy {
  private busy = 0;
  private network = 0;
  constructor(private readonly limits: RetryLimits) {}

  /** After a busy answer; `retryAfterSeconds` as the wiki asked (undefined: back off). */
  afterBusy(retryAfterSeconds: number | undefined): RetryDecision {
    this.busy++;
    if (this.busy > this.limits.busyRetries) return { retry: false };
    const seconds =
      retryAfterSeconds === undefined
        ? (this.limits.backoffMs / 1000) * 2 ** (this.busy - 1)
        : Math.min(retryAfterSeconds, this.limits.maxRetryAfterSeconds);
    return { retry: true, waitMs: Math.max(0, seconds * 1000 * this.limits.waitScale) };
  }

  /** After no answer, or an answer cut short. */
  afterNetwork(): RetryDecision {
    this.network++;
    if (this.network > this.limits.networkRetries) return { retry: false };
    return { retry: true, waitMs: Math.max(0, this.limits.backoffMs * 2 ** (this.network - 1) * this.limits.waitScale) };
  }
}
