import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCoupon } from '@orchard/shared';
import { buildIntegrityReport } from '../src/ledger/index';
import { COUPON_CAP_CONSTRAINT } from '../src/modules/plans/coupons';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import {
  asOperator,
  buy,
  createCoupon,
  createPlan,
  fund,
  plansWorld,
  quickMember,
  rows,
  secondInstance,
  type PlansWorld,
  type SecondInstance,
} from './plans/helpers';

/** A coupon's terms as the console's edit form sends them back, with another total cap. */
function withCap(coupon: AdminCoupon, totalCap: number | null) {
  return {
    kind: coupon.kind,
    value: coupon.value,
    maxDiscount: coupon.maxDiscount,
    minSpend: coupon.minSpend,
    planIds: coupon.planIds,
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    totalCap,
    perMemberCap: coupon.perMemberCap,
    assignedMemberId: coupon.assignedMemberId,
    active: coupon.active,
  };
}

const CAP_MESSAGE = /^It has been used (\d+) times already: the cap cannot be lower\.$/;

describe.each(DATABASE_KINDS)('lowering a coupon’s total cap below its uses (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is a 400 on totalCap naming the uses counted, and changes nothing', async () => {
    const plan = await createPlan(w, { price: 1_000 });
    const coupon = await createCoupon(w, { code: `CAP-${kind}`, kind: 'percent_off', value: 10, totalCap: 10 });
    for (let i = 0; i < 3; i++) {
      const member = await quickMember(t);
      await fund(w, member.userId, 1_000);
      expect((await buy(w, member, plan.id, { coupon: coupon.code })).statusCode).toBe(201);
    }
    const lowered = await asOperator(w, 'PUT', `/coupons/${coupon.id}`, withCap(coupon, 2));
    expect(lowered.statusCode, lowered.body).toBe(400);
    expect(lowered.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { totalCap: 'It has been used 3 times already: the cap cannot be lower.' } },
    });
    const [row] = await rows<{ total_cap: number }>(t.database.handle.db, sql`select total_cap from coupons where id = ${coupon.id}`);
    expect(row!.total_cap).toBe(10);
    expect((await asOperator(w, 'PUT', `/coupons/${coupon.id}`, withCap(coupon, 3))).statusCode).toBe(200);
  });

  it('the database guards the same rule under the name the server maps to that 400', async () => {
    const [constraint] = await rows<{ definition: string }>(
      t.database.handle.db,
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'coupons'::regclass and conname = ${COUPON_CAP_CONSTRAINT}`,
    );
    expect(constraint?.definition).toMatch(/total_cap IS NULL\) OR \(redeemed_count <= total_cap/);
  });
});

/**
 * The console lowering a coupon's cap while members redeem it, on two app instances against one
 * PostgreSQL database: every edit is a 200 or a 400 naming the uses counted, never a 5xx, and the
 * coupon never ends with more uses than its cap.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('coupon cap edits racing redemptions on PostgreSQL, two app instances', () => {
  let t: TestApp;
  let second: SecondInstance;
  let w: PlansWorld;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    second = await secondInstance(t);
    w = await plansWorld(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const instance = (i: number): FastifyInstance => (i % 2 === 0 ? t.app : second.app);

  it(
    '30 purchases with the coupon and 18 cap edits at once, three rounds: no 5xx, uses never past the cap',
    { timeout: 120_000 },
    async () => {
      const plan = await createPlan(w, { price: 1_000 });
      const outcomes = { edits: {} as Record<number, number>, purchases: {} as Record<number, number> };
      for (let round = 0; round < 3; round++) {
        const coupon = await createCoupon(w, { code: `RACECAP${round}`, kind: 'percent_off', value: 10, totalCap: 100 });
        const members = await Promise.all(
          Array.from({ length: 30 }, async () => {
            const member = await quickMember(t);
            await fund(w, member.userId, 1_000);
            return member;
          }),
        );
        const purchases = members.map((member, i) =>
          instance(i).inject({
            method: 'POST',
            url: `/api/v1/plans/${plan.id}/purchase`,
            headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
            payload: { coupon: coupon.code },
          }),
        );
        // Caps from 3 to 20: each lands somewhere among the uses being counted.
        const edits = Array.from({ length: 18 }, (_, i) =>
          instance(i + 1).inject({
            method: 'PUT',
            url: `/api/v1/admin/coupons/${coupon.id}`,
            headers: { cookie: w.operator.cookie },
            payload: withCap(coupon, 3 + i),
          }),
        );
        const [purchaseAnswers, editAnswers] = await Promise.all([Promise.all(purchases), Promise.all(edits)]);

        for (const [i, answer] of editAnswers.entries()) {
          outcomes.edits[answer.statusCode] = (outcomes.edits[answer.statusCode] ?? 0) + 1;
          expect([200, 400], answer.body).toContain(answer.statusCode);
          if (answer.statusCode === 400) {
            const counted = CAP_MESSAGE.exec((answer.json() as { error: { fields: { totalCap: string } } }).error.fields.totalCap);
            expect(counted, answer.body).not.toBeNull();
            expect(Number(counted![1])).toBeGreaterThan(3 + i);
          }
        }
        for (const answer of purchaseAnswers) {
          outcomes.purchases[answer.statusCode] = (outcomes.purchases[answer.statusCode] ?? 0) + 1;
          expect([201, 422], answer.body).toContain(answer.statusCode);
          if (answer.statusCode === 422) expect(answer.json()).toMatchObject({ error: { code: 'COUPON_NOT_APPLICABLE' } });
        }
        const [row] = await rows<{ redeemed_count: number; total_cap: number | null }>(
          t.database.handle.db,
          sql`select redeemed_count, total_cap from coupons where id = ${coupon.id}`,
        );
        expect(row!.redeemed_count).toBeLessThanOrEqual(row!.total_cap ?? Infinity);
        expect(row!.redeemed_count).toBe(purchaseAnswers.filter((a) => a.statusCode === 201).length);
      }
      console.info(`cap edits by status: ${JSON.stringify(outcomes.edits)}; purchases by status: ${JSON.stringify(outcomes.purchases)}`);
      expect((await buildIntegrityReport(t.database.handle.db, t.clock.now())).ok).toBe(true);
    },
  );
});
