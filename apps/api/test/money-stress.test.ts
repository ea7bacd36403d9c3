import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Db } from '../src/db/client';
import { buildIntegrityReport } from '../src/ledger/index';
import { runCommissionRelease } from '../src/modules/plans/commissions';
import { addClientHeader, createTestApp, type TestApp } from './app';
import { asOperator, createPlan, fund, plansWorld, quickMember, rows, type PlansWorld } from './plans/helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/**
 * A valid German IBAN of its own for member `n`: one bank account shared by an upline and a
 * downline is a self-referral signal, which would put their commissions on review.
 */
function ibanOf(n: number): string {
  const bban = `37040044${String(n).padStart(10, '0')}`;
  const check = 98 - Number(BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, '0')}${bban}`;
}
const CLIENTS = 64;
const OPERATIONS_PER_CLIENT = 8;

/** A small seeded generator: the same mix of operations on every run (the interleaving still varies). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

interface Instance {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** An app instance with a pool of its own, its sessions named `application_name` so the test can tell when they are gone. */
async function instance(t: TestApp, name: string, database: string): Promise<Instance> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  url.searchParams.set('application_name', name);
  const handle = await openDatabase({ url: url.toString(), poolSize: 16, testClock: true });
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

type Operation = 'purchase' | 'refund' | 'release' | 'withdraw' | 'settle' | 'holdPeriod';
const MIX: Operation[] = [
  ...Array<Operation>(8).fill('purchase'),
  ...Array<Operation>(3).fill('refund'),
  ...Array<Operation>(2).fill('release'),
  ...Array<Operation>(3).fill('withdraw'),
  ...Array<Operation>(3).fill('settle'),
  'holdPeriod',
];
/** Answers that are the rules at work, not failures: a refund or a settlement of something already done, a member short of money. */
const EXPECTED_REFUSALS = new Set(['REFUND_NOT_ALLOWED', 'WITHDRAWAL_NOT_PENDING', 'INSUFFICIENT_FUNDS', 'WITHDRAWAL_DAILY_LIMIT']);

/**
 * Every money movement together, as two instances take them: purchases (with and without a
 * holding period: the setting flips while they run), refunds with claw-backs, release runs,
 * withdrawal requests and their settlements, from 64 clients over two pools standing for two
 * instances, on uplines shared by many buyers. With one lock order (apps/api/src/ledger/README.md)
 * PostgreSQL detects no deadlock at all (pg_stat_database counts every one, those the retry
 * wrapper absorbed included), no request runs out of retries (409 CONFLICT), nothing is a 5xx,
 * and the books balance. Bounded by a count of operations, not by time. PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('every money movement at once, two instances, 64 clients (PostgreSQL)', () => {
  let t: TestApp;
  let w: PlansWorld;
  let side: pg.Client;
  let database: string;
  let members: { userId: string; cookie: string; accountId: string }[];
  let planId: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    w = await plansWorld(t);
    database = (await rows<{ name: string }>(t.database.handle.db, sql`select current_database() as name`))[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    side = new pg.Client({ connectionString: url.toString() });
    await side.connect();

    planId = (await createPlan(w, { price: 1_000 })).id;
    // Two trees of 22 (a root, 3 children, 9 grandchildren, 9 great-grandchildren): every purchase
    // pays up to three uplines, and the uplines near the roots are paid by many buyers at once.
    members = [];
    const add = async (referrerId?: string) => {
      const member = await quickMember(t, { referrerId });
      await fund(w, member.userId, 60_000);
      const account = await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/bank-accounts',
        headers: { cookie: member.cookie },
        payload: { holderName: 'Stress', bankName: 'Bank', country: 'DE', number: ibanOf(members.length) },
      });
      expect(account.statusCode, account.body).toBe(201);
      const full = { ...member, accountId: account.json().id as string };
      members.push(full);
      return full;
    };
    for (let tree = 0; tree < 2; tree++) {
      const root = await add();
      for (let c = 0; c < 3; c++) {
        const child = await add(root.userId);
        for (let g = 0; g < 3; g++) {
          const grandchild = await add(child.userId);
          await add(grandchild.userId);
        }
      }
    }
    const db = t.database.handle.db;
    await db.execute(sql`update bank_accounts set usable_from = ${new Date(t.clock.now().getTime() - HOUR)}`);
    await db.execute(sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + 30 * DAY)}`);

    // A backlog first: everyone buys once with a holding period of a day, which then passes, so
    // the release runs below have work while new purchases come in.
    expect((await holdPeriod(1)).statusCode).toBe(200);
    for (const member of members) {
      const bought = await t.app.inject({
        method: 'POST',
        url: `/api/v1/plans/${planId}/purchase`,
        headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
        payload: {},
      });
      expect(bought.statusCode, bought.body).toBe(201);
    }
    // None of them is held for review: their commissions are all pending.
    expect(await rows(db, sql`select 1 from referral_holds`)).toEqual([]);
    t.clock.advance(DAY + 1_000);
  }, 180_000);
  afterAll(async () => {
    await side?.end();
    await t?.close();
  });

  const holdPeriod = (holdDays: number) =>
    asOperator(w, 'PUT', '/referral-settings', {
      level1Bp: 1000,
      level2Bp: 500,
      level3Bp: 200,
      capBp: 3000,
      requireActivePlan: false,
      holdDays,
      refundWindowDays: 7,
    });

  it('runs purchases, refunds, releases, withdrawals and settlements together without a deadlock or a 409 from exhausted retries', async () => {
    const deadlocksBefore = await deadlocks();
    const instances = [await instance(t, 'stress-a', database), await instance(t, 'stress-b', database)];
    const purchases: string[] = [];
    const withdrawals: string[] = [];
    const answers: { operation: Operation; status: number; code?: string }[] = [];
    const releaseRuns = { runs: 0, released: 0, failed: 0, errors: [] as string[] };
    let holdDays = 1;

    const send = async (
      operation: Operation,
      on: Instance,
      options: { method: 'POST' | 'PUT'; url: string; cookie: string; payload: object },
    ) => {
      const response: LightMyRequestResponse = await on.app.inject({
        method: options.method,
        url: `/api/v1${options.url}`,
        headers: { cookie: options.cookie, 'idempotency-key': randomUUID() },
        payload: options.payload,
      });
      const code = response.statusCode >= 400 ? (response.json() as { error?: { code?: string } }).error?.code : undefined;
      answers.push({ operation, status: response.statusCode, code });
      return response;
    };

    const client = async (index: number) => {
      const random = generator(index + 1);
      const on = instances[index % 2]!;
      for (let step = 0; step < OPERATIONS_PER_CLIENT; step++) {
        const operation = random.pick(MIX);
        const member = random.pick(members);
        if (operation === 'purchase') {
          const bought = await send(operation, on, {
            method: 'POST',
            url: `/plans/${planId}/purchase`,
            cookie: member.cookie,
            payload: {},
          });
          if (bought.statusCode === 201) purchases.push(bought.json().id as string);
        } else if (operation === 'refund' && purchases.length > 0) {
          const id = random.pick(purchases);
          await send(operation, on, {
            method: 'POST',
            url: `/admin/purchases/${id}/refund`,
            cookie: w.operator.cookie,
            payload: { reason: 'Stress refund', override: true },
          });
        } else if (operation === 'release') {
          try {
            const run = await runCommissionRelease({ db: on.db, clock: t.clock, config: t.config });
            releaseRuns.runs += 1;
            releaseRuns.released += run.released;
            releaseRuns.failed += run.failed.length;
          } catch (error) {
            releaseRuns.errors.push(String(error));
          }
        } else if (operation === 'withdraw') {
          const requested = await send(operation, on, {
            method: 'POST',
            url: '/withdrawals',
            cookie: member.cookie,
            payload: { bankAccountId: member.accountId, amount: 1_000 + Math.floor(random.next() * 2_000) },
          });
          if (requested.statusCode === 201) withdrawals.push(requested.json().id as string);
        } else if (operation === 'settle' && withdrawals.length > 0) {
          const id = random.pick(withdrawals);
          const pay = random.next() < 0.5;
          await send(operation, on, {
            method: 'POST',
            url: `/admin/withdrawals/${id}/${pay ? 'pay' : 'reject'}`,
            cookie: w.operator.cookie,
            payload: pay ? { payoutReference: `STRESS-${id.slice(0, 8)}` } : { reason: 'Stress rejection' },
          });
        } else if (operation === 'holdPeriod') {
          holdDays = holdDays === 0 ? 1 : 0;
          await send(operation, on, {
            method: 'PUT',
            url: '/admin/referral-settings',
            cookie: w.operator.cookie,
            payload: { level1Bp: 1000, level2Bp: 500, level3Bp: 200, capBp: 3000, requireActivePlan: false, holdDays, refundWindowDays: 7 },
          });
        }
      }
    };

    const started = Date.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    const seconds = (Date.now() - started) / 1_000;
    for (const one of instances) await one.close();
    const deadlocksSeen = (await deadlocksOnceGone()) - deadlocksBefore;

    const byOperation: Record<string, Record<string, number>> = {};
    for (const answer of answers) {
      const outcome = answer.code ? `${answer.status} ${answer.code}` : String(answer.status);
      byOperation[answer.operation] ??= {};
      byOperation[answer.operation]![outcome] = (byOperation[answer.operation]![outcome] ?? 0) + 1;
    }
    const figures = {
      seconds,
      requests: answers.length,
      succeeded: answers.filter((answer) => answer.status < 300).length,
      releaseRuns,
      deadlocks: deadlocksSeen,
      conflicts: answers.filter((answer) => answer.code === 'CONFLICT').length,
      byOperation,
    };
    console.info(`money stress: ${JSON.stringify(figures)}`);

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.code === 'CONFLICT')).toEqual([]);
    expect(releaseRuns.errors).toEqual([]);
    expect(deadlocksSeen).toBe(0);
    const unexpected = answers.filter((answer) => answer.status >= 400 && !EXPECTED_REFUSALS.has(answer.code ?? ''));
    expect(unexpected).toEqual([]);
    // Real work was done of every kind.
    for (const operation of ['purchase', 'refund', 'withdraw', 'settle'] as const)
      expect(
        answers.some((answer) => answer.operation === operation && answer.status < 300),
        operation,
      ).toBe(true);
    expect(releaseRuns.released).toBeGreaterThan(0);

    // Afterwards everything due is released, none failed, and the books balance.
    const final = await runCommissionRelease({ db: t.database.handle.db, clock: t.clock, config: t.config });
    expect(final.failed).toEqual([]);
    const left = await rows<{ n: number }>(
      t.database.handle.db,
      sql`select count(*)::int as n from commissions where status = 'pending' and (release_at <= ${t.clock.now()} or release_error is not null)`,
    );
    expect(left[0]!.n).toBe(0);
    const report = await buildIntegrityReport(t.database.handle.db, t.clock.now());
    expect(report.ok, JSON.stringify(report)).toBe(true);
  }, 300_000);

  /** Deadlocks PostgreSQL detected in this database so far (every one: retried or not). */
  async function deadlocks(): Promise<number> {
    await side.query('select pg_stat_clear_snapshot()');
    const result = await side.query<{ deadlocks: string }>('select deadlocks from pg_stat_database where datname = current_database()');
    return Number(result.rows[0]!.deadlocks);
  }

  /**
   * The count once the traffic's sessions have ended: a session reports its statistics when it
   * exits, before it leaves pg_stat_activity, so with none left every deadlock is counted.
   */
  async function deadlocksOnceGone(): Promise<number> {
    for (let poll = 0; poll < 1_000; poll++) {
      const left = await side.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'stress-%'`,
      );
      if (left.rows[0]!.n === 0) return deadlocks();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the traffic sessions did not end');
  }
});
