import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator } from './auth';
import { DATABASE_KINDS } from './database';

describe.each(DATABASE_KINDS)('auth test helpers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registerMember signs a new member in; the cookie reaches getMe', async () => {
    const member = await registerMember(t, { displayName: 'Ada' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: member.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: member.userId,
      displayName: 'Ada',
      role: 'member',
      email: member.email,
      inviteCode: member.inviteCode,
    });
  });

  it('registerMember places a member under a referrer', async () => {
    const referrer = await registerMember(t);
    const invitee = await registerMember(t, { inviteCode: referrer.inviteCode });
    // The member never sees the upline's id (docs/decisions/0014); the console does.
    const operator = await signInOperator(t);
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/admin/members/${invitee.userId}`, headers: { cookie: operator.cookie } });
    expect(seen.json().member.referrerId).toBe(referrer.userId);
  });

  it('signInOperator reaches the console; a member gets 403 there', async () => {
    const operator = await signInOperator(t);
    const member = await registerMember(t);
    const asOperator = await t.app.inject({ method: 'GET', url: '/api/v1/admin/members', headers: { cookie: operator.cookie } });
    expect(asOperator.statusCode).toBe(200);
    const asMember = await t.app.inject({ method: 'GET', url: '/api/v1/admin/members', headers: { cookie: member.cookie } });
    expect(asMember.statusCode).toBe(403);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/admin/members' });
    expect(signedOut.statusCode).toBe(401);
  });
});
