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

  it('a parallel burst of wrong passwords from one address is still judged only 5 times, and then locks the account', async () => {
    const member = await registerMember(t);
    const ip = randomIp();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(t, '/auth/sign-in', { account: member.email, password: `wrong-password-${i}` }, { ip })),
    );
    const codes = results.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(7);
    // Failures do count: even the right password waits for the window to end.
    expect((await post(t, '/auth/sign-in', { account: member.email, password: TEST_PASSWORD }, { ip })).statusCode).toBe(429);
  });
});
