import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, authOptionsSchema } from '@orchard/shared';
import { auditLog, users, verificationCodes } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';
import { ACCEPTED_TERMS, latestCodeTo, randomIp, registerMember, signInOperator, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';

const uniqueEmail = () => `terms-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Registration names the terms and privacy version the member accepted, and records it (issue 10). */
describe.each(DATABASE_KINDS)('terms acceptance at registration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: randomIp(), payload });
  const currentVersion = async () =>
    authOptionsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/auth/options' })).json()).termsVersion;

  it('the auth options name the current version', async () => {
    expect(await currentVersion()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a registration without an accepted version, or with a stale one, on that field, and sends nothing', async () => {
    const email = uniqueEmail();
    for (const acceptedTermsVersion of [undefined, '', '2020-01-01']) {
      const response = await register({ email, displayName: 'T', password: TEST_PASSWORD, acceptedTermsVersion });
      expect(response.statusCode, String(acceptedTermsVersion)).toBe(400);
      const { fields } = apiErrorSchema.parse(response.json()).error;
      expect(Object.keys(fields ?? {}), String(acceptedTermsVersion)).toEqual(['acceptedTermsVersion']);
      expect(fields?.acceptedTermsVersion).toMatch(/terms/);
    }
    const codes = await t.database.handle.db.select().from(verificationCodes).where(eq(verificationCodes.destination, email));
    expect(codes).toEqual([]);
  });

  it('stores the accepted version and its time on the new member, and audits it', async () => {
    const version = await currentVersion();
    const before = t.clock.now().getTime();
    const member = await registerMember(t);
    const [row] = await t.database.handle.db.select().from(users).where(eq(users.id, member.userId));
    expect(row?.acceptedTermsVersion).toBe(version);
    expect(row?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before);
    const [audit] = await t.database.handle.db.select().from(auditLog).where(eq(auditLog.subjectId, member.userId));
    expect(audit?.detail).toMatchObject({ termsVersion: version });
  });

  it('follows the terms and privacy notice the operator publishes: the newest versions of both', async () => {
    const operator = await signInOperator(t);
    const publish = (kind: string, bodyMd: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/legal/${kind}`, headers: { cookie: operator.cookie }, payload: { bodyMd } });
    expect((await publish('terms', 'Terms, version one.')).statusCode).toBe(201);
    expect(await currentVersion()).toBe('terms-1+privacy-0');
    expect((await publish('privacy', 'We keep little.')).statusCode).toBe(201);
    expect((await publish('terms', 'Terms, version two.')).statusCode).toBe(201);
    expect(await currentVersion()).toBe('terms-2+privacy-1');

    // A page opened before the new terms were published sends the old version: refused on that field.
    const email = uniqueEmail();
    const stale = await register({ email, displayName: 'T', password: TEST_PASSWORD, ...ACCEPTED_TERMS });
    expect(apiErrorSchema.parse(stale.json()).error.fields?.acceptedTermsVersion).toMatch(/changed/);
    const fresh = await register({ email, displayName: 'T', password: TEST_PASSWORD, acceptedTermsVersion: 'terms-2+privacy-1' });
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('records the language the terms were read in with their version: the registration’s, or the default where that version has none', async () => {
    const operator = await signInOperator(t);
    const publish = (kind: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/legal/${kind}`, headers: { cookie: operator.cookie }, payload });
    expect((await publish('terms', { bodyMd: 'Terms.', translations: { es: { bodyMd: 'Términos.' } } })).statusCode).toBe(201);
    expect((await publish('privacy', { bodyMd: 'We keep little.' })).statusCode).toBe(201);
    const version = await currentVersion();
    expect(version).toMatch(/^terms-\d+\+privacy-\d+$/);

    const registerIn = async (language: string) => {
      const email = uniqueEmail();
      const remoteAddress = randomIp();
      const headers = { 'accept-language': language };
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress,
        headers,
        payload: { email, displayName: 'T', password: TEST_PASSWORD, acceptedTermsVersion: version },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const { verificationId } = registered.json() as { verificationId: string };
      const code = await latestCodeTo(t, email, 'register_code');
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify',
        remoteAddress,
        headers,
        payload: { verificationId, code },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const { user } = verified.json() as { user: { id: string } };
      const [row] = await t.database.handle.db.select().from(users).where(eq(users.id, user.id));
      const [audit] = await t.database.handle.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id));
      return { row, audit };
    };

    // Spanish: the terms were shown in Spanish, the privacy notice (no Spanish text) in English.
    const spanish = await registerIn('es-ES,es;q=0.9');
    expect(spanish.row).toMatchObject({ acceptedTermsVersion: version, acceptedTermsLanguage: 'es' });
    expect(spanish.audit?.detail).toMatchObject({ termsVersion: version, termsLanguage: 'es', privacyLanguage: 'en' });
    // Chinese: this version has no Chinese text, so what was shown and accepted is the English one.
    const chinese = await registerIn('zh-CN');
    expect(chinese.row).toMatchObject({ acceptedTermsVersion: version, acceptedTermsLanguage: 'en' });
    expect(chinese.audit?.detail).toMatchObject({ termsVersion: version, termsLanguage: 'en', privacyLanguage: 'en' });
    const english = await registerIn('en');
    expect(english.row).toMatchObject({ acceptedTermsVersion: version, acceptedTermsLanguage: 'en' });
  });

  it('a record of terms has its language, and a language only with a version', async () => {
    const db = t.database.handle.db;
    await expect(
      db.execute(sql`update users set accepted_terms_language = null where accepted_terms_version is not null`),
    ).rejects.toThrow();
    await expect(db.execute(sql`update users set accepted_terms_language = 'en' where accepted_terms_version is null`)).rejects.toThrow();
    await expect(
      db.execute(sql`update users set accepted_terms_language = 'fr' where accepted_terms_version is not null`),
    ).rejects.toThrow();
  });
});
