import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRefusal, discountFor, type CouponTerms } from '../src/modules/plans/rules';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * The quote (and the wallet-credit redemption) apply the coupon rules in TypeScript
 * (modules/plans/rules.ts); the purchase applies them in the database (plan_coupon_refusal and
 * plan_coupon_discount, modules/plans/sql/). Two copies of one rule must give one answer, or a quote
 * would promise a discount the purchase then refuses. Random coupons, members, times and prices,
 * near every boundary, against both.
 */

const MEMBER = randomUUID();
const OTHER = randomUUID();
const PLAN = randomUUID();
const OTHER_PLAN = randomUUID();
const T0 = Date.UTC(2026, 10, 1);
const HOUR = 3_600_000;

const instant = fc.integer({ min: -48, max: 48 }).map((hours) => new Date(T0 + hours * HOUR));
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const price = fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.constantFrom(1, 99, 100, 101, 1_000_000_000_000));

const couponArbitrary: fc.Arbitrary<CouponTerms> = fc
  .record({
    kind: fc.constantFrom('percent_off', 'amount_off', 'wallet_credit'),
    percent: fc.integer({ min: 1, max: 100 }),
    amount: fc.oneof(fc.integer({ min: 1, max: 6_000 }), fc.constant(1_000_000_000_000)),
    maxDiscount: maybe(fc.integer({ min: 1, max: 3_000 })),
    minSpend: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6_000 })),
    planIds: fc.constantFrom<string[]>([], [PLAN], [OTHER_PLAN], [OTHER_PLAN, PLAN]),
    startsAt: maybe(instant),
    hoursLong: fc.integer({ min: 1, max: 72 }),
    hasEnd: fc.boolean(),
    totalCap: maybe(fc.integer({ min: 1, max: 5 })),
    perMemberCap: fc.integer({ min: 1, max: 3 }),
    assignedMemberId: fc.constantFrom(null, MEMBER, OTHER),
    active: fc.boolean(),
    redeemed: fc.integer({ min: 0, max: 5 }),
  })
  .map((c) => {
    const kind = c.kind as CouponTerms['kind'];
    const endsAt = c.hasEnd ? new Date((c.startsAt ?? new Date(T0 - 24 * HOUR)).getTime() + c.hoursLong * HOUR) : null;
    return {
      kind,
      value: kind === 'percent_off' ? c.percent : c.amount,
      maxDiscount: kind === 'percent_off' ? c.maxDiscount : null,
      minSpend: c.minSpend,
      planIds: c.planIds,
      startsAt: c.startsAt,
      endsAt,
      totalCap: c.totalCap,
      perMemberCap: c.perMemberCap,
      assignedMemberId: c.assignedMemberId,
      active: c.active,
      redeemedCount: c.totalCap === null ? c.redeemed : Math.min(c.redeemed, c.totalCap),
    };
  });

/** A coupons row as JSON for jsonb_populate_record, so the test keeps working when the table grows. */
function couponRow(coupon: CouponTerms) {
  return {
    id: randomUUID(),
    code: 'RULES',
    kind: coupon.kind,
    value: coupon.value,
    max_discount: coupon.maxDiscount,
    min_spend: coupon.minSpend,
    plan_ids: coupon.planIds,
    starts_at: coupon.startsAt?.toISOString() ?? null,
    ends_at: coupon.endsAt?.toISOString() ?? null,
    total_cap: coupon.totalCap,
    per_member_cap: coupon.perMemberCap,
    assigned_member_id: coupon.assignedMemberId,
    active: coupon.active,
    redeemed_count: coupon.redeemedCount,
  };
}

describe('coupon rules: the database and the server agree', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const sqlAnswer = async (coupon: CouponTerms | null, now: Date, memberUses: number, planPrice: number) => {
    const row = coupon === null ? null : JSON.stringify(couponRow(coupon));
    const result = (await t.handle.db.execute(
      sql`select plan_coupon_refusal(jsonb_populate_record(null::coupons, ${row}::jsonb), ${MEMBER}::uuid, ${now}, ${memberUses}::int,
                                     ${PLAN}::uuid, ${planPrice}::bigint) as refusal,
                 plan_coupon_discount(${coupon?.kind ?? 'amount_off'}, ${coupon?.value ?? 0}::bigint, ${coupon?.maxDiscount ?? null}::bigint,
                                      ${planPrice}::bigint) as discount`,
    )) as unknown as { rows: { refusal: string | null; discount: number | string }[] };
    return { refusal: result.rows[0]!.refusal, discount: Number(result.rows[0]!.discount) };
  };

  it('gives the same refusal and the same discount for any coupon, member, time and price', async () => {
    await fc.assert(
      fc.asyncProperty(
        maybe(couponArbitrary),
        instant,
        fc.integer({ min: 0, max: 4 }),
        price,
        async (coupon, now, memberUses, planPrice) => {
          const expected = couponRefusal(coupon ?? undefined, { userId: MEMBER, now, memberUses, plan: { id: PLAN, price: planPrice } });
          const answer = await sqlAnswer(coupon, now, memberUses, planPrice);
          expect(answer.refusal).toBe(expected);
          if (coupon !== null) expect(answer.discount).toBe(discountFor(coupon, planPrice));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('takes a percentage off without fractions, within the maximum and the price', async () => {
    const percent: CouponTerms = (await fc.sample(couponArbitrary, 1))[0]!;
    Object.assign(percent, { kind: 'percent_off', value: 33, maxDiscount: 250 });
    expect((await sqlAnswer(percent, new Date(T0), 0, 1_000)).discount).toBe(250);
    Object.assign(percent, { maxDiscount: null });
    expect((await sqlAnswer(percent, new Date(T0), 0, 1_001)).discount).toBe(330);
    expect((await sqlAnswer(percent, new Date(T0), 0, 2)).discount).toBe(0);
    // 10^12 × 100 stays exact in bigint and in JavaScript alike.
    Object.assign(percent, { value: 100 });
    expect((await sqlAnswer(percent, new Date(T0), 0, 1_000_000_000_000)).discount).toBe(1_000_000_000_000);
  });
});
