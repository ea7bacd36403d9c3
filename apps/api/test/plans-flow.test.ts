import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIntegrityReport } from '../src/ledger/index';
import { releaseDueCommissions } from '../src/modules/plans/commissions';
import { createTestApp, type TestApp } from './app';
import { registerMember } from './auth';
import { DATABASE_KINDS } from './database';
import { asMember, asOperator, buy, chain, commissions, createPlan, fund, plansWorld, wallet, type PlansWorld } from './plans/helpers';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('plans: purchase, commissions, release, refund (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
  });
  afterAll(async () => t?.close());

  const deps = () => ({ db: t.database.handle.db, clock: t.clock, config: t.config });

  it('A invites B invites C invites D; D buys with a coupon; commissions go pending, then available, then a refund reverses all', async () => {
    const settings = await asOperator(w, 'PUT', '/referral-settings', {
      level1Bp: 1000,
      level2Bp: 500,
      level3Bp: 200,
      capBp: 3000,
      requireActivePlan: true,
      holdDays: 2,
      refundWindowDays: 1,
    });
    expect(settings.statusCode).toBe(200);
    const plan = await createPlan(w, { price: 10_000 });
    const [a, b, c, d] = await chain(w);
    // Uplines need an active plan to be paid (default rule): A, B and C each buy one first.
    for (const upline of [a!, b!, c!]) {
      await fund(w, upline.userId, 10_000);
      expect((await buy(w, upline, plan.id)).statusCode).toBe(201);
    }
    const coupon = await asOperator(w, 'POST', '/coupons', { code: 'welcome10', kind: 'percent_off', value: 10 });
    expect(coupon.statusCode).toBe(201);

    await fund(w, d!.userId, 9_000);
    const quote = await asMember(w, d!, 'GET', `/plans/${plan.id}/quote?coupon=WELCOME10`);
    expect(quote.json()).toMatchObject({ price: 10_000, discount: 1_000, toPay: 9_000, shortfall: 0, coupon: { applies: true } });
    const bought = await buy(w, d!, plan.id, { coupon: 'welcome10', expectedToPay: 9_000 });
    expect(bought.statusCode).toBe(201);
    const purchase = bought.json() as { id: string; paid: number; status: string };
    expect(purchase).toMatchObject({ paid: 9_000, status: 'active' });
    expect((await wallet(w, d!)).available).toBe(0);

    // 10 % / 5 % / 2 % of the 9,000 paid; B, C were paid pending at their own purchases too (by A, B).
    expect((await commissions(w, c!)).pending).toBe(900 + 0);
    expect((await commissions(w, b!)).pending).toBe(450 + 1_000);
    expect((await commissions(w, a!)).pending).toBe(180 + 500 + 1_000);

    t.clock.advance(2 * DAY + 1_000);
    expect(await releaseDueCommissions(deps())).toBeGreaterThanOrEqual(6);
    expect(await releaseDueCommissions(deps())).toBe(0);
    expect(await commissions(w, c!)).toMatchObject({ pending: 0, released: 900 });
    expect((await wallet(w, c!)).available).toBe(900);

    // Past the window and after release: refused without the override, then refunded with it.
    const refused = await asOperator(w, 'POST', `/purchases/${purchase.id}/refund`, { reason: 'customer asked' }, 'refund-1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('REFUND_NOT_ALLOWED');
    // C spends part of the commission first: the claw-back then leaves a debt.
    await asOperator(w, 'POST', `/members/${c!.userId}/adjustments`, { direction: 'debit', amount: 600, reason: 'spent' }, 'spend-c');
    const refunded = await asOperator(
      w,
      'POST',
      `/purchases/${purchase.id}/refund`,
      { reason: 'customer asked', override: true },
      'refund-2',
    );
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundReason: 'customer asked' });
    expect((await wallet(w, d!)).available).toBe(9_000);
    expect((await wallet(w, c!)).available).toBe(0);
    expect((await commissions(w, c!)).debt).toBe(600);

    // C's next commission settles the debt first: E joins under C and buys.
    const e = await registerMember(t, { inviteCode: c!.inviteCode });
    await fund(w, c!.userId, 10_000);
    expect((await buy(w, c!, plan.id)).statusCode).toBe(201);
    await fund(w, e.userId, 10_000);
    expect((await buy(w, e, plan.id)).statusCode).toBe(201);
    t.clock.advance(2 * DAY + 1_000);
    await releaseDueCommissions(deps());
    // 1,000 to C: 600 settles the debt, 400 reaches the wallet (C spent the 10,000 on the plan).
    expect(await commissions(w, c!)).toMatchObject({ debt: 0, pending: 0 });
    expect((await wallet(w, c!)).available).toBe(400);
    const report = await buildIntegrityReport(t.database.handle.db, t.clock.now());
    expect(report.ok).toBe(true);
    const coupons = await asOperator(w, 'GET', '/coupons?q=WELCOME');
    expect(coupons.json().items[0]).toMatchObject({ code: 'WELCOME10', redeemedCount: 0 });
  });

  it('a sold-out, an ended and an inactive plan are refused with clear errors', async () => {
    const [m] = await chain(w, 1);
    await fund(w, m!.userId, 100_000);
    const soldOut = await createPlan(w, { stock: 1, price: 100 });
    expect((await buy(w, m!, soldOut.id)).statusCode).toBe(201);
    const again = await buy(w, m!, soldOut.id);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'PLAN_SOLD_OUT']);
    const ended = await createPlan(w, { saleEndsAt: new Date(t.clock.now().getTime() - 1000).toISOString(), saleStartsAt: null });
    const late = await buy(w, m!, ended.id);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'PLAN_NOT_ON_SALE']);
    const limited = await createPlan(w, { perMemberLimit: 1, price: 100 });
    expect((await buy(w, m!, limited.id)).statusCode).toBe(201);
    const twice = await buy(w, m!, limited.id);
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'PLAN_LIMIT_REACHED']);
  });
});
