import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, signInNeedsCodeSchema, signedInSchema } from '@orchard/shared';
import { auditLog, outbox } from '../src/db/schema/index';
import { verifyPassword } from '../src/lib/password';
import { createTestApp, type TestApp } from './app';
import { ACCEPTED_TERMS, latestCodeTo, randomIp, registerMember, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';

/*
 * A registration whose code page was closed is not lost (newcomer item 2, failed before the fix):
 * signing in with its password sends the code again (after the 60 s cool-down, under the send
 * limits) and answers 202 with where it went; a wrong password is answered, counted and audited
 * exactly as for an address nobody uses, with the same one argon2 verification.
 */

// The real verification, watched: each sign-in should run exactly one, whatever the address.
vi.mock('../src/lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/password')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

function post(t: TestApp, url: string, payload: object, ip = randomIp()) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip });
}

/** Starts an account and leaves its code unentered, as a closed tab does. */
async function startRegistration(t: TestApp, email: string, password = TEST_PASSWORD) {
  const response = await post(t, '/auth/register', { email, displayName: 'Closed Tab', password, ...ACCEPTED_TERMS });
  expect(response.statusCode, response.body).toBe(201);
  return { verificationId: (response.json() as { verificationId: string }).verificationId, code: await latestCodeTo(t, email) };
}

async function messagesTo(t: TestApp, email: string) {
  return t.database.handle.db.select().from(outbox).where(eq(outbox.destination, email));
}

async function failureAudits(t: TestApp, account: string) {
  const rows = await t.database.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'sign_in.failed'), isNull(auditLog.actorId)))
    .orderBy(desc(auditLog.id));
  return rows.filter((row) => row.detail.account === account);
}

describe.each(DATABASE_KINDS)('signing in to an account whose code was never entered, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the right password within the cool-down answers 202 with the code already sent; entering it completes the account', async () => {
    const email = uniqueEmail('closed-tab');
    const started = await startRegistration(t, email);

    const response = await post(t, '/auth/sign-in', { account: email, password: TEST_PASSWORD });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.headers['set-cookie'] ?? '').not.toMatch(/orchard_session=/);
    const { verification } = signInNeedsCodeSchema.parse(response.json());
    expect(verification).toMatchObject({ verificationId: started.verificationId, channel: 'email' });
    expect(verification.destination).not.toBe(email);
    expect(verification.destination).toMatch(/^c•+@example\.com$/);
    // Within the cool-down nothing new is sent: the first code still stands.
    expect(await messagesTo(t, email)).toHaveLength(1);

    const verified = await post(t, '/auth/verify', { verificationId: verification.verificationId, code: started.code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(signedInSchema.parse(verified.json()).user.email).toBe(email);
    // From now on the password signs in like any account's.
    const signedIn = await post(t, '/auth/sign-in', { account: email, password: TEST_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
  });

  it('after the cool-down the right password sends a new code, and the old one stops working', async () => {
    const email = uniqueEmail('later');
    const started = await startRegistration(t, email);
    t.clock.advance(61_000);

    const response = await post(t, '/auth/sign-in', { account: email, password: TEST_PASSWORD });
    expect(response.statusCode, response.body).toBe(202);
    const { verification } = signInNeedsCodeSchema.parse(response.json());
    expect(verification.verificationId).toBe(started.verificationId);
    expect(new Date(verification.resendAvailableAt).getTime()).toBe(t.clock.now().getTime() + 60_000);
    const messages = await messagesTo(t, email);
    expect(messages).toHaveLength(2);
    const newCode = await latestCodeTo(t, email);

    // A second sign-in at once respects the cool-down of the code just sent: nothing more goes out.
    expect((await post(t, '/auth/sign-in', { account: email, password: TEST_PASSWORD })).statusCode).toBe(202);
    expect(await messagesTo(t, email)).toHaveLength(2);

    if (newCode !== started.code) {
      const old = await post(t, '/auth/verify', { verificationId: started.verificationId, code: started.code });
      expect(old.statusCode).toBe(400);
    }
    const verified = await post(t, '/auth/verify', { verificationId: started.verificationId, code: newCode });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('the send limits still hold: past the day’s sends for the address the answer is 429, and nothing is sent', async () => {
    const email = uniqueEmail('limited');
    await startRegistration(t, email);
    // Nine resends after the first message: ten sends in the day.
    for (let i = 0; i < 9; i++) {
      t.clock.advance(61_000);
      expect((await post(t, '/auth/sign-in', { account: email, password: TEST_PASSWORD })).statusCode).toBe(202);
    }
    expect(await messagesTo(t, email)).toHaveLength(10);
    t.clock.advance(61_000);
    const limited = await post(t, '/auth/sign-in', { account: email, password: TEST_PASSWORD });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(await messagesTo(t, email)).toHaveLength(10);
  });

  it('a wrong password answers exactly as for a verified account or an address nobody uses, with the same work', async () => {
    const pendingEmail = uniqueEmail('pending');
    await startRegistration(t, pendingEmail);
    const verified = await registerMember(t);
    const unknownEmail = uniqueEmail('nobody');
    const verifications = vi.mocked(verifyPassword);

    const answers = [];
    for (const account of [pendingEmail, verified.email!, unknownEmail]) {
      const before = verifications.mock.calls.length;
      const response = await post(t, '/auth/sign-in', { account, password: 'not-the-password-1' });
      expect(verifications.mock.calls.length - before, account).toBe(1);
      answers.push(response);
    }
    for (const response of answers) expect(response.statusCode).toBe(401);
    const bodies = answers.map((response) => apiErrorSchema.parse(response.json()));
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toEqual(bodies[2]);
    const headerNames = answers.map((response) =>
      Object.keys(response.headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort(),
    );
    expect(headerNames[0]).toEqual(headerNames[1]);
    expect(headerNames[0]).toEqual(headerNames[2]);
    expect(answers.map((response) => response.headers['content-length'])).toEqual(Array(3).fill(answers[0]!.headers['content-length']));

    // Audited as an unknown address, like one nobody uses: the pending registration is no account.
    const [pendingAudit] = await failureAudits(t, pendingEmail);
    const [unknownAudit] = await failureAudits(t, unknownEmail);
    expect(pendingAudit).toMatchObject({ subjectId: null, detail: { account: pendingEmail, reason: 'unknown account' } });
    expect(unknownAudit).toMatchObject({ subjectId: null, detail: { account: unknownEmail, reason: 'unknown account' } });
    expect(await messagesTo(t, pendingEmail)).toHaveLength(1);
  });

  it('wrong passwords count against the same failure limit: the sixth is 429, even with the right one', async () => {
    const email = uniqueEmail('guessed');
    await startRegistration(t, email);
    const ip = randomIp();
    for (let i = 0; i < 5; i++)
      expect((await post(t, '/auth/sign-in', { account: email, password: `wrong-${i}-pass` }, ip)).statusCode).toBe(401);
    expect((await post(t, '/auth/sign-in', { account: email, password: TEST_PASSWORD }, ip)).statusCode).toBe(429);
  });

  it('an address with an account never answers for a stray registration of it, nor does a registration a day old', async () => {
    const member = await registerMember(t);
    t.clock.advance(61_000);
    // Someone registers the member's address with another password: no code goes out for it.
    const stray = await post(t, '/auth/register', {
      email: member.email,
      displayName: 'Stray',
      password: 'other-password-9',
      ...ACCEPTED_TERMS,
    });
    expect(stray.statusCode).toBe(201);
    expect((await post(t, '/auth/sign-in', { account: member.email!, password: 'other-password-9' })).statusCode).toBe(401);

    const email = uniqueEmail('abandoned');
    await startRegistration(t, email);
    t.clock.advance(24 * 60 * 60_000 + 1_000);
    const late = await post(t, '/auth/sign-in', { account: email, password: TEST_PASSWORD });
    expect(late.statusCode).toBe(401);
    expect(apiErrorSchema.parse(late.json()).error.code).toBe('INVALID_CREDENTIALS');
  });
});
