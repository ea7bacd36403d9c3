import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMemberBalances } from '../src/ledger/index';
import { redeemCoupon } from '../src/modules/plans/coupons';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { asMember, createCoupon, plansWorld, quickMember, rows, scalar, type PlansWorld } from './plans/helpers';

/**
 * A wallet-credit redemption under one Idempotency-Key credits once, even when the instance dies
 * between the commit and storing the answer: the HTTP record is then missing (or taken over as
 * stale), and the retry runs the service again. The key reaches the ledger (the redemption's id and
 * its ledger key `coupon-credit:<id>` are derived from member and key), so the retry finds the first
 * credit and answers it again.
 */
describe.each(DATABASE_KINDS)('redeeming a wallet-credit coupon again with the same Idempotency-Key (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let code = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.handle.db;
  const available = async (userId: string) => (await getMemberBalances(db(), userId, t.config.CURRENCY)).available;
  const redeem = (member: { cookie: string }, couponCode: string, key: string) =>
    asMember(w, member, 'POST', '/me/coupons/redeem', { code: couponCode }, key);
  /** The instance died after the commit: the stored answer of the request is gone. */
  const loseAnswer = (userId: string, key: string) =>
    db().execute(sql`delete from idempotency_keys where scope = ${userId} and key = ${key}`);
  const credits = (couponId: string) =>
    scalar(db(), sql`select count(*)::int as n from ledger_transactions where kind = 'coupon_credit' and refs->>'couponId' = ${couponId}`);

  async function walletCoupon(perMemberCap: number) {
    const coupon = await createCoupon(w, { code: `CREDIT-${kind}-${++code}`, kind: 'wallet_credit', value: 500, perMemberCap });
    return coupon;
  }

  it('a retry after the answer was lost gets the first credit back, whatever the per-member cap', async () => {
    for (const perMemberCap of [1, 3]) {
      const coupon = await walletCoupon(perMemberCap);
      const member = await quickMember(t);
      const key = randomUUID();
      const first = await redeem(member, coupon.code, key);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ outcome: 'credited', amount: 500, currency: t.config.CURRENCY });

      await loseAnswer(member.userId, key);
      const retry = await redeem(member, coupon.code, key);
      expect(retry.statusCode, `cap ${perMemberCap}: ${retry.body}`).toBe(200);
      expect(retry.json()).toEqual(first.json());

      expect(await available(member.userId)).toBe(500);
      expect(await credits(coupon.id)).toBe(1);
      expect(await scalar(db(), sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${coupon.id}`)).toBe(1);
      expect(await scalar(db(), sql`select redeemed_count as n from coupons where id = ${coupon.id}`)).toBe(1);
      expect(
        await scalar(db(), sql`select uses as n from coupon_member_uses where coupon_id = ${coupon.id} and user_id = ${member.userId}`),
      ).toBe(1);

      // A new key is a new redemption: credited again while the member's cap allows it.
      const next = await redeem(member, coupon.code, randomUUID());
      expect(next.statusCode).toBe(perMemberCap > 1 ? 200 : 422);
      expect(await available(member.userId)).toBe(perMemberCap > 1 ? 1_000 : 500);
    }
  });

  it('the service called twice with one key, as two instances or a restarted one would: one credit', async () => {
    const coupon = await walletCoupon(5);
    const member = await quickMember(t);
    const deps = { db: db(), clock: t.clock, config: t.config };
    const key = randomUUID();
    const answers = [await redeemCoupon(deps, member.userId, coupon.code, key), await redeemCoupon(deps, member.userId, coupon.code, key)];
    expect(answers).toEqual([answers[0], answers[0]]);
    expect(await available(member.userId)).toBe(500);
    expect(await credits(coupon.id)).toBe(1);
    const [redemption] = await rows<{ id: string; key: string }>(
      db(),
      sql`select r.id, t.idempotency_key as key from coupon_redemptions r join ledger_transactions t on t.id = r.ledger_transaction_id
           where r.coupon_id = ${coupon.id}`,
    );
    expect(redemption!.key).toBe(`coupon-credit:${redemption!.id}`);
  });

  it('the same key for another code after the answer was lost is a 422, and nothing moves', async () => {
    const first = await walletCoupon(5);
    const other = await walletCoupon(5);
    const member = await quickMember(t);
    const key = randomUUID();
    expect((await redeem(member, first.code, key)).statusCode).toBe(200);
    await loseAnswer(member.userId, key);
    const reused = await redeem(member, other.code, key);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await available(member.userId)).toBe(500);
    expect(await credits(other.id)).toBe(0);
    expect(await scalar(db(), sql`select redeemed_count as n from coupons where id = ${other.id}`)).toBe(0);
  });
});
