import { Redis } from 'ioredis';
import { AppError } from '../../../errors';
import type { AttemptGrant, CounterState, RateLimitStore } from './store';

/** Counters in Redis (REDIS_URL), shared by every instance; each change is one Lua script, so atomic. */

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
      throw new AppError('UNAVAILABLE', 'This is briefly unavailable. Please try again in a moment.', undefined, {
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
