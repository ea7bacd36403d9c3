import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';

/** Issue 9, defect 9: only failed sign-ins spend the failure budget (failed before the fix). */

function post(t: TestApp, url: string, payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    remoteAddress: options.ip ?? randomIp(),
    headers: options.headers ?? {},
  });
}

describe.each(DATABASE_KINDS)('sign-in failure budget on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('10 parallel correct sign-ins from one address all succeed: only failures count', async () => {
    const member = await registerMember(t);
    const ip = randomIp();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(t, '/auth/sign-in', { account: member.email, password: TEST_PASSWORD }, { ip })),
    );
    expect(results.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it('10 sequential correct sign-ins leave the failure budget untouched: 5 wrong ones still answer 401', async () => {
    const member = await registerMember(t);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await post(t, '/auth/sign-in', { account: member.email, password: TEST_PASSWORD }, { ip })).statusCode).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      expect((await post(t, '/auth/sign-in', { account: member.email, password: 'wrong-password' }, { ip })).statusCode).toBe(401);
    }
    expect((await post(t, '/auth/sign-in', { account: member.email, password: 'wrong-password' }, { ip })).statusCode).toBe(429);
  });

  it('a parallel burst of wrong passwords with the right one in it: at most 5 wrong ones are judged', async () => {
    const member = await registerMember(t);
    const ip = randomIp();
    const attempts = Array.from({ length: 12 }, (_, i) => (i === 8 ? TEST_PASSWORD : `wrong-password-${i}`));
    const results = await Promise.all(attempts.map((password) => post(t, '/auth/sign-in', { account: member.email, password }, { ip })));
    const codes = results.map((response) => response.statusCode);
    const judged = codes.filter((code) => code !== 429).length;
    expect(judged).toBeLessThanOrEqual(6);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(5);
  });
});
