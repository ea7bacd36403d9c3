import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, testConfig } from '../src/config';
import { AdjustableClock } from '../src/lib/clock';
import { createTestDatabase, type TestDatabase } from './database';

describe('plans configuration keys', () => {
  it('reads the release poll, the pool size and the test clock, refusing values that cannot work', () => {
    const defaults = loadConfig({});
    expect(defaults.COMMISSION_RELEASE_POLL_MS).toBe(60_000);
    expect(defaults.DATABASE_POOL_SIZE).toBe(10);
    expect(defaults.TEST_CLOCK).toBe(false);
    expect(testConfig({ COMMISSION_RELEASE_POLL_MS: '0', DATABASE_POOL_SIZE: '32', TEST_CLOCK: 'true' })).toMatchObject({
      COMMISSION_RELEASE_POLL_MS: 0,
      DATABASE_POOL_SIZE: 32,
      TEST_CLOCK: true,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ COMMISSION_RELEASE_POLL_MS: 'soon' })).toThrow(/COMMISSION_RELEASE_POLL_MS/);
  });
});

describe('the test clock', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.destroy());

  it('exists only with TEST_CLOCK, moves only forward, and answers only this machine', async () => {
    const off = await buildApp({ config: testConfig(), database: database.handle, clock: new AdjustableClock() });
    expect((await off.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 1000 } })).statusCode).toBe(404);
    await off.close();

    const clock = new AdjustableClock();
    const on = await buildApp({ config: testConfig({ TEST_CLOCK: 'true' }), database: database.handle, clock });
    const before = clock.now().getTime();
    const moved = await on.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 86_400_000 } });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().now) - before).toBeGreaterThanOrEqual(86_400_000);
    expect((await on.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: -5 } })).statusCode).toBe(400);
    const far = await on.inject({ method: 'POST', url: '/api/test/clock', remoteAddress: '203.0.113.9', payload: { advanceMs: 1 } });
    expect([far.statusCode, far.json().error.code]).toEqual([403, 'FORBIDDEN']);
    const document = (await on.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).some((path) => path.includes('test/clock'))).toBe(false);
    await on.close();
  });
});
