import { randomBytes, randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminCoupon, AdminPlan, UpsertPlanBody } from '@orchard/shared';
import { buildApp } from '../../src/app';
import { openDatabase, type Db } from '../../src/db/client';
import { users } from '../../src/db/schema/index';
import { generateInviteCode } from '../../src/lib/invite-code';
import { createSession, SESSION_COOKIE } from '../../src/modules/accounts/sessions';
import { addClientHeader, type TestApp } from '../app';
import { registerMember, signInOperator, type RegisteredMember } from '../auth';

/** An operator's cookie and helpers to call the console and member APIs in plans tests. */
export interface PlansWorld {
  t: TestApp;
  operator: { userId: string; cookie: string };
}

export async function plansWorld(t: TestApp): Promise<PlansWorld> {
  return { t, operator: await signInOperator(t) };
}

export async function asOperator(w: PlansWorld, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, key?: string) {
  return w.t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { cookie: w.operator.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function asMember(
  w: PlansWorld,
  member: { cookie: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  key?: string,
) {
  return w.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: member.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * The referral settings most suites buy under: the default rates and cap, uplines paid without a
 * plan of their own, commissions pending one day; `change` sets what a suite needs otherwise.
 */
export function referralSettings(change: Record<string, number | boolean> = {}) {
  return {
    level1Bp: 1000,
    level2Bp: 500,
    level3Bp: 200,
    capBp: 3000,
    requireActivePlan: false,
    holdDays: 1,
    refundWindowDays: 7,
    ...change,
  };
}

export async function createPlan(w: PlansWorld, overrides: Partial<UpsertPlanBody> = {}): Promise<AdminPlan> {
  const response = await asOperator(w, 'POST', '/plans', {
    name: 'Gold membership',
    description: 'Priority support and member events.',
    benefits: ['Priority support', 'Member events'],
    price: 10_000,
    durationDays: 30,
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`createPlan: ${response.statusCode} ${response.body}`);
  return response.json() as AdminPlan;
}

/** Credits a member's wallet through an operator adjustment. */
export async function fund(w: PlansWorld, userId: string, amount: number): Promise<void> {
  const response = await asOperator(
    w,
    'POST',
    `/members/${userId}/adjustments`,
    { direction: 'credit', amount, reason: 'test funds' },
    randomUUID(),
  );
  if (response.statusCode !== 201) throw new Error(`fund: ${response.statusCode} ${response.body}`);
}

export async function buy(w: PlansWorld, member: { cookie: string }, planId: string, body: object = {}, key = randomUUID()) {
  return asMember(w, member, 'POST', `/plans/${planId}/purchase`, body, key);
}

/** A chain A ← B ← C ← D (each invited by the one before). */
export async function chain(w: PlansWorld, length = 4): Promise<RegisteredMember[]> {
  const members: RegisteredMember[] = [];
  for (let i = 0; i < length; i++) {
    members.push(
      await registerMember(w.t, { displayName: `Member ${String.fromCharCode(65 + i)}`, inviteCode: members[i - 1]?.inviteCode }),
    );
  }
  return members;
}

export async function wallet(w: PlansWorld, member: { cookie: string }) {
  return (await asMember(w, member, 'GET', '/wallet')).json() as { available: number; onHold: number };
}

export async function commissions(w: PlansWorld, member: { cookie: string }) {
  return (await asMember(w, member, 'GET', '/me/commissions')).json() as { pending: number; released: number; debt: number };
}

export async function createCoupon(w: PlansWorld, body: Record<string, unknown>): Promise<AdminCoupon> {
  const response = await asOperator(w, 'POST', '/coupons', body);
  if (response.statusCode !== 201) throw new Error(`createCoupon: ${response.statusCode} ${response.body}`);
  return response.json() as AdminCoupon;
}

/** The rows of a raw query. */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A number from a raw `select … as n`. */
export async function scalar(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: string | number }>(db, query);
  return Number(row?.n);
}

/**
 * A member written straight into the database, signed in by the app's own createSession: no
 * argon2 hashing, so a suite can make dozens in a moment. `referrerId` places them under an upline.
 */
export async function quickMember(t: TestApp, opts: { referrerId?: string } = {}): Promise<{ userId: string; cookie: string }> {
  const db = t.database.handle.db;
  const [row] = await db
    .insert(users)
    .values({
      email: `quick-${randomBytes(6).toString('hex')}@test.local`,
      displayName: 'Quick Member',
      passwordHash: 'not-a-real-hash',
      inviteCode: generateInviteCode(),
      referrerId: opts.referrerId ?? null,
    })
    .returning({ id: users.id });
  const session = await createSession(db, { userId: row!.id, now: t.clock.now(), ip: null, userAgent: null });
  return { userId: row!.id, cookie: `${SESSION_COOKIE}=${session.token}` };
}

export interface SecondInstance {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * A second app instance on the test app's PostgreSQL database, as in the scale-out shape: its own
 * connection pool and Fastify app, the same configuration and clock. Close it before the test app.
 */
export async function secondInstance(t: TestApp, poolSize = 20): Promise<SecondInstance> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (t.database.handle.kind !== 'postgres' || !baseUrl) throw new Error('a second instance needs the PostgreSQL test database');
  const [current] = await t.database.handle.withSession((session) => session.query<{ name: string }>('select current_database() as name'));
  const url = new URL(baseUrl);
  url.pathname = `/${current!.name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize, testClock: true });
  const app = await buildApp({ config: t.config, database: handle, clock: t.clock });
  await app.ready();
  addClientHeader(app);
  return {
    app,
    db: handle.db,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** How many answers had each status, e.g. `{ 201: 3, 409: 97 }`. */
export function statusCounts(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

/** The error codes of the answers with a status, deduplicated. */
export function errorCodes(responses: { statusCode: number; json(): unknown }[], status: number): string[] {
  return [...new Set(responses.filter((r) => r.statusCode === status).map((r) => (r.json() as { error: { code: string } }).error.code))];
}
