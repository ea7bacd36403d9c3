import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { buildIntegrityReport } from '../src/ledger/index';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { insertChannels } from './ledger-helpers';
import { asOperator, createCoupon, createPlan, fund, plansWorld, quickMember, rows, type PlansWorld } from './plans/helpers';

const HOUR = 3_600_000;
const IBAN = 'DE89370400440532013000';
/** The longest key the API accepts (plugins/idempotency.ts: 1 to 200 visible ASCII characters). */
const MAX_KEY = 200;
/** A key of exactly 200 characters, different per request. */
const longKey = (tag: string) => `${tag}:`.padEnd(MAX_KEY, 'k~!');

type Call = () => Promise<LightMyRequestResponse>;

/**
 * Every money write takes every Idempotency-Key the API accepts, the longest included: a key of
 * 200 characters is answered 2xx and, sent again, gives the same answer back without moving money
 * twice. The ledger keys built from it (`adjust:<operator>:<key>`, the recharge credit's
 * `<operator>:<key>`) would pass their 200-character columns: those use the key's SHA-256 then.
 */
describe.each(DATABASE_KINDS)('the longest Idempotency-Key on every money write (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let member: { userId: string; cookie: string };
  const db = () => t.database.handle.db;
  const asMember = (method: 'POST', url: string, payload: object, key: string) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie: member.cookie, 'idempotency-key': key }, payload });
  const transactions = async () => Number((await rows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_transactions`))[0]!.n);

  /** Sends the request twice: the same status and body, the second marked as replayed, and no further ledger transaction. */
  async function twice(call: Call, status: number) {
    const first = await call();
    expect(first.statusCode, first.body).toBe(status);
    const after = await transactions();
    const again = await call();
    expect(again.statusCode, again.body).toBe(status);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id ?? again.json().transactionId).toBe(first.json().id ?? first.json().transactionId);
    expect(await transactions()).toBe(after);
    return first;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    await insertChannels(db());
    member = await quickMember(t);
    await fund(w, member.userId, 50_000);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a key one character longer than the longest, with a clear 400', async () => {
    const refused = await asMember('POST', '/recharge/orders', { channel: 'bank', amount: 1_000 }, 'x'.repeat(MAX_KEY + 1));
    expect(refused.statusCode).toBe(400);
    const error = apiErrorSchema.parse(refused.json()).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual(['idempotency-key']);
  });

  it("an operator's adjustment, credit and debit", async () => {
    for (const direction of ['credit', 'debit'] as const) {
      const key = longKey(`adjust-${direction}`);
      const call = () =>
        asOperator(w, 'POST', `/members/${member.userId}/adjustments`, { direction, amount: 700, reason: 'Long key' }, key);
      await twice(call, 201);
    }
    // Both were booked, under the hashed form of the key (the plain one would not fit).
    const keys = await rows<{ idempotency_key: string }>(
      db(),
      sql`select idempotency_key from ledger_transactions where kind in ('adjustment_credit', 'adjustment_debit') and idempotency_key like 'adjust-sha256:%'`,
    );
    expect(keys).toHaveLength(2);
    for (const { idempotency_key: key } of keys) expect(key).toMatch(new RegExp(`^adjust-sha256:${w.operator.userId}:[0-9a-f]{64}$`));
    // The same long key for another amount is a reused key, not a second adjustment.
    const reused = await asOperator(
      w,
      'POST',
      `/members/${member.userId}/adjustments`,
      { direction: 'credit', amount: 701, reason: 'Long key' },
      longKey('adjust-credit'),
    );
    expect(reused.statusCode).toBe(422);
    expect(apiErrorSchema.parse(reused.json()).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a recharge order: created by the member, credited or rejected by the operator', async () => {
    const created = await twice(() => asMember('POST', '/recharge/orders', { channel: 'bank', amount: 1_000 }, longKey('order')), 201);
    const orderId = created.json().id as string;
    const credited = await twice(
      () => asOperator(w, 'POST', `/recharge/orders/${orderId}/credit`, { note: 'Long key' }, longKey('credit')),
      200,
    );
    expect(credited.json().status).toBe('credited');

    const other = await asMember('POST', '/recharge/orders', { channel: 'bank', amount: 2_000 }, longKey('order-2'));
    expect(other.statusCode, other.body).toBe(201);
    const rejected = await twice(
      () => asOperator(w, 'POST', `/recharge/orders/${other.json().id}/reject`, { reason: 'No payment arrived' }, longKey('reject')),
      200,
    );
    expect(rejected.json().status).toBe('rejected');
  });

  it('a plan purchase, a wallet-credit coupon and a refund', async () => {
    const plan = await createPlan(w, { price: 1_000 });
    const bought = await twice(() => asMember('POST', `/plans/${plan.id}/purchase`, {}, longKey('purchase')), 201);
    await createCoupon(w, { code: 'LONGKEY', kind: 'wallet_credit', value: 300 });
    const redeemed = await asMember('POST', '/me/coupons/redeem', { code: 'LONGKEY' }, longKey('redeem'));
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const again = await asMember('POST', '/me/coupons/redeem', { code: 'LONGKEY' }, longKey('redeem'));
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([200, 'true', redeemed.body]);

    const refunded = await twice(
      () => asOperator(w, 'POST', `/purchases/${bought.json().id}/refund`, { reason: 'Long key', override: false }, longKey('refund')),
      200,
    );
    expect(refunded.json().status).toBe('refunded');
  });

  it('a withdrawal request', async () => {
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/bank-accounts',
      headers: { cookie: member.cookie },
      payload: { holderName: 'Long Key', bankName: 'Bank', country: 'DE', number: IBAN },
    });
    expect(account.statusCode, account.body).toBe(201);
    const accountId = account.json().id as string;
    await db().execute(sql`update bank_accounts set usable_from = ${new Date(t.clock.now().getTime() - HOUR)} where id = ${accountId}`);
    await db().execute(
      sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + HOUR)} where user_id = ${member.userId}`,
    );
    await twice(() => asMember('POST', '/withdrawals', { bankAccountId: accountId, amount: 5_000 }, longKey('withdraw')), 201);
    const report = await buildIntegrityReport(db(), t.clock.now());
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});
