import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';

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

export class DatabaseRateLimitStore implements RateLimitStore {
  readonly kind = 'database' as const;
  private hitsSinceSweep = 0;
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number, now: Date): Promise<CounterState> {
    const resetAt = new Date(now.getTime() + windowMs);
    const expired = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
    // Old windows are dead weight; sweep now and then instead of on every hit.
    if (++this.hitsSinceSweep >= 500) {
      this.hitsSinceSweep = 0;
      await this.db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, now));
    }
    return { count: row!.count, resetAt: new Date(row!.resetAt) };
  }

  async peek(key: string, now: Date): Promise<CounterState | null> {
    const [row] = await this.db
      .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, now)));
    return row ? { count: row.count, resetAt: new Date(row.resetAt) } : null;
  }

  async release(key: string, now: Date): Promise<void> {
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, now)));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  }

  async begin(key: string, max: number, windowMs: number, now: Date): Promise<AttemptGrant> {
    const expired = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
    // Granted only when the row's window is over, or it has room for one more attempt being judged.
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, count: 0, pending: 1, resetAt: new Date(now.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then 0 else ${rateLimitCounters.count} end`,
          pending: sql`case when ${expired} then 1 else ${rateLimitCounters.pending} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
        setWhere: sql`${expired} or (${rateLimitCounters.count} < ${max} and ${rateLimitCounters.count} + ${rateLimitCounters.pending} < ${max})`,
      })
      .returning({ resetAt: rateLimitCounters.resetAt });
    if (row) return { outcome: 'granted', resetAt: new Date(row.resetAt) };
    const state = await this.peek(key, now);
    if (!state) return this.begin(key, max, windowMs, now);
    return { outcome: state.count >= max ? 'full' : 'busy', resetAt: state.resetAt };
  }

  async settle(key: string, grantResetAt: Date, failed: boolean, windowMs: number, now: Date): Promise<void> {
    const sameWindow = sql`${rateLimitCounters.resetAt} = ${grantResetAt.toISOString()}::timestamptz`;
    if (!failed) {
      await this.db
        .update(rateLimitCounters)
        .set({ pending: sql`greatest(${rateLimitCounters.pending} - 1, 0)` })
        .where(and(eq(rateLimitCounters.key, key), sameWindow));
      return;
    }
    // A failure counts even if its window ended meanwhile (then it opens the next one).
    const expired = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
    await this.db
      .insert(rateLimitCounters)
      .values({ key, count: 1, pending: 0, resetAt: new Date(now.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          pending: sql`case when ${expired} then 0 when ${sameWindow} then greatest(${rateLimitCounters.pending} - 1, 0) else ${rateLimitCounters.pending} end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      });
  }

  async close(): Promise<void> {}
}

// KEYS[1] counter hash; ARGV: now ms, window ms. Returns { count, resetAt ms }.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset <= now then
  reset = now + window
  redis.call('HSET', KEYS[1], 'count', 0, 'reset', reset)
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('PEXPIRE', KEYS[1], reset - now + 60000)
return { count, reset }
`;

const RELEASE_SCRIPT = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'count') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'count', -1)
end
return 1
`;

// KEYS[1] counter hash; ARGV: now ms, window ms, max. Returns { outcome (1 granted, 0 busy, -1 full), reset ms }.
const BEGIN_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset <= now then
  reset = now + window
  redis.call('HSET', KEYS[1], 'count', 0, 'pending', 0, 'reset', reset)
  redis.call('PEXPIRE', KEYS[1], window + 60000)
end
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local pending = tonumber(redis.call('HGET', KEYS[1], 'pending') or '0')
if count >= max then return { -1, reset } end
if count + pending >= max then return { 0, reset } end
redis.call('HINCRBY', KEYS[1], 'pending', 1)
return { 1, reset }
`;

// KEYS[1] counter hash; ARGV: now ms, window ms, grant reset ms, failed (1/0).
const SETTLE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local grant = tonumber(ARGV[3])
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset == grant and reset > now and tonumber(redis.call('HGET', KEYS[1], 'pending') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'pending', -1)
end
if ARGV[4] == '1' then
  if reset <= now then
    reset = now + window
    redis.call('HSET', KEYS[1], 'count', 0, 'pending', 0, 'reset', reset)
    redis.call('PEXPIRE', KEYS[1], window + 60000)
  end
  redis.call('HINCRBY', KEYS[1], 'count', 1)
end
return 1
`;

export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'orchard:rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 2_000, enableOfflineQueue: true });
    // Errors surface on the command that failed; this only keeps the event from crashing the process.
    this.redis.on('error', () => {});
  }

  /** Redis down or slow: the request fails closed with 503 (not a 500), and nothing is let through unchecked. */
  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw new AppError('UNAVAILABLE', 503, 'This is briefly unavailable. Please try again in a moment.', undefined, {
        'retry-after': '5',
      });
    }
  }

  async hit(key: string, windowMs: number, now: Date): Promise<CounterState> {
    const [count, reset] = (await this.run(() => this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, now.getTime(), windowMs))) as [
      number,
      number,
    ];
    return { count: Number(count), resetAt: new Date(Number(reset)) };
  }

  async peek(key: string, now: Date): Promise<CounterState | null> {
    const [count, reset] = await this.run(() => this.redis.hmget(this.prefix + key, 'count', 'reset'));
    if (count === null || reset === null || Number(reset) <= now.getTime()) return null;
    return { count: Number(count), resetAt: new Date(Number(reset)) };
  }

  async release(key: string, now: Date): Promise<void> {
    await this.run(() => this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key, now.getTime()));
  }

  async clear(key: string): Promise<void> {
    await this.run(() => this.redis.del(this.prefix + key));
  }

  async begin(key: string, max: number, windowMs: number, now: Date): Promise<AttemptGrant> {
    const [outcome, reset] = (await this.run(() => this.redis.eval(BEGIN_SCRIPT, 1, this.prefix + key, now.getTime(), windowMs, max))) as [
      number,
      number,
    ];
    return { outcome: outcome === 1 ? 'granted' : outcome === 0 ? 'busy' : 'full', resetAt: new Date(Number(reset)) };
  }

  async settle(key: string, grantResetAt: Date, failed: boolean, windowMs: number, now: Date): Promise<void> {
    await this.run(() =>
      this.redis.eval(SETTLE_SCRIPT, 1, this.prefix + key, now.getTime(), windowMs, grantResetAt.getTime(), failed ? '1' : '0'),
    );
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

export interface RateRule {
  name: string;
  max: number;
  windowMs: number;
  /** Shown to the person; `{wait}` becomes "45 seconds", "12 minutes", "3 hours". */
  message: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function rateRules(registrationsPerIpPerDay: number) {
  return {
    signInFailuresPerAccount: {
      name: 'signin-fail-account',
      max: 5,
      windowMs: 15 * MINUTE,
      message: 'Too many failed sign-in attempts for this account. Try again in {wait}.',
    },
    signInFailuresPerIp: {
      name: 'signin-fail-ip',
      max: 20,
      windowMs: 15 * MINUTE,
      message: 'Too many failed sign-in attempts from your network. Try again in {wait}.',
    },
    /** Codes typed at /auth/verify, /auth/sign-in-code and /auth/password-reset (on top of 5 tries per code). */
    codeAttemptsPerAccount: {
      name: 'code-account',
      max: 10,
      windowMs: 15 * MINUTE,
      message: 'Too many code attempts for this account. Try again in {wait}.',
    },
    codeAttemptsPerIp: {
      name: 'code-ip',
      max: 30,
      windowMs: 15 * MINUTE,
      message: 'Too many code attempts from your network. Try again in {wait}.',
    },
    sendsPerDestinationMinute: {
      name: 'send-dest-min',
      max: 1,
      windowMs: MINUTE,
      message: 'A message was just sent there. You can ask for another one in {wait}.',
    },
    sendsPerDestinationDay: {
      name: 'send-dest-day',
      max: 10,
      windowMs: DAY,
      message: 'Too many messages were sent there today. Try again in {wait}.',
    },
    sendsPerIpHour: {
      name: 'send-ip-hour',
      max: 30,
      windowMs: HOUR,
      message: 'Too many codes and links were requested from your network. Try again in {wait}.',
    },
    registrationsPerIpDay: {
      name: 'register-ip-day',
      max: registrationsPerIpPerDay,
      windowMs: DAY,
      message: 'Too many accounts were registered from your network today. Try again in {wait}.',
    },
  } satisfies Record<string, RateRule>;
}
export type RateRules = ReturnType<typeof rateRules>;

export function describeWait(seconds: number): string {
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('RATE_LIMITED', 429, message.replace('{wait}', describeWait(seconds)), undefined, {
    'retry-after': String(seconds),
  });
}

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
