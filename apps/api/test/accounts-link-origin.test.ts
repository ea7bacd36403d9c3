import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { latestMessageTo, randomIp, registerMember, signInOperator } from './auth';
import { DATABASE_KINDS } from './database';

/** Issue 9, defect 3: links in messages never take their origin from request headers (failed before the fix). */

const uniqueEmail = (label = 'm') => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

function post(t: TestApp, url: string, payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    remoteAddress: options.ip ?? randomIp(),
    headers: options.headers ?? {},
  });
}

const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };

describe.each(DATABASE_KINDS)('links in messages come from configuration only, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No PUBLIC_URL, and a proxy is trusted: the request's Host and X-Forwarded-Host are the attacker's.
    t = await createTestApp(kind, { HOST: '0.0.0.0', PORT: '4130', TRUST_PROXY: '1', OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a sign-in link asked for a victim points at the listening address, never at Host or X-Forwarded-Host', async () => {
    const victim = await registerMember(t);
    t.clock.advance(61_000);
    const response = await post(t, '/auth/sign-in-link/request', { account: victim.email }, { headers: HOSTILE });
    expect(response.statusCode, response.body).toBe(202);
    const message = await latestMessageTo(t, victim.email!);
    expect(message.kind).toBe('sign_in_link');
    expect(message.body).toContain('http://localhost:4130/auto_way?token=');
    expect(message.body).not.toMatch(/evil\.example|attacker\.example/);
  });

  it('the reset and "no account here" messages use the same origin', async () => {
    const stranger = uniqueEmail('nobody');
    const reset = await post(t, '/auth/password-reset/request', { account: stranger }, { headers: HOSTILE });
    expect(reset.statusCode, reset.body).toBe(202);
    const notice = await latestMessageTo(t, stranger);
    expect(notice.body).toContain('http://localhost:4130/');
    expect(notice.body).not.toMatch(/evil\.example|attacker\.example/);

    const link = await post(t, '/auth/sign-in-link/request', { account: uniqueEmail('nobody') }, { headers: HOSTILE });
    expect(link.statusCode).toBe(202);
  });

  it('an operator-issued link uses the configured origin too', async () => {
    const member = await registerMember(t);
    const operator = await signInOperator(t);
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${member.userId}/sign-in-links`,
      payload: { reason: 'support ticket 12' },
      headers: { cookie: operator.cookie, host: 'evil.example', 'x-forwarded-host': 'attacker.example' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().url).toMatch(/^http:\/\/localhost:4130\/auto_way\?token=/);
  });
});
