import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningsDisclosureSchema, type DisclosureFigures } from '@orchard/shared';
import { releaseDueCommissions } from '../src/modules/plans/commissions';
import { createSession, SESSION_COOKIE } from '../src/modules/accounts/sessions';
import { publishDailyDisclosure } from '../src/modules/disclosure/index';
import { yearBefore } from '../src/modules/disclosure/compute';
import { signInOperator } from './auth';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { recountFromLedger } from './disclosure-recount';
import { asOperator, buy, createPlan, fund, plansWorld, type PlansWorld, quickMember, referralSettings } from './plans/helpers';

const DAY = 86_400_000;

/**
 * The earnings disclosure (docs/decisions/0031): every published figure equals the recount from the
 * ledger entries (disclosure-recount.ts), a commission still waiting is not counted as earned, a
 * refunded purchase takes back both the spending and the commissions it paid, and a published
 * snapshot can be neither changed nor removed.
 */
describe.each(DATABASE_KINDS)('earnings disclosure (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let planId: string;
  const db = () => t.database.handle.db;
  const deps = () => ({ db: db(), clock: t.clock, config: t.config });
  const ids: Record<string, string> = {};
  /** A fresh session for a member (the clock moves by months, past a session's life). */
  const as = async (name: string) => {
    const session = await createSession(db(), { userId: ids[name]!, now: t.clock.now(), ip: null, userAgent: null });
    return { cookie: `${SESSION_COOKIE}=${session.token}` };
  };
  const purchase = async (name: string) => {
    await fund(w, ids[name]!, 10_000);
    const bought = await buy(w, await as(name), planId);
    expect(bought.statusCode, bought.body).toBe(201);
    return (bought.json() as { id: string }).id;
  };
  const refund = async (purchaseId: string) => {
    const refunded = await asOperator(
      w,
      'POST',
      `/purchases/${purchaseId}/refund`,
      { reason: 'member asked', override: true },
      randomUUID(),
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
  };
  const published = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/earnings-disclosure' });
    expect(response.statusCode).toBe(200);
    return earningsDisclosureSchema.parse(response.json());
  };
  const expectRecount = async (figures: DisclosureFigures) => {
    const now = t.clock.now();
    expect(figures).toEqual(await recountFromLedger(db(), now, t.config.CURRENCY, yearBefore(now)));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    const settings = referralSettings({ refundWindowDays: 30 });
    expect((await asOperator(w, 'PUT', '/referral-settings', settings)).statusCode).toBe(200);
    planId = (await createPlan(w, { price: 10_000 })).id;
    // A ← B ← C ← D ← G, A ← E; F joined and never bought.
    for (const [name, referrer] of [['A'], ['B', 'A'], ['C', 'B'], ['D', 'C'], ['E', 'A'], ['F'], ['G', 'D']] as const)
      ids[name] = (await quickMember(t, { referrerId: referrer ? ids[referrer] : undefined })).userId;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('before anything was bought, the snapshot counts every member and every figure is zero', async () => {
    // Past the members' joining (their rows take the database's time, the clock started before).
    t.clock.advance(10 * 60_000);
    expect(await publishDailyDisclosure(deps())).toBe(t.clock.now().toISOString().slice(0, 10));
    const { snapshot } = await published();
    expect(snapshot?.figures.allTime).toMatchObject({ members: 7, earners: 0, belowZero: 0, earned: { total: 0 } });
    await expectRecount(snapshot!.figures);
    // Once a day: the same day publishes nothing more.
    expect(await publishDailyDisclosure(deps())).toBeNull();
  });

  it('every figure equals the recount from the ledger, a year and more of business later', async () => {
    // More than a year ago: D and E buy; C, B, A (D's uplines) and A (E's) are paid and released.
    await purchase('D');
    await purchase('E');
    t.clock.advance(2 * DAY);
    expect(await releaseDueCommissions(deps())).toBe(4);
    t.clock.advance(400 * DAY);
    w.operator = await signInOperator(t);
    // The last twelve months: G buys (D, C, B paid, released); B buys, is paid out, then refunded
    // (A's commission taken back); C buys and its commissions are still waiting; D buys again and is
    // refunded before release (C's, B's and A's pending commissions reversed).
    await purchase('G');
    const bPurchase = await purchase('B');
    t.clock.advance(2 * DAY);
    expect(await releaseDueCommissions(deps())).toBe(4);
    await refund(bPurchase);
    await refund(await purchase('D'));
    await purchase('C');
    t.clock.advance(60_000);

    expect(await publishDailyDisclosure(deps())).not.toBeNull();
    const { snapshot } = await published();
    const year = snapshot!.figures.lastYear;
    await expectRecount(snapshot!.figures);
    // By hand: in the year D earned 1,000 (G, level 1), C 500, B 200; A's 1,000 from B was taken back.
    expect(year).toMatchObject({ members: 7, buyers: 2, earners: 3, spentTotal: 20_000, earned: { total: 1_700 } });
    expect(year.levels).toEqual([
      { level: 1, earners: 1, total: 1_000, median: 1_000, mean: 1_000 },
      { level: 2, earners: 1, total: 500, median: 500, mean: 500 },
      { level: 3, earners: 1, total: 200, median: 200, mean: 200 },
    ]);
    // C's purchase is still in its holding period: B's 1,000 and A's 500 wait and are not earned.
    expect(year.waiting).toEqual({ members: 2, total: 1_500 });
    // G and C spent 10,000 each and earned nothing (C's 500 is less): below zero; D's net is 1,000 − 0.
    expect(year.belowZero).toBe(2);
    expect(snapshot!.figures.allTime).toMatchObject({ members: 7, earners: 4, earned: { total: 1_700 + 1_000 + 500 + 200 + 1_000 } });
  });

  it('a published snapshot is never changed or removed', async () => {
    const refusal = (query: ReturnType<typeof sql>) =>
      db()
        .execute(query)
        .then(
          () => 'done',
          (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
        );
    expect(await refusal(sql`update earnings_disclosures set figures = '{}'::jsonb`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from earnings_disclosures`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate earnings_disclosures`)).toMatch(/append-only/);
    const [{ count }] = (await db().execute(sql`select count(*)::int as count from earnings_disclosures`)).rows as [{ count: number }];
    expect(count).toBe(2);
  });
});
