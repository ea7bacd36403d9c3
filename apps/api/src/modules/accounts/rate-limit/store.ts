/**
 * Fixed-window counters: a window opens at its first hit and lasts `windowMs`. Time comes from the
 * app clock (not the store's), so tests move windows with a ManualClock on either store.
 */
export interface CounterState {
  count: number;
  resetAt: Date;
}

export interface RateLimitStore {
  readonly kind: 'database' | 'redis';
  hit(key: string, windowMs: number, now: Date): Promise<CounterState>;
  peek(key: string, now: Date): Promise<CounterState | null>;
  /** Takes one hit back (never below zero), e.g. an attempt that turned out to succeed. */
  release(key: string, now: Date): Promise<void>;
  clear(key: string): Promise<void>;
  /**
   * Opens an attempt that only a failure will count against (a password, a code), in one atomic
   * step: `full` when `max` failures are already in the window, `busy` when failures plus attempts
   * still being judged reach `max` (the caller waits for them to settle), otherwise `granted` (one
   * more attempt in flight; the window's end identifies the grant for `settle`).
   */
  begin(key: string, max: number, windowMs: number, now: Date): Promise<AttemptGrant>;
  /** Ends a granted attempt: it leaves the in-flight count, and a failure is counted. */
  settle(key: string, grantResetAt: Date, failed: boolean, windowMs: number, now: Date): Promise<void>;
  close(): Promise<void>;
}

export type AttemptGrant = { outcome: 'granted' | 'busy' | 'full'; resetAt: Date };
