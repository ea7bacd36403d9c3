import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, type AdminCoupon, type AdminPlan } from '@orchard/shared';
import { buildIntegrityReport, getMemberBalances } from '../src/ledger/index';
import { releaseDueCommissions } from '../src/modules/plans/commissions';
import { COUPON_REFUSAL_MESSAGES } from '../src/modules/plans/rules';
import { createTestApp, type TestApp } from './app';
import {
  asOperator,
  createCoupon,
  createPlan,
  errorCodes,
  fund,
  plansWorld,
  type PlansWorld,
  quickMember,
  referralSettings,
  rows,
  scalar,
  secondInstance,
  type SecondInstance,
  statusCounts,
} from './plans/helpers';

const DAY = 86_400_000;
type Member = { userId: string; cookie: string };

/**
 * Races that only a real PostgreSQL shows, against two app instances on one database (the
 * scale-out shape: each its own Fastify app and connection pool, one clock). Every burst is fired
 * at once with Promise.all, request i going to instance i % 2.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('plans under concurrency on PostgreSQL, two app instances', () => {
  let t: TestApp;
  let second: SecondInstance;
  let w: PlansWorld;
  let currency: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    second = await secondInstance(t);
    w = await plansWorld(t);
    currency = t.config.CURRENCY;
    // Uplines are paid without holding a plan themselves, so every purchase below also writes
    // pending commissions (more rows and locks in each race); they wait one day.
    const settings = await asOperator(w, 'PUT', '/referral-settings', referralSettings());
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const db = () => t.database.handle.db;
  const instance = (i: number): FastifyInstance => (i % 2 === 0 ? t.app : second.app);
  const purchaseOn = (i: number, member: Member, planId: string, body: object = {}, key: string = randomUUID()) =>
    instance(i).inject({
      method: 'POST',
      url: `/api/v1/plans/${planId}/purchase`,
      headers: { cookie: member.cookie, 'idempotency-key': key },
      payload: body,
    });
  const balances = (userId: string) => getMemberBalances(db(), userId, currency);
  const expectNo5xx = (responses: { statusCode: number; body: string }[]) =>
    expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
  const expectLedgerIntact = async () => {
    const report = await buildIntegrityReport(db(), t.clock.now());
    expect(report.ok, JSON.stringify(report)).toBe(true);
  };
  const adminPlan = async (planId: string): Promise<AdminPlan> => {
    const list = (await asOperator(w, 'GET', '/plans')).json() as { items: AdminPlan[] };
    return list.items.find((plan) => plan.id === planId)!;
  };
  const purchaseCount = (where: ReturnType<typeof sql>) => scalar(db(), sql`select count(*)::int as n from purchases where ${where}`);
  /** Funded members made at once (no argon2; funds by operator adjustment through the API). */
  const fundedMembers = async (count: number, amount: number, referrerId?: string): Promise<Member[]> =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const member = await quickMember(t, { referrerId });
        await fund(w, member.userId, amount);
        return member;
      }),
    );

  it('one member with money for exactly 3 purchases fires 100 at once: 3 succeed, 97 are 409 INSUFFICIENT_FUNDS, wallet 0', async () => {
    const plan = await createPlan(w, { price: 1_000 });
    const upline = await quickMember(t);
    const member = await quickMember(t, { referrerId: upline.userId });
    await fund(w, member.userId, 3_000);

    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => purchaseOn(i, member, plan.id)));
    expectNo5xx(responses);
    expect(statusCounts(responses)).toEqual({ 201: 3, 409: 97 });
    expect(errorCodes(responses, 409)).toEqual(['INSUFFICIENT_FUNDS']);
    expect(new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.json().id)).size).toBe(3);

    expect(await balances(member.userId)).toMatchObject({ available: 0, commissionPending: 0 });
    expect(await purchaseCount(sql`user_id = ${member.userId}`)).toBe(3);
    // A refused purchase leaves nothing behind: no count, no commission, no debit.
    expect(await scalar(db(), sql`select bought as n from plan_member_counts where user_id = ${member.userId}`)).toBe(3);
    expect(
      await scalar(
        db(),
        sql`select count(*)::int as n from commissions c join purchases p on p.id = c.purchase_id where p.user_id = ${member.userId}`,
      ),
    ).toBe(9);
    expect((await balances(upline.userId)).commissionPending).toBe(3 * 100);
    expect(
      await scalar(
        db(),
        sql`select count(distinct t.id)::int as n from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts a on a.id = e.account_id where a.owner_id = ${member.userId} and t.kind = 'plan_purchase'`,
      ),
    ).toBe(3);
    await expectLedgerIntact();
  });

  it('a plan with stock 10 bought by 50 funded members at once: 10 succeed, 40 are 409 PLAN_SOLD_OUT, no stock left', async () => {
    const plan = await createPlan(w, { price: 1_000, stock: 10 });
    const members = await fundedMembers(50, 1_000);

    const responses = await Promise.all(members.map((member, i) => purchaseOn(i, member, plan.id)));
    expectNo5xx(responses);
    expect(statusCounts(responses)).toEqual({ 201: 10, 409: 40 });
    expect(errorCodes(responses, 409)).toEqual(['PLAN_SOLD_OUT']);

    expect(await adminPlan(plan.id)).toMatchObject({ stock: 10, remainingStock: 0, soldCount: 10, onSale: false });
    expect(await purchaseCount(sql`plan_id = ${plan.id}`)).toBe(10);
    // Each unit went to one purchase, and each purchase has one unit.
    const units = await rows<{ purchase_id: string | null }>(
      db(),
      sql`select purchase_id from plan_stock_units where plan_id = ${plan.id}`,
    );
    expect(units).toHaveLength(10);
    expect(new Set(units.map((unit) => unit.purchase_id)).size).toBe(10);
    expect(units.every((unit) => unit.purchase_id !== null)).toBe(true);
    const wallets = await Promise.all(members.map(async (member) => (await balances(member.userId)).available));
    expect(wallets.filter((available) => available === 0)).toHaveLength(10);
    expect(wallets.filter((available) => available === 1_000)).toHaveLength(40);
    await expectLedgerIntact();
  });

  it('members short of money buying at the same moment never make the last units look sold out to members who can pay', async () => {
    const plan = await createPlan(w, { price: 1_000, stock: 10 });
    const funded = await fundedMembers(15, 1_000);
    const short = await fundedMembers(45, 999);
    // Interleaved: each funded member's request sits among three of members who cannot pay.
    const order = funded.flatMap((member, i) => [short[3 * i]!, member, short[3 * i + 1]!, short[3 * i + 2]!]);

    const responses = await Promise.all(order.map((member, i) => purchaseOn(i, member, plan.id)));
    expectNo5xx(responses);
    const fundedIds = new Set(funded.map((member) => member.userId));
    const ofFunded = responses.filter((_, i) => fundedIds.has(order[i]!.userId));
    const ofShort = responses.filter((_, i) => !fundedIds.has(order[i]!.userId));
    // All ten units are sold, to members who could pay; the other five funded members hear sold out.
    expect(statusCounts(ofFunded)).toEqual({ 201: 10, 409: 5 });
    expect(errorCodes(ofFunded, 409)).toEqual(['PLAN_SOLD_OUT']);
    expect(statusCounts(ofShort)).toEqual({ 409: 45 });
    expect(errorCodes(ofShort, 409).filter((code) => code !== 'INSUFFICIENT_FUNDS' && code !== 'PLAN_SOLD_OUT')).toEqual([]);
    expect((await adminPlan(plan.id)).remainingStock).toBe(0);
    await expectLedgerIntact();
  });

  it('a coupon with a total cap of 5 used by 30 members at once: 5 purchases with the discount, 25 are 422 cap_reached', async () => {
    const plan = await createPlan(w, { price: 1_000 });
    const coupon = await createCoupon(w, { code: 'RACE5', kind: 'percent_off', value: 10, totalCap: 5 });
    const members = await fundedMembers(30, 1_000);

    const responses = await Promise.all(members.map((member, i) => purchaseOn(i, member, plan.id, { coupon: 'race5' })));
    expectNo5xx(responses);
    expect(statusCounts(responses)).toEqual({ 201: 5, 422: 25 });
    for (const response of responses.filter((r) => r.statusCode === 201))
      expect(response.json()).toMatchObject({ discount: 100, paid: 900 });
    for (const response of responses.filter((r) => r.statusCode === 422)) {
      const { error } = apiErrorSchema.parse(response.json());
      expect(error.code).toBe('COUPON_NOT_APPLICABLE');
      expect(error.fields).toEqual({ coupon: COUPON_REFUSAL_MESSAGES.cap_reached });
    }

    const list = (await asOperator(w, 'GET', '/coupons?q=RACE5')).json() as { items: AdminCoupon[] };
    expect(list.items.map((item) => [item.code, item.redeemedCount])).toEqual([['RACE5', 5]]);
    expect(await scalar(db(), sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${coupon.id}`)).toBe(5);
    expect(await scalar(db(), sql`select coalesce(sum(uses), 0)::int as n from coupon_member_uses where coupon_id = ${coupon.id}`)).toBe(5);
    expect(await purchaseCount(sql`plan_id = ${plan.id}`)).toBe(5);
    const wallets = await Promise.all(members.map(async (member) => (await balances(member.userId)).available));
    expect(wallets.filter((available) => available === 100)).toHaveLength(5);
    expect(wallets.filter((available) => available === 1_000)).toHaveLength(25);
    await expectLedgerIntact();
  });

  it('a plan with a per-member limit of 1 tried 20 times at once by one member with money for all: exactly 1', async () => {
    const plan = await createPlan(w, { price: 1_000, perMemberLimit: 1 });
    const [member] = await fundedMembers(1, 20_000);

    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => purchaseOn(i, member!, plan.id)));
    expectNo5xx(responses);
    expect(statusCounts(responses)).toEqual({ 201: 1, 409: 19 });
    expect(errorCodes(responses, 409)).toEqual(['PLAN_LIMIT_REACHED']);
    expect((await balances(member!.userId)).available).toBe(19_000);
    expect(await purchaseCount(sql`user_id = ${member!.userId}`)).toBe(1);
    expect(await scalar(db(), sql`select bought as n from plan_member_counts where user_id = ${member!.userId}`)).toBe(1);
    await expectLedgerIntact();
  });

  it('one Idempotency-Key sent 50 times at once: one purchase, one set of commissions, one debit', async () => {
    const plan = await createPlan(w, { price: 1_000 });
    const a = await quickMember(t);
    const b = await quickMember(t, { referrerId: a.userId });
    const [member] = await fundedMembers(1, 5_000, b.userId);
    const key = randomUUID();

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => purchaseOn(i, member!, plan.id, { expectedToPay: 1_000 }, key)),
    );
    expectNo5xx(responses);
    const counts = statusCounts(responses);
    expect(Object.keys(counts).every((status) => status === '201' || status === '409')).toBe(true);
    expect(counts[201]).toBeGreaterThanOrEqual(1);
    if (counts[409]) expect(errorCodes(responses, 409)).toEqual(['IDEMPOTENCY_IN_PROGRESS']);
    const ids = new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.json().id as string));
    expect(ids.size).toBe(1);
    const [purchaseId] = [...ids];

    const purchases = await rows<{ id: string; request_key: string }>(
      db(),
      sql`select id, request_key from purchases where user_id = ${member!.userId}`,
    );
    expect(purchases).toEqual([{ id: purchaseId, request_key: key }]);
    const commissionRows = await rows<{ level: number; beneficiary_id: string | null; amount: number; status: string }>(
      db(),
      sql`select level, beneficiary_id, amount, status from commissions where purchase_id = ${purchaseId} order by level`,
    );
    expect(commissionRows).toEqual([
      { level: 1, beneficiary_id: b.userId, amount: 100, status: 'pending' },
      { level: 2, beneficiary_id: a.userId, amount: 50, status: 'pending' },
      { level: 3, beneficiary_id: null, amount: 0, status: 'skipped' },
    ]);
    expect(
      await scalar(
        db(),
        sql`select count(*)::int as n from commissions c join purchases p on p.id = c.purchase_id where p.user_id = ${member!.userId}`,
      ),
    ).toBe(3);
    expect(await balances(member!.userId)).toMatchObject({ available: 4_000 });
    expect((await balances(b.userId)).commissionPending).toBe(100);
    expect((await balances(a.userId)).commissionPending).toBe(50);
    expect(
      await scalar(
        db(),
        sql`select count(distinct t.id)::int as n from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts a on a.id = e.account_id where a.owner_id = ${member!.userId}`,
      ),
    ).toBe(2); // the funding credit and the one purchase
    // The key answers the same purchase afterwards, from either instance.
    for (const i of [0, 1]) {
      const replay = await purchaseOn(i, member!, plan.id, { expectedToPay: 1_000 }, key);
      expect([replay.statusCode, replay.json().id]).toEqual([201, purchaseId]);
    }
    await expectLedgerIntact();
  });

  it('the release job run six times at once on both instances releases each due commission exactly once', { timeout: 60_000 }, async () => {
    // Eight chains of 13 members; everyone buys once: 8 × (0 + 1 + 2 + 3 × 10) = 264 new commissions,
    // over several release batches (RELEASE_BATCH = 100), with beneficiaries shared across batches.
    const plan = await createPlan(w, { price: 1_000 });
    const members: Member[] = [];
    for (let chain = 0; chain < 8; chain++) {
      let referrerId: string | undefined;
      for (let depth = 0; depth < 13; depth++) {
        const member = await quickMember(t, { referrerId });
        members.push(member);
        referrerId = member.userId;
      }
    }
    await Promise.all(members.map((member) => fund(w, member.userId, 1_000)));
    const bought = await Promise.all(members.map((member, i) => purchaseOn(i, member, plan.id)));
    expect(statusCounts(bought)).toEqual({ 201: members.length });

    const due = await rows<{ id: string; beneficiary_id: string; amount: number }>(
      db(),
      sql`select id, beneficiary_id, amount from commissions where status = 'pending'`,
    );
    expect(due.length).toBeGreaterThanOrEqual(264);
    const beneficiaries = [...new Set(due.map((row) => row.beneficiary_id))];
    const before = new Map(await Promise.all(beneficiaries.map(async (id) => [id, await balances(id)] as const)));
    const owed = new Map<string, number>();
    for (const row of due) owed.set(row.beneficiary_id, (owed.get(row.beneficiary_id) ?? 0) + row.amount);
    for (const id of beneficiaries) expect(before.get(id)!.commissionPending).toBe(owed.get(id));

    // Not due yet: nothing moves.
    expect(await releaseDueCommissions({ db: db(), clock: t.clock, config: t.config })).toBe(0);
    t.clock.advance(DAY + 1_000);
    const runs = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => releaseDueCommissions({ db: i % 2 === 0 ? db() : second.db, clock: t.clock, config: t.config })),
    );
    expect(runs.filter((run) => run.status === 'rejected')).toEqual([]);
    const released = runs.reduce((sum, run) => sum + (run.status === 'fulfilled' ? run.value : 0), 0);
    expect(released).toBe(due.length);
    // Run again (both instances): nothing left.
    expect(
      await Promise.all([db(), second.db].map((handle) => releaseDueCommissions({ db: handle, clock: t.clock, config: t.config }))),
    ).toEqual([0, 0]);

    const statuses = await rows<{ status: string; n: number }>(
      db(),
      sql`select status, count(*)::int as n from commissions where id in (${sql.join(
        due.map((row) => sql`${row.id}`),
        sql`, `,
      )}) group by status`,
    );
    expect(statuses).toEqual([{ status: 'available', n: due.length }]);
    // One release transaction per commission, under its own key, and no other release transaction.
    const keys = await rows<{ idempotency_key: string; n: number }>(
      db(),
      sql`select idempotency_key, count(*)::int as n from ledger_transactions where kind = 'commission_release' group by idempotency_key`,
    );
    expect(keys).toHaveLength(due.length);
    expect(keys.every((row) => row.n === 1)).toBe(true);
    expect(new Set(keys.map((row) => row.idempotency_key))).toEqual(new Set(due.map((row) => `commission-release:${row.id}`)));
    for (const id of beneficiaries) {
      const after = await balances(id);
      expect(after.commissionPending).toBe(0);
      expect(after.available).toBe(before.get(id)!.available + owed.get(id)!);
    }
    await expectLedgerIntact();
  });

  it('a refund racing the release of its own commissions takes them back exactly once, whichever comes first', async () => {
    const plan = await createPlan(w, { price: 10_000 });
    const a = await quickMember(t);
    const b = await quickMember(t, { referrerId: a.userId });
    // Twenty other members under B keep the release busy with B's and A's accounts.
    const others = await fundedMembers(20, 1_000, b.userId);
    const cheap = await createPlan(w, { price: 1_000 });
    expect(statusCounts(await Promise.all(others.map((member, i) => purchaseOn(i, member, cheap.id))))).toEqual({ 201: 20 });
    const buyers = await fundedMembers(3, 10_000, b.userId);
    const refundIds: string[] = [];
    for (const [i, buyer] of buyers.entries()) {
      const bought = await purchaseOn(i, buyer, plan.id);
      expect(bought.statusCode).toBe(201);
      refundIds.push(bought.json().id);
    }
    const start = await Promise.all([a, b].map((who) => balances(who.userId)));
    t.clock.advance(DAY + 1_000);

    // Three refunds (override: past a release they claw back) and four release runs, all at once.
    const outcomes = await Promise.allSettled([
      ...refundIds.map((id, i) =>
        instance(i).inject({
          method: 'POST',
          url: `/api/v1/admin/purchases/${id}/refund`,
          headers: { cookie: w.operator.cookie, 'idempotency-key': randomUUID() },
          payload: { reason: 'Raced with the release', override: true },
        }),
      ),
      ...[0, 1, 2, 3].map((i) => releaseDueCommissions({ db: i % 2 === 0 ? db() : second.db, clock: t.clock, config: t.config })),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    for (const outcome of outcomes.slice(0, 3)) {
      const response = (outcome as PromiseFulfilledResult<{ statusCode: number; body: string }>).value;
      expect(response.statusCode, response.body).toBe(200);
    }
    await releaseDueCommissions({ db: db(), clock: t.clock, config: t.config });

    // The refunded purchases' commissions are all reversed, each released at most once.
    const refunded = await rows<{ status: string; n: number }>(
      db(),
      sql`select status, count(*)::int as n from commissions where purchase_id in (${sql.join(
        refundIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and status <> 'skipped' group by status`,
    );
    expect(refunded).toEqual([{ status: 'reversed', n: 6 }]);
    expect(
      await scalar(
        db(),
        sql`select count(*)::int as n from (select idempotency_key from ledger_transactions where kind = 'commission_release'
            group by idempotency_key having count(*) > 1) s`,
      ),
    ).toBe(0);
    // What A and B keep is exactly what the twenty other purchases brought them (B 100 each, A 50 each),
    // whether a refunded commission was taken back from pending, from the wallet or as a debt.
    const end = await Promise.all([a, b].map((who) => balances(who.userId)));
    const kept = end.map((row, i) => row.available - row.debt + row.commissionPending - start[i]!.available);
    expect(kept).toEqual([20 * 50, 20 * 100]);
    expect(end.map((row) => row.commissionPending)).toEqual([0, 0]);
    await expectLedgerIntact();
  });
});
