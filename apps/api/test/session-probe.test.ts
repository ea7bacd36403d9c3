import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionProbeSchema } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { registerMember } from './auth';
import { DATABASE_KINDS } from './database';

// The web app asks "who is signed in?" on every page; a visitor must get an answer, not a 401
// that the browser logs as an error on every signed-out page.
describe.each(DATABASE_KINDS)('session probe on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 with user null for a visitor and for a stale cookie', async () => {
    for (const headers of [{}, { cookie: 'orchard_session=not-a-live-session' }]) {
      const probe = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers });
      expect(probe.statusCode).toBe(200);
      expect(sessionProbeSchema.parse(probe.json())).toEqual({ user: null });
      expect(probe.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers the signed-in member, the same as getMe, and null again after sign-out', async () => {
    const member = await registerMember(t, { displayName: 'Probe' });
    const probe = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: member.cookie } });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: member.cookie } });
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ user: me.json() });

    const signOut = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie: member.cookie } });
    expect(signOut.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: member.cookie } });
    expect(after.json()).toEqual({ user: null });
  });
});
