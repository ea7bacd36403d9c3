import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { consoleTotp, outbox, users } from '../src/db/schema/index';
import { enrolConsoleTotp, totpCodeAt } from '../src/modules/accounts/index';
import { generateInviteCode } from '../src/lib/invite-code';
import { hashPassword } from '../src/lib/password';
import { CURRENT_TERMS_VERSION } from '../src/modules/accounts/terms';
import type { TestApp } from './app';

export const TEST_PASSWORD = 'orchard-test-pass-1';
const OPERATOR_PASSWORD = 'orchard-operator-pass-1';
/** Spread into every register body: registration refuses a body without the current terms version. */
export const ACCEPTED_TERMS = { acceptedTermsVersion: CURRENT_TERMS_VERSION } as const;

/** A distinct client address per call, so per-IP registration caps never trip in other suites. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** `orchard_session=…` from a response's Set-Cookie, ready for `headers: { cookie }`. */
/** The session's Set-Cookie line of a response (a sign-in response also sets the device cookie). */
export function sessionSetCookieFrom(setCookie: string | string[] | undefined): string {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
  return lines.find((value) => /^(__Host-)?orchard_session=/.test(value)) ?? '';
}

export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.find((value) => value.includes('orchard_session=')) : setCookie;
  const pair = header?.split(';')[0];
  if (!pair || pair.endsWith('=')) throw new Error(`no session cookie in ${String(setCookie)}`);
  return pair;
}

/** The newest message queued for a destination (email or E.164 phone). */
export async function latestMessageTo(t: TestApp, destination: string) {
  const [row] = await t.database.handle.db
    .select()
    .from(outbox)
    .where(eq(outbox.destination, destination))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no message was sent to ${destination}`);
  return row;
}

/** The 6-digit code in the newest message to a destination, read from the outbox table. */
export async function latestCodeTo(t: TestApp, destination: string, kind?: string): Promise<string> {
  const db = t.database.handle.db;
  const [row] = await db
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.destination, destination), eq(outbox.kind, kind)) : eq(outbox.destination, destination))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = row?.secret ?? /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${destination}`);
  return code;
}

export interface RegisteredMember {
  userId: string;
  cookie: string;
  inviteCode: string;
  email?: string;
  phone?: string;
  password: string;
}

/**
 * A member created through the API (register → code from the outbox → verify), signed in.
 * Pass `inviteCode` to place them under a referrer.
 */
export async function registerMember(
  t: TestApp,
  opts: { email?: string; phone?: string; displayName?: string; password?: string; inviteCode?: string } = {},
): Promise<RegisteredMember> {
  const password = opts.password ?? TEST_PASSWORD;
  const phone = opts.phone;
  const email = phone && !opts.email ? undefined : (opts.email ?? `member-${randomBytes(5).toString('hex')}@example.com`).toLowerCase();
  const remoteAddress = randomIp();
  // The version the register page would show: the newest published terms, if a suite published some.
  const { termsVersion } = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/options' })).json() as { termsVersion: string };
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress,
    payload: {
      ...(email ? { email } : { phone }),
      displayName: opts.displayName ?? 'Test Member',
      password,
      ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
      acceptedTermsVersion: termsVersion,
    },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const { verificationId } = registered.json() as { verificationId: string };
  const destination = email ?? phone!.replace(/[\s().-]/g, '');
  const code = await latestCodeTo(t, destination, 'register_code');
  const verified = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify', remoteAddress, payload: { verificationId, code } });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  const { user } = verified.json() as { user: { id: string; inviteCode: string } };
  return {
    userId: user.id,
    cookie: sessionCookieFrom(verified.headers['set-cookie']),
    inviteCode: user.inviteCode,
    ...(email ? { email } : {}),
    ...(phone ? { phone: destination } : {}),
    password,
  };
}

/** An operator created directly in the database with a known password, then signed in through the API. */
export async function signInOperator(
  t: TestApp,
  opts: { email?: string; password?: string; role?: 'operator' | 'support' | 'finance'; displayName?: string } = {},
): Promise<{ userId: string; cookie: string; email: string; password: string }> {
  const email = opts.email ?? `operator-${randomBytes(5).toString('hex')}@orchard.local`;
  const password = opts.password ?? OPERATOR_PASSWORD;
  const [row] = await t.database.handle.db
    .insert(users)
    .values({
      email,
      displayName: opts.displayName ?? 'Test Operator',
      passwordHash: await hashPassword(password),
      role: opts.role ?? 'operator',
      inviteCode: generateInviteCode(),
    })
    .returning({ id: users.id });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    remoteAddress: randomIp(),
    payload: { account: email, password },
  });
  if (response.statusCode !== 200) throw new Error(`operator sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieFrom(response.headers['set-cookie']);
  await proveSecondFactor(t, row!.id, cookie);
  return { userId: row!.id, cookie, email, password };
}

/** A fresh authenticator secret for tests (base32, 160 bits). */
function testTotpSecret(): string {
  return randomBytes(20)
    .toString('base64')
    .replace(/[^A-Za-z]/g, 'A')
    .toUpperCase()
    .slice(0, 32)
    .padEnd(32, 'Q');
}

/**
 * The console's second factor for a signed-in console account's session: gives the account an
 * authenticator (unless it has one) and enters its current code through the API. Returns the secret.
 */
export async function proveSecondFactor(t: TestApp, userId: string, cookie: string, secret = testTotpSecret()): Promise<string> {
  const db = t.database.handle.db;
  const [existing] = await db.select().from(consoleTotp).where(eq(consoleTotp.userId, userId));
  const used = existing?.secret ?? secret;
  if (!existing) await enrolConsoleTotp(db, userId, used, t.clock.now());
  // A code is taken once: a second session of the same account within one 30-second step uses the next step's.
  const step = Math.floor(t.clock.now().getTime() / 30_000);
  const at = existing && existing.lastUsedStep >= step - 1 ? new Date((existing.lastUsedStep + 1) * 30_000) : t.clock.now();
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/second-factor/verify',
    headers: { cookie },
    payload: { code: totpCodeAt(used, at) },
  });
  if (verified.statusCode !== 200) throw new Error(`second factor failed: ${verified.statusCode} ${verified.body}`);
  return used;
}
