import type { Clock } from '../../../lib/clock';
import { tooManyRequests, type RateRule } from './rules';
import type { CounterState, RateLimitStore } from './store';

/** How long an attempt waits for attempts ahead of it to be judged before it is refused. */
const ATTEMPT_WAIT_MS = 10_000;
const BUSY_RETRY_SECONDS = 5;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One open attempt (see `RateLimiter.attempt`); settled once, later calls do nothing. */
export class AttemptTicket {
  private settled = false;
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    private readonly grants: Array<{ rule: RateRule; key: string; resetAt: Date }>,
  ) {}

  async failed(): Promise<void> {
    await this.settle(true);
  }

  async succeeded(): Promise<void> {
    await this.settle(false);
  }

  private async settle(failed: boolean) {
    if (this.settled) return;
    this.settled = true;
    for (const grant of this.grants) await this.store.settle(grant.key, grant.resetAt, failed, grant.rule.windowMs, this.clock.now());
  }
}

/** The rules applied to keys, over whichever store is configured. */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  private key(rule: RateRule, subject: string) {
    return `${rule.name}:${subject}`;
  }

  /** Throws 429 when the rule's window is already full for this subject (does not count). */
  async check(rule: RateRule, subject: string): Promise<void> {
    const now = this.clock.now();
    const state = await this.store.peek(this.key(rule, subject), now);
    if (state && state.count >= rule.max) throw tooManyRequests(rule.message, (state.resetAt.getTime() - now.getTime()) / 1000);
  }

  /** Counts one event (e.g. a failed sign-in). */
  async record(rule: RateRule, subject: string): Promise<CounterState> {
    return this.store.hit(this.key(rule, subject), rule.windowMs, this.clock.now());
  }

  /** Checks every rule first, then counts one event against each: a refused request counts nothing. */
  async consume(checks: Array<[RateRule, string]>): Promise<void> {
    for (const [rule, subject] of checks) await this.check(rule, subject);
    for (const [rule, subject] of checks) {
      const now = this.clock.now();
      const state = await this.record(rule, subject);
      if (state.count > rule.max) throw tooManyRequests(rule.message, (state.resetAt.getTime() - now.getTime()) / 1000);
    }
  }

  /**
   * Opens an attempt that only failures count against (a password, a code), for every rule at once.
   * While earlier attempts are still being judged and could fill a rule, this one waits for them
   * (up to `ATTEMPT_WAIT_MS`), so a parallel burst of wrong guesses is judged no more than `max`
   * times per window, while parallel right ones all pass. 429 when a rule already holds `max`
   * failures. The caller settles the ticket: `failed()` counts, `succeeded()` does not.
   */
  async attempt(checks: Array<[RateRule, string]>): Promise<AttemptTicket> {
    const deadline = performance.now() + ATTEMPT_WAIT_MS;
    for (let round = 0; ; round++) {
      const granted: Array<{ rule: RateRule; key: string; resetAt: Date }> = [];
      let refusal: { outcome: 'busy' | 'full'; rule: RateRule; resetAt: Date } | undefined;
      for (const [rule, subject] of checks) {
        const key = this.key(rule, subject);
        const result = await this.store.begin(key, rule.max, rule.windowMs, this.clock.now());
        if (result.outcome !== 'granted') {
          refusal = { outcome: result.outcome, rule, resetAt: result.resetAt };
          break;
        }
        granted.push({ rule, key, resetAt: result.resetAt });
      }
      if (!refusal) return new AttemptTicket(this.store, this.clock, granted);
      for (const grant of granted) await this.store.settle(grant.key, grant.resetAt, false, grant.rule.windowMs, this.clock.now());
      if (refusal.outcome === 'full') {
        throw tooManyRequests(refusal.rule.message, (refusal.resetAt.getTime() - this.clock.now().getTime()) / 1000);
      }
      // Still crowded after the wait: a short retry, not the whole window (nothing failed yet).
      if (performance.now() >= deadline) throw tooManyRequests(refusal.rule.message, BUSY_RETRY_SECONDS);
      // Attempts ahead of this one are being judged; they settle within a password hash or two.
      await sleep(Math.min(200, 10 * 2 ** Math.min(round, 4)) + Math.random() * 10);
    }
  }

  async release(rule: RateRule, subject: string): Promise<void> {
    await this.store.release(this.key(rule, subject), this.clock.now());
  }

  async clear(rule: RateRule, subject: string): Promise<void> {
    await this.store.clear(this.key(rule, subject));
  }
}
