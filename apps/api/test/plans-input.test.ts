import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  type AdminCoupon,
  type AdminPlan,
  type AdminPurchase,
  type CouponRefusal,
  type PurchaseQuote,
} from '@orchard/shared';
import { buildIntegrityReport, getMemberBalances } from '../src/ledger/index';
import { COUPON_REFUSAL_MESSAGES } from '../src/modules/plans/rules';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { asMember, asOperator, buy, createCoupon, createPlan, fund, plansWorld, quickMember, rows, type PlansWorld } from './plans/helpers';

type Member = { userId: string; cookie: string };
const OMIT = Symbol('omit');
/** [the field the error must name (a dot path for an array item), the value sent in its top-level key (OMIT = left out)] */
type FieldCase = [field: string, value: unknown];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every row of the plans tables, the audit log and the ledger: a refused request changes none of them. */
const CHECKSUM = sql`select md5(concat_ws('|',
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from plans t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from plan_stock_units t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from plan_member_counts t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from coupons t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from coupon_member_uses t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from coupon_redemptions t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from purchases t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from commissions t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from referral_settings t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from ledger_accounts t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from audit_log t) s),
  (select count(*)::text from ledger_transactions),
  (select count(*)::text from ledger_entries)
)) as checksum`;

function withField(base: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  if (value === OMIT) delete copy[path];
  else copy[path] = value;
  return copy;
}

const PLAN_BODY = {
  name: 'Silver membership',
  description: 'Member events and priority support.',
  benefits: ['Member events'],
  price: 1_000,
  durationDays: 30,
  badge: null,
  perMemberLimit: null,
  stock: null,
  saleStartsAt: null,
  saleEndsAt: null,
  active: true,
  sortOrder: 0,
};

/** Bad values for each field of a plan (create and update take the same body). */
const PLAN_CASES: FieldCase[] = [
  ['name', OMIT],
  ['name', ''],
  ['name', '   '],
  ['name', 'x'.repeat(81)],
  ['name', 'a\u0000b'],
  ['name', 42],
  ['name', 'Gold – 5% daily return'],
  ['name', 'Investor club'],
  ['description', 'x'.repeat(2001)],
  ['description', 'Guaranteed profit every week'],
  ['description', 'bell\u0007'],
  ['benefits', 'Member events'],
  ['benefits', Array.from({ length: 13 }, (_, i) => `Benefit ${i}`)],
  ['benefits.0', ['']],
  ['benefits.0', ['Earn a 5% yield']],
  ['benefits.0', [7]],
  ['price', OMIT],
  ['price', 0],
  ['price', -1],
  ['price', 1.5],
  ['price', '1000'],
  ['price', 1_000_000_000_001],
  ['durationDays', 0],
  ['durationDays', 3651],
  ['durationDays', 2.5],
  ['badge', ''],
  ['badge', 'x'.repeat(25)],
  ['badge', 'High ROI'],
  ['perMemberLimit', 0],
  ['perMemberLimit', 1001],
  ['stock', -1],
  ['stock', 100_001],
  ['stock', 1.5],
  ['saleStartsAt', 'tomorrow'],
  ['saleStartsAt', '2026-01-01'],
  ['saleStartsAt', '2026-02-30T00:00:00Z'],
  ['saleStartsAt', '0000-01-01T00:00:00Z'],
  ['saleStartsAt', '0001-01-01T00:30:00+01:00'],
  ['saleEndsAt', '9999-12-31T23:00:00-05:00'],
  ['active', 'yes'],
  ['sortOrder', -1],
  ['sortOrder', 1001],
  ['returnRate', 5],
];

const COUPON_BODY = { kind: 'percent_off', value: 10 };
const COUPON_FIELD_CASES: FieldCase[] = [
  ['kind', OMIT],
  ['kind', 'bogus'],
  ['value', OMIT],
  ['value', 0],
  ['value', 101],
  ['value', 2.5],
  ['value', '10'],
  ['maxDiscount', 0],
  ['minSpend', -1],
  ['minSpend', 1_000_000_000_001],
  ['planIds', 'all'],
  ['planIds.0', ['not-a-uuid']],
  ['planIds', Array.from({ length: 51 }, () => randomUUID())],
  ['planIds', [randomUUID()]],
  ['startsAt', 'soon'],
  ['startsAt', '0000-06-01T00:00:00Z'],
  ['endsAt', '9999-12-31T23:30:00-01:00'],
  ['totalCap', 0],
  ['totalCap', 1_000_001],
  ['perMemberCap', 0],
  ['perMemberCap', 101],
  ['assignedMemberId', 'someone'],
  ['assignedMemberId', randomUUID()],
  ['active', 1],
  ['discountRate', 5],
];
/** Cases that need more than one field set to be wrong. */
const COUPON_BODY_CASES: Array<[field: string, body: Record<string, unknown>]> = [
  ['maxDiscount', { kind: 'amount_off', value: 100, maxDiscount: 50 }],
  ['planIds', { kind: 'wallet_credit', value: 100, minSpend: 10 }],
  ['endsAt', { ...COUPON_BODY, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }],
];

const SETTINGS_BODY = {
  level1Bp: 1000,
  level2Bp: 500,
  level3Bp: 200,
  capBp: 3000,
  requireActivePlan: true,
  holdDays: 7,
  refundWindowDays: 7,
};
const SETTINGS_CASES: FieldCase[] = [
  ...(['level1Bp', 'level2Bp', 'level3Bp'] as const).flatMap((field): FieldCase[] => [
    [field, OMIT],
    [field, -1],
    [field, 10_001],
    [field, 1.5],
  ]),
  ['level1Bp', 9_500], // with 500 + 200 the three pass 100 %
  ['capBp', -1],
  ['capBp', 5_001],
  ['requireActivePlan', 'true'],
  ['requireActivePlan', OMIT],
  ['holdDays', -1],
  ['holdDays', 91],
  ['refundWindowDays', -1],
  ['refundWindowDays', 366],
  ['refundWindowDays', '7'],
  ['payoutRate', 1],
];

describe.each(DATABASE_KINDS)('plans: bad input and refusals change nothing (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let plan: AdminPlan;
  let member: Member;
  let other: Member;
  let coupon: AdminCoupon;
  let purchaseId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    plan = await createPlan(w, { price: 1_000, stock: 5 });
    member = await quickMember(t);
    other = await quickMember(t);
    await fund(w, member.userId, 100_000);
    await fund(w, other.userId, 100_000);
    coupon = await createCoupon(w, { code: 'INPUT10', kind: 'percent_off', value: 10, totalCap: 100 });
    const bought = await buy(w, member, plan.id, { coupon: 'INPUT10' });
    expect(bought.statusCode, bought.body).toBe(201);
    purchaseId = bought.json().id;
  });
  afterAll(async () => t?.close());

  async function checksum(): Promise<string> {
    const [row] = await rows<{ checksum: string }>(t.database.handle.db, CHECKSUM);
    return row!.checksum;
  }

  interface Attempt {
    label: string;
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    body?: unknown;
    as?: Member;
  }

  /**
   * Sends each attempt and returns what went wrong: not a 400 VALIDATION_FAILED naming `field`,
   * or a change in the database. Collected, so one run shows every failing case.
   */
  async function refusals(attempts: Array<Attempt & { field: string; status?: number; code?: string }>): Promise<string[]> {
    const problems: string[] = [];
    for (const attempt of attempts) {
      const before = await checksum();
      const response = attempt.as
        ? await asMember(w, attempt.as, attempt.method as 'GET' | 'POST', attempt.url, attempt.body, randomUUID())
        : await asOperator(w, attempt.method, attempt.url, attempt.body, randomUUID());
      const where = `${attempt.label}: ${response.statusCode} ${response.body.slice(0, 300)}`;
      const parsed = apiErrorSchema.safeParse(safeJson(response.body));
      if (response.statusCode !== (attempt.status ?? 400) || !parsed.success) problems.push(`${where} (wanted ${attempt.status ?? 400})`);
      else if (parsed.data.error.code !== (attempt.code ?? 'VALIDATION_FAILED')) problems.push(`${where} (wanted ${attempt.code})`);
      else if (!Object.hasOwn(parsed.data.error.fields ?? {}, attempt.field)) problems.push(`${where} (wanted fields.${attempt.field})`);
      if ((await checksum()) !== before) problems.push(`${attempt.label}: refused but changed the database`);
    }
    return problems;
  }

  const fieldAttempts = (label: string, method: 'POST' | 'PUT', url: string, base: Record<string, unknown>, cases: FieldCase[]) =>
    cases.map(([field, value]) => ({
      label: `${label} ${field} = ${typeof value === 'symbol' ? '(missing)' : JSON.stringify(value).slice(0, 40)}`,
      method,
      url,
      field,
      body: withField(base, field.split('.')[0]!, value),
    }));

  it('createPlan and updatePlan refuse each bad field with a 400 naming it, and store nothing', async () => {
    const plansBefore = (await asOperator(w, 'GET', '/plans')).json().items.length;
    const problems = await refusals([
      ...fieldAttempts('createPlan', 'POST', '/plans', PLAN_BODY, PLAN_CASES),
      ...fieldAttempts('updatePlan', 'PUT', `/plans/${plan.id}`, PLAN_BODY, PLAN_CASES),
      {
        label: 'createPlan sale ending before it starts',
        method: 'POST',
        url: '/plans',
        field: 'saleEndsAt',
        body: { ...PLAN_BODY, saleStartsAt: '2030-01-02T00:00:00Z', saleEndsAt: '2030-01-01T00:00:00Z' },
      },
      // One unit is sold: the stock cannot go below it.
      {
        label: 'updatePlan stock below the units sold',
        method: 'PUT',
        url: `/plans/${plan.id}`,
        field: 'stock',
        body: { ...PLAN_BODY, stock: 0 },
      },
    ]);
    expect(problems).toEqual([]);
    expect((await asOperator(w, 'GET', '/plans')).json().items).toHaveLength(plansBefore);
    // The honest-wording message says why.
    const refused = await asOperator(w, 'POST', '/plans', { ...PLAN_BODY, name: 'Gold – 5% daily return' });
    expect(refused.json().error.fields.name).toMatch(/not a return/);
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await asOperator(w, 'PUT', `/plans/${id}`, PLAN_BODY);
      expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('createCoupon, updateCoupon and generateCoupons refuse each bad field with a 400 naming it, and store nothing', async () => {
    const couponsBefore = (await asOperator(w, 'GET', '/coupons')).json().total;
    const problems = await refusals([
      ...fieldAttempts('createCoupon', 'POST', '/coupons', { ...COUPON_BODY, code: 'NEWCODE' }, [
        ['code', OMIT],
        ['code', 'ab'],
        ['code', 'x'.repeat(33)],
        ['code', 'has space'],
        ['code', 'ÜBER10'],
        ['code', 10],
        ...COUPON_FIELD_CASES,
      ]),
      ...COUPON_BODY_CASES.map(([field, body]) => ({
        label: `createCoupon ${field} (combination)`,
        method: 'POST' as const,
        url: '/coupons',
        field,
        body: { ...body, code: 'NEWCODE' },
      })),
      // Codes compare case-insensitively: a taken code in other case is a 409 on the field.
      {
        label: 'createCoupon taken code',
        method: 'POST',
        url: '/coupons',
        field: 'code',
        status: 409,
        code: 'COUPON_CODE_TAKEN',
        body: { ...COUPON_BODY, code: 'input10' },
      },
      ...fieldAttempts('updateCoupon', 'PUT', `/coupons/${coupon.id}`, COUPON_BODY, [['code', 'OTHER'], ...COUPON_FIELD_CASES]),
      ...COUPON_BODY_CASES.map(([field, body]) => ({
        label: `updateCoupon ${field} (combination)`,
        method: 'PUT' as const,
        url: `/coupons/${coupon.id}`,
        field,
        body,
      })),
      // INPUT10 was used once: its cap cannot go below 1, nor its kind change.
      {
        label: 'updateCoupon totalCap below uses',
        method: 'PUT',
        url: `/coupons/${coupon.id}`,
        field: 'totalCap',
        body: { ...COUPON_BODY, totalCap: 0 },
      },
      {
        label: 'updateCoupon kind of a used coupon',
        method: 'PUT',
        url: `/coupons/${coupon.id}`,
        field: 'kind',
        body: { kind: 'amount_off', value: 100 },
      },
      ...fieldAttempts('generateCoupons', 'POST', '/coupons/generate', { ...COUPON_BODY, count: 3 }, [
        ['count', OMIT],
        ['count', 0],
        ['count', 501],
        ['count', '3'],
        ['prefix', 'AB-'],
        ['prefix', 'X'.repeat(13)],
        ['prefix', 5],
        ...COUPON_FIELD_CASES,
      ]),
      ...COUPON_BODY_CASES.map(([field, body]) => ({
        label: `generateCoupons ${field} (combination)`,
        method: 'POST' as const,
        url: '/coupons/generate',
        field,
        body: { ...body, count: 2 },
      })),
    ]);
    expect(problems).toEqual([]);
    expect((await asOperator(w, 'GET', '/coupons')).json().total).toBe(couponsBefore);
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await asOperator(w, 'PUT', `/coupons/${id}`, COUPON_BODY);
      expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('updateReferralSettings refuses each bad field with a 400 naming it and keeps the settings', async () => {
    const before = (await asOperator(w, 'GET', '/referral-settings')).json();
    const problems = await refusals(fieldAttempts('updateReferralSettings', 'PUT', '/referral-settings', SETTINGS_BODY, SETTINGS_CASES));
    expect(problems).toEqual([]);
    expect((await asOperator(w, 'GET', '/referral-settings')).json()).toEqual(before);
  });

  it('purchasePlan, quotePurchase, redeemCoupon and refundPurchase refuse bad fields with a 400 naming them', async () => {
    const purchaseUrl = `/plans/${plan.id}/purchase`;
    const problems = await refusals([
      ...(
        [
          ['coupon', 'ab'],
          ['coupon', 'bad code!'],
          ['coupon', 'x'.repeat(33)],
          ['coupon', 12345],
          ['expectedToPay', -1],
          ['expectedToPay', 1.5],
          ['expectedToPay', '1000'],
          ['expectedToPay', 1_000_000_000_001],
          ['quantity', 2],
        ] as FieldCase[]
      ).map(([field, value]) => ({
        label: `purchasePlan ${field} = ${JSON.stringify(value)}`,
        method: 'POST' as const,
        url: purchaseUrl,
        as: member,
        field,
        body: { [field]: value },
      })),
      ...[
        ['coupon', 'coupon=ab'],
        ['coupon', 'coupon=%20%20'],
        ['coupon', `coupon=${'x'.repeat(33)}`],
        ['coupon', 'coupon=a%00b'],
        ['discount', 'discount=10'],
      ].map(([field, query]) => ({
        label: `quotePurchase ?${query!.slice(0, 40)}`,
        method: 'GET' as const,
        url: `/plans/${plan.id}/quote?${query}`,
        as: member,
        field: field!,
      })),
      ...(
        [
          ['code', OMIT],
          ['code', ''],
          ['code', 'ab'],
          ['code', 'no way!'],
          ['code', null],
          ['amount', 5],
        ] as FieldCase[]
      ).map(([field, value]) => ({
        label: `redeemCoupon ${field} = ${String(value)}`,
        method: 'POST' as const,
        url: '/me/coupons/redeem',
        as: member,
        field,
        body: withField({ code: 'INPUT10' }, field, value),
      })),
      ...(
        [
          ['reason', OMIT],
          ['reason', ''],
          ['reason', 'ab'],
          ['reason', '  a  '],
          ['reason', 'x'.repeat(501)],
          ['reason', 'line\nbreak'],
          ['override', 'yes'],
          ['notify', true],
        ] as FieldCase[]
      ).map(([field, value]) => ({
        label: `refundPurchase ${field} = ${typeof value === 'symbol' ? '(missing)' : JSON.stringify(value).slice(0, 30)}`,
        method: 'POST' as const,
        url: `/purchases/${purchaseId}/refund`,
        field,
        body: withField({ reason: 'Customer asked' }, field, value),
      })),
    ]);
    expect(problems).toEqual([]);
    // Without an Idempotency-Key nothing is bought either.
    const before = await checksum();
    const keyless = await t.app.inject({ method: 'POST', url: `/api/v1${purchaseUrl}`, headers: { cookie: member.cookie }, payload: {} });
    expect([keyless.statusCode, keyless.json().error.code]).toEqual([400, 'IDEMPOTENCY_KEY_MISSING']);
    expect(await checksum()).toBe(before);
  });

  it('listPurchases, listMyPurchases and listCoupons refuse bad filters, cursors and limits with a 400 naming them', async () => {
    const lists: Array<[label: string, url: string, as?: Member]> = [
      ['listPurchases', '/purchases'],
      ['listMyPurchases', '/me/purchases', member],
      ['listCoupons', '/coupons'],
    ];
    const common: Array<[field: string, query: string]> = [
      ['cursor', 'cursor=!!!'],
      ['cursor', 'cursor=abc'],
      ['cursor', `cursor=${Buffer.from('2026-01-01T00:00:00.000Z|not-a-uuid').toString('base64url')}`],
      ['cursor', `cursor=${'A'.repeat(201)}`],
      ['limit', 'limit=0'],
      ['limit', 'limit=101'],
      ['limit', 'limit=-1'],
      ['limit', 'limit=1.5'],
      ['limit', 'limit=ten'],
      ['limit', 'limit=010'],
    ];
    const own: Record<string, Array<[field: string, query: string]>> = {
      listPurchases: [
        ['from', 'from=yesterday'],
        ['from', 'from=0000-01-01'],
        ['from', 'from=2026-13-01'],
        ['from', 'from=2026-01-01T25:00Z'],
        ['to', 'to=9999-12-31'],
        ['to', 'to=10000-01-01'],
        ['to', `to=${'1'.repeat(41)}`],
        ['member', 'member=someone'],
        ['plan', 'plan=1'],
        ['status', 'status=bogus'],
        ['sort', 'sort=amount'],
      ],
      listMyPurchases: [
        ['status', 'status=pending'],
        ['member', `member=${other.userId}`],
      ],
      listCoupons: [
        ['q', `q=${'x'.repeat(33)}`],
        ['q', 'q=a%00b'],
        ['kind', 'kind=free'],
        ['batch', `batch=${'b'.repeat(41)}`],
      ],
    };
    const problems = await refusals(
      lists.flatMap(([label, url, as]) =>
        [...common, ...own[label]!].map(([field, query]) => ({
          label: `${label} ?${query.slice(0, 50)}`,
          method: 'GET' as const,
          url: `${url}?${query}`,
          as,
          field,
        })),
      ),
    );
    expect(problems).toEqual([]);
    // The bounds that are fine are answered.
    for (const query of ['from=2026-01-01&to=2026-01-31', 'from=2026-01-01T00:00:00Z', 'limit=100', 'limit=1']) {
      expect((await asOperator(w, 'GET', `/purchases?${query}`)).statusCode, query).toBe(200);
    }
  });

  it('an inactive plan is 404; an ended or not yet started one 409 PLAN_NOT_ON_SALE; a sold-out one 409 PLAN_SOLD_OUT; nothing moves', async () => {
    const now = t.clock.now().getTime();
    const inactive = await createPlan(w, { active: false });
    const ended = await createPlan(w, { saleEndsAt: new Date(now - 1_000).toISOString() });
    const notYet = await createPlan(w, { saleStartsAt: new Date(now + DAY).toISOString() });
    const soldOut = await createPlan(w, { stock: 0 });
    const expectations: Array<[AdminPlan, number, string, PurchaseQuote['blocked'] | 'not found']> = [
      [inactive, 404, 'NOT_FOUND', 'not found'],
      [ended, 409, 'PLAN_NOT_ON_SALE', 'not_on_sale'],
      [notYet, 409, 'PLAN_NOT_ON_SALE', 'not_on_sale'],
      [soldOut, 409, 'PLAN_SOLD_OUT', 'sold_out'],
    ];
    const wallet = (await getMemberBalances(t.database.handle.db, member.userId, t.config.CURRENCY)).available;
    for (const [subject, status, code, blocked] of expectations) {
      const before = await checksum();
      const response = await buy(w, member, subject.id);
      expect([response.statusCode, response.json().error.code], code).toEqual([status, code]);
      expect(await checksum(), code).toBe(before);
      const quote = await asMember(w, member, 'GET', `/plans/${subject.id}/quote`);
      if (blocked === 'not found') expect(quote.statusCode).toBe(404);
      else expect(quote.json().blocked).toBe(blocked);
    }
    expect((await getMemberBalances(t.database.handle.db, member.userId, t.config.CURRENCY)).available).toBe(wallet);
    // Members do not see an inactive plan at all.
    expect((await asMember(w, member, 'GET', `/plans/${inactive.id}`)).statusCode).toBe(404);
    const listed = (await asMember(w, member, 'GET', '/plans')).json().items.map((item: { id: string }) => item.id);
    expect(listed).not.toContain(inactive.id);
    expect(listed).not.toContain(ended.id);
    // Once its sale starts the plan can be bought.
    t.clock.advance(DAY + 1_000);
    expect((await buy(w, member, notYet.id)).statusCode).toBe(201);
  });

  it('each coupon refusal shows in the quote with its reason, and a purchase with it is a 422 on coupon that changes nothing', async () => {
    const now = t.clock.now().getTime();
    const target = await createPlan(w, { price: 1_000 });
    const elsewhere = await createPlan(w, { price: 1_000 });
    const third = await quickMember(t);
    await fund(w, third.userId, 10_000);
    const codes: Record<CouponRefusal, string> = {
      expired: 'R-EXPIRED',
      not_started: 'R-NOTYET',
      below_minimum: 'R-MINSPEND',
      not_for_plan: 'R-OTHERPLAN',
      cap_reached: 'R-CAPPED',
      member_cap_reached: 'R-MINE-ONCE',
      not_yours: 'R-NOTYOURS',
      wrong_kind: 'R-WALLET',
      not_found: 'R-NOSUCH',
      inactive: 'R-INACTIVE',
    };
    await createCoupon(w, { code: codes.expired, kind: 'percent_off', value: 10, endsAt: new Date(now - 1_000).toISOString() });
    await createCoupon(w, { code: codes.not_started, kind: 'percent_off', value: 10, startsAt: new Date(now + HOUR).toISOString() });
    await createCoupon(w, { code: codes.below_minimum, kind: 'amount_off', value: 100, minSpend: 5_000 });
    await createCoupon(w, { code: codes.not_for_plan, kind: 'amount_off', value: 100, planIds: [elsewhere.id] });
    await createCoupon(w, { code: codes.cap_reached, kind: 'amount_off', value: 100, totalCap: 1 });
    await createCoupon(w, { code: codes.member_cap_reached, kind: 'amount_off', value: 100, perMemberCap: 1 });
    await createCoupon(w, { code: codes.not_yours, kind: 'amount_off', value: 100, assignedMemberId: third.userId });
    await createCoupon(w, { code: codes.wrong_kind, kind: 'wallet_credit', value: 100 });
    await createCoupon(w, { code: codes.inactive, kind: 'amount_off', value: 100, active: false });
    // The capped coupon is used up by someone else; the member uses theirs once.
    expect((await buy(w, third, target.id, { coupon: codes.cap_reached })).statusCode).toBe(201);
    expect((await buy(w, member, target.id, { coupon: codes.member_cap_reached })).statusCode).toBe(201);

    for (const [reason, code] of Object.entries(codes) as Array<[CouponRefusal, string]>) {
      // Another member's coupon is told as one nobody has: a guesser learns nothing (member-bounds.test.ts).
      const told = reason === 'not_yours' ? 'not_found' : reason;
      const quote = await asMember(w, member, 'GET', `/plans/${target.id}/quote?coupon=${code.toLowerCase()}`);
      expect(quote.statusCode, reason).toBe(200);
      expect(quote.json(), reason).toMatchObject({
        price: 1_000,
        discount: 0,
        toPay: 1_000,
        coupon: { code, applies: false, reason: told, message: COUPON_REFUSAL_MESSAGES[told] },
      });
      const before = await checksum();
      const response = await buy(w, member, target.id, { coupon: code });
      expect(response.statusCode, reason).toBe(422);
      expect(response.json().error, reason).toMatchObject({
        code: 'COUPON_NOT_APPLICABLE',
        fields: { coupon: COUPON_REFUSAL_MESSAGES[told] },
      });
      expect(await checksum(), reason).toBe(before);
    }
    // The coupon the member is not allowed to use works for its owner; the other plan's for its plan.
    expect((await asMember(w, third, 'GET', `/plans/${target.id}/quote?coupon=${codes.not_yours}`)).json().coupon.applies).toBe(true);
    expect((await asMember(w, member, 'GET', `/plans/${elsewhere.id}/quote?coupon=${codes.not_for_plan}`)).json()).toMatchObject({
      discount: 100,
      toPay: 900,
      coupon: { applies: true, reason: null },
    });
  });

  it('a member sees only their own purchases and cannot reach the console: /admin/* is 403 and changes nothing', async () => {
    const mine = (await asMember(w, member, 'GET', '/me/purchases?limit=100')).json().items.map((item: { id: string }) => item.id);
    const theirs = await buy(w, other, plan.id);
    expect(theirs.statusCode).toBe(201);
    const otherId = theirs.json().id as string;
    const ownIds = (await rows<{ id: string }>(t.database.handle.db, sql`select id from purchases where user_id = ${member.userId}`)).map(
      (row) => row.id,
    );
    expect(new Set(mine)).toEqual(new Set(ownIds));
    expect((await asMember(w, member, 'GET', '/me/purchases?limit=100')).json().items.map((item: { id: string }) => item.id)).not.toContain(
      otherId,
    );
    expect((await asMember(w, other, 'GET', '/me/purchases')).json().items.map((item: { id: string }) => item.id)).toEqual([otherId]);

    const before = await checksum();
    const attempts: Array<[method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown]> = [
      ['GET', '/admin/purchases'],
      ['GET', `/admin/purchases?member=${other.userId}`],
      ['POST', `/admin/purchases/${otherId}/refund`, { reason: 'I want it back' }],
      ['POST', `/admin/purchases/${purchaseId}/refund`, { reason: 'My own, refunded by me' }],
      ['GET', '/admin/plans'],
      ['POST', '/admin/plans', PLAN_BODY],
      ['PUT', `/admin/plans/${plan.id}`, { ...PLAN_BODY, price: 1 }],
      ['GET', '/admin/coupons'],
      ['POST', '/admin/coupons', { code: 'FREE100', kind: 'percent_off', value: 100 }],
      ['POST', '/admin/coupons/generate', { kind: 'wallet_credit', value: 1_000, count: 5 }],
      ['PUT', `/admin/coupons/${coupon.id}`, { kind: 'percent_off', value: 100 }],
      ['GET', `/admin/coupons/${coupon.id}/redemptions`],
      ['GET', '/admin/referral-settings'],
      ['PUT', '/admin/referral-settings', { ...SETTINGS_BODY, level1Bp: 5000 }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect([response.statusCode, response.json().error.code], `${method} ${url}`).toEqual([403, 'FORBIDDEN']);
    }
    expect(await checksum()).toBe(before);
  });

  it('PRICE_CHANGED when the price to pay is not what the member saw, and nothing moves', async () => {
    const priced = await createPlan(w, { price: 2_000 });
    const before = await checksum();
    const stale = await buy(w, member, priced.id, { expectedToPay: 1_999 });
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'PRICE_CHANGED']);
    // The operator raises the price between the member's quote and their tap.
    const quoted = (await asMember(w, member, 'GET', `/plans/${priced.id}/quote`)).json().toPay as number;
    expect((await asOperator(w, 'PUT', `/plans/${priced.id}`, { ...PLAN_BODY, price: 2_500 })).statusCode).toBe(200);
    const afterChange = await checksum();
    const raised = await buy(w, member, priced.id, { expectedToPay: quoted });
    expect([raised.statusCode, raised.json().error.code]).toEqual([409, 'PRICE_CHANGED']);
    expect(await checksum()).toBe(afterChange);
    expect(afterChange).not.toBe(before); // only the operator's edit changed anything
    expect((await buy(w, member, priced.id, { expectedToPay: 2_500 })).statusCode).toBe(201);
  });

  it('a refund reverses pending commissions, the coupon use, the per-member count and the stock unit exactly; a second refund is 409', async () => {
    const settings = await asOperator(w, 'PUT', '/referral-settings', { ...SETTINGS_BODY, requireActivePlan: false, holdDays: 3 });
    expect(settings.statusCode).toBe(200);
    const limited = await createPlan(w, { price: 10_000, stock: 1, perMemberLimit: 1 });
    await createCoupon(w, { code: 'ONCE-ONLY', kind: 'amount_off', value: 1_000, totalCap: 1, perMemberCap: 1 });
    const a = await quickMember(t);
    const b = await quickMember(t, { referrerId: a.userId });
    const c = await quickMember(t, { referrerId: b.userId });
    const d = await quickMember(t, { referrerId: c.userId });
    await fund(w, d.userId, 9_000);
    const db = t.database.handle.db;
    const balances = async () => Promise.all([a, b, c, d].map(async (who) => getMemberBalances(db, who.userId, t.config.CURRENCY)));
    const start = await balances();

    const bought = await buy(w, d, limited.id, { coupon: 'once-only', expectedToPay: 9_000 });
    expect(bought.statusCode, bought.body).toBe(201);
    const boughtId = bought.json().id as string;
    const paid = await balances();
    // 10 % / 5 % / 2 % of the 9,000 paid, pending.
    expect(paid.map((row) => row.commissionPending)).toEqual([180, 450, 900, 0]);
    expect(paid[3]!.available).toBe(0);
    const couponRow = async () => ((await asOperator(w, 'GET', '/coupons?q=ONCE-ONLY')).json() as { items: AdminCoupon[] }).items[0]!;
    expect((await couponRow()).redeemedCount).toBe(1);
    const planRow = async () =>
      ((await asOperator(w, 'GET', '/plans')).json() as { items: AdminPlan[] }).items.find((p) => p.id === limited.id)!;
    expect(await planRow()).toMatchObject({ remainingStock: 0, soldCount: 1 });
    expect((await asMember(w, d, 'GET', `/plans/${limited.id}`)).json().boughtByMe).toBe(1);
    expect((await asMember(w, d, 'GET', `/plans/${limited.id}/quote`)).json().blocked).toBe('sold_out');

    t.clock.advance(HOUR);
    const refunded = await asOperator(w, 'POST', `/purchases/${boughtId}/refund`, { reason: 'Bought by mistake' }, randomUUID());
    expect(refunded.statusCode, refunded.body).toBe(200);
    const view = refunded.json() as AdminPurchase;
    expect(view).toMatchObject({ status: 'refunded', refundReason: 'Bought by mistake', refundableWithoutOverride: false });
    expect(view.commissions.map((row) => [row.level, row.amount, row.status])).toEqual([
      [1, 900, 'reversed'],
      [2, 450, 'reversed'],
      [3, 180, 'reversed'],
    ]);
    const after = await balances();
    expect(after).toEqual(start);
    expect((await couponRow()).redeemedCount).toBe(0);
    expect(await planRow()).toMatchObject({ remainingStock: 1, soldCount: 0 });
    expect((await asMember(w, d, 'GET', `/plans/${limited.id}`)).json().boughtByMe).toBe(0);
    expect(await rows(db, sql`select status from coupon_redemptions where purchase_id = ${boughtId}`)).toEqual([{ status: 'returned' }]);

    // A second refund, with another key, is refused and moves nothing.
    const before = await checksum();
    const again = await asOperator(
      w,
      'POST',
      `/purchases/${boughtId}/refund`,
      { reason: 'Bought by mistake', override: true },
      randomUUID(),
    );
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'REFUND_NOT_ALLOWED']);
    expect(await checksum()).toBe(before);
    const missing = await asOperator(w, 'POST', `/purchases/${randomUUID()}/refund`, { reason: 'No such purchase' }, randomUUID());
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'NOT_FOUND']);

    // The member can buy it again, with the same coupon, and the release later pays the new commissions only.
    const rebought = await buy(w, d, limited.id, { coupon: 'ONCE-ONLY', expectedToPay: 9_000 });
    expect(rebought.statusCode, rebought.body).toBe(201);
    expect((await balances()).map((row) => row.commissionPending)).toEqual([180, 450, 900, 0]);
    expect(await planRow()).toMatchObject({ remainingStock: 0, soldCount: 1 });
    expect((await couponRow()).redeemedCount).toBe(1);
    const report = await buildIntegrityReport(db, t.clock.now());
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
