import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { DatabaseRateLimitStore, RateLimiter, RedisRateLimitStore, type RateLimitStore } from '../src/modules/accounts/rate-limit';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember, TEST_PASSWORD } from './auth';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const rule = { name: 'test', max: 3, windowMs: 60_000, message: 'Slow down; try again in {wait}.' };

function storeContract(name: string, open: () => Promise<{ store: RateLimitStore; close(): Promise<void> }>) {
  describe(`${name} counters`, () => {
    let store: RateLimitStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('counts within a window that opens at the first hit, then starts over', async () => {
      const key = `k-${randomBytes(6).toString('hex')}`;
      const start = new Date('2030-01-01T00:00:00Z');
      expect(await store.peek(key, start)).toBeNull();
      const first = await store.hit(key, 60_000, start);
      expect(first).toEqual({ count: 1, resetAt: new Date(start.getTime() + 60_000) });
      const second = await store.hit(key, 60_000, new Date(start.getTime() + 59_000));
      expect(second.count).toBe(2);
      expect(second.resetAt).toEqual(first.resetAt);
      expect((await store.peek(key, new Date(start.getTime() + 59_000)))?.count).toBe(2);
      const after = new Date(start.getTime() + 60_000);
      expect(await store.peek(key, after)).toBeNull();
      expect(await store.hit(key, 60_000, after)).toEqual({ count: 1, resetAt: new Date(after.getTime() + 60_000) });
      await store.clear(key);
      expect(await store.peek(key, after)).toBeNull();
    });

    it('refuses with 429, Retry-After and a message once the rule is full', async () => {
      const clock = new ManualClock('2030-01-01T00:00:00Z');
      const limiter = new RateLimiter(store, clock);
      const subject = randomBytes(6).toString('hex');
      for (let i = 0; i < 3; i++) await limiter.consume([[rule, subject]]);
      clock.advance(15_000);
      const refused = await limiter.consume([[rule, subject]]).catch((error: unknown) => error);
      expect(refused).toMatchObject({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: 'Slow down; try again in 45 seconds.',
        headers: { 'retry-after': '45' },
      });
      clock.advance(45_000);
      await expect(limiter.consume([[rule, subject]])).resolves.toBeUndefined();
    });

    it('gives a hit back, never below zero', async () => {
      const key = `r-${randomBytes(6).toString('hex')}`;
      const now = new Date('2030-01-01T00:00:00Z');
      await store.hit(key, 60_000, now);
      await store.hit(key, 60_000, now);
      await store.release(key, now);
      expect((await store.peek(key, now))?.count).toBe(1);
      await store.release(key, now);
      await store.release(key, now);
      expect((await store.peek(key, now))?.count).toBe(0);
    });

    it('counts concurrent hits exactly', async () => {
      const key = `c-${randomBytes(6).toString('hex')}`;
      const now = new Date('2030-01-01T00:00:00Z');
      const results = await Promise.all(Array.from({ length: 20 }, () => store.hit(key, 60_000, now)));
      expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('grants at most `max` attempts at once; only failures fill the window, successes give their place back', async () => {
      const key = `a-${randomBytes(6).toString('hex')}`;
      const now = new Date('2030-01-01T00:00:00Z');
      const begun = await Promise.all(Array.from({ length: 12 }, () => store.begin(key, 3, 60_000, now)));
      const granted = begun.filter((grant) => grant.outcome === 'granted');
      expect(granted).toHaveLength(3);
      expect(begun.filter((grant) => grant.outcome === 'busy')).toHaveLength(9);
      // Two succeed: their places are free again; one fails: it stays counted.
      await store.settle(key, granted[0]!.resetAt, false, 60_000, now);
      await store.settle(key, granted[1]!.resetAt, false, 60_000, now);
      await store.settle(key, granted[2]!.resetAt, true, 60_000, now);
      expect((await store.peek(key, now))?.count).toBe(1);
      const next = await Promise.all(Array.from({ length: 4 }, () => store.begin(key, 3, 60_000, now)));
      expect(next.filter((grant) => grant.outcome === 'granted')).toHaveLength(2);
      for (const grant of next.filter((item) => item.outcome === 'granted')) await store.settle(key, grant.resetAt, true, 60_000, now);
      expect(await store.begin(key, 3, 60_000, now)).toMatchObject({ outcome: 'full' });
      // The window ends: everything starts over.
      expect(await store.begin(key, 3, 60_000, new Date(now.getTime() + 60_000))).toMatchObject({ outcome: 'granted' });
    });
  });
}

describe('attempts through the limiter', () => {
  it('lets parallel attempts that succeed all through, and refuses once `max` have failed', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase('pglite');
    try {
      const clock = new ManualClock('2030-01-01T00:00:00Z');
      const limiter = new RateLimiter(new DatabaseRateLimitStore(database.handle.db), clock);
      const subject = randomBytes(6).toString('hex');
      const succeed = async () => {
        const ticket = await limiter.attempt([[rule, subject]]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        await ticket.succeeded();
      };
      await Promise.all(Array.from({ length: 10 }, succeed));
      for (let i = 0; i < 3; i++) await (await limiter.attempt([[rule, subject]])).failed();
      await expect(limiter.attempt([[rule, subject]])).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '60' } });
    } finally {
      await database.destroy();
    }
  });
});

for (const kind of DATABASE_KINDS) {
  storeContract(`database (${kind})`, async () => {
    const database: TestDatabase = await createTestDatabase(kind);
    return { store: new DatabaseRateLimitStore(database.handle.db), close: () => database.destroy() };
  });
}
storeContract('redis', async () => {
  const store = new RedisRateLimitStore(REDIS_URL, `orchard:test:${randomBytes(4).toString('hex')}:`);
  return { store, close: () => store.close() };
});

it('answers 503 (not 500) when Redis does not answer', { timeout: 30_000 }, async () => {
  const store = new RedisRateLimitStore('redis://127.0.0.1:1', 'orchard:test:');
  try {
    const error = await store.hit('k', 60_000, new Date()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE', headers: { 'retry-after': '5' } });
  } finally {
    await store.close();
  }
});

describe.each(DATABASE_KINDS)('rate limits kept in Redis when REDIS_URL is set, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { REDIS_URL, OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('uses the Redis store', () => {
    expect(t.app.rateLimiter.store.kind).toBe('redis');
  });

  it('locks an account after 5 failed sign-ins and lets it in again after 15 minutes', async () => {
    const member = await registerMember(t);
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: randomIp(),
        payload: { account: member.email, password },
      });
    for (let i = 0; i < 5; i++) expect((await signIn('wrong-password')).statusCode).toBe(401);
    const limited = await signIn(TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    t.clock.advance(15 * 60_000);
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('holds code sends to one per minute per destination', async () => {
    const member = await registerMember(t);
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/request',
        remoteAddress: randomIp(),
        payload: { account: member.email },
      });
    const tooSoon = await request();
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(60_000);
    expect((await request()).statusCode).toBe(202);
  });
});
