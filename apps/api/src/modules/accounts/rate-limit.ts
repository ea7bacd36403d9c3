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
  close(): Promise<void>;
}

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
   * Counts an attempt before it is judged, so a burst of parallel attempts cannot slip past the
   * limit between a check and a count. Refused (429) when any rule is already full; the caller
   * gives the attempt back with `release` when it succeeds.
   */
  async acquire(checks: Array<[RateRule, string]>): Promise<void> {
    const taken: Array<[RateRule, string]> = [];
    for (const [rule, subject] of checks) {
      const now = this.clock.now();
      const state = await this.record(rule, subject);
      taken.push([rule, subject]);
      if (state.count > rule.max) {
        for (const [takenRule, takenSubject] of taken) await this.release(takenRule, takenSubject);
        throw tooManyRequests(rule.message, (state.resetAt.getTime() - now.getTime()) / 1000);
      }
    }
  }

  async release(rule: RateRule, subject: string): Promise<void> {
    await this.store.release(this.key(rule, subject), this.clock.now());
  }

  async clear(rule: RateRule, subject: string): Promise<void> {
    await this.store.clear(this.key(rule, subject));
  }
}
