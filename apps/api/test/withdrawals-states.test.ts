import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { buildIntegrityReport } from '../src/ledger/index';
import type { ConsoleActor } from '../src/modules/audit/console';
import { releaseDueCommissions } from '../src/modules/plans/commissions';
import { payWithdrawal, rejectWithdrawal } from '../src/modules/withdrawals/console';
import { cancelWithdrawal } from '../src/modules/withdrawals/withdrawals';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import {
  asOperator,
  buy,
  chain,
  createPlan,
  fund,
  plansWorld,
  quickMember,
  rows,
  scalar,
  secondInstance,
  type PlansWorld,
  type SecondInstance,
} from './plans/helpers';

/**
 * A withdrawal's states (docs/decisions/0013, migration 1070): pending → processing when the
 * operator exports the payout file or reveals the details to pay by hand, so the member can no
 * longer cancel money on its way; processing → pending only on purpose, with a reason; pay and
 * reject from either; the payout file kept as a record. And the rules around the money: settling
 * never blocked by lowered limits, the fee the member saw is binding, what a member owes after a
 * claw-back never leaves as a payout, and one lock order for request and settle.
 */

const IBAN = 'DE89370400440532013000';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Who = { userId: string; cookie: string };
type Method = 'GET' | 'POST' | 'PUT';

function errorOf(response: { json(): unknown }) {
  return apiErrorSchema.parse(response.json()).error;
}

/** The calls and fixtures every suite below uses, on one test app. */
function withdrawalKit(get: () => { t: TestApp; w: PlansWorld }) {
  const as = (who: { cookie: string }, method: Method, url: string, payload?: object, key?: string) =>
    get().t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  const op = (method: Method, url: string, payload?: object) => asOperator(get().w, method as 'GET', url, payload);
  const db = () => get().t.database.handle.db;

  /** A bank account past its cool-down and a live step-up for this member. */
  async function ready(member: Who): Promise<Who & { accountId: string }> {
    const { t } = get();
    const account = await as(member, 'POST', '/me/bank-accounts', { holderName: 'Ana Payee', bankName: 'N26', country: 'DE', number: IBAN });
    expect(account.statusCode, account.body).toBe(201);
    const accountId = (account.json() as { id: string }).id;
    await db().execute(sql`update bank_accounts set usable_from = ${new Date(t.clock.now().getTime() - HOUR)} where id = ${accountId}`);
    await stepUp(member);
    return { ...member, accountId };
  }
  async function stepUp(member: Who) {
    const { t } = get();
    await db().execute(sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + DAY)} where user_id = ${member.userId}`);
  }
  /** A member with `funds` in the wallet, ready to withdraw. */
  async function member(funds: number) {
    const { t, w } = get();
    const who = await quickMember(t);
    await fund(w, who.userId, funds);
    return ready(who);
  }
  const request = (who: Who & { accountId: string }, amount: number, extra: object = {}, key = randomUUID()) =>
    as(who, 'POST', '/withdrawals', { bankAccountId: who.accountId, amount, ...extra }, key);
  async function pending(who: Who & { accountId: string }, amount: number): Promise<string> {
    const response = await request(who, amount);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  }
  const balances = async (who: Who) => (await as(who, 'GET', '/wallet')).json() as { available: number; onHold: number; debt?: number };
  const statusOf = async (id: string) =>
    (await rows<{ status: string }>(db(), sql`select status from withdrawals where id = ${id}`))[0]?.status;
  const audits = (action: string, subject: string) =>
    rows<{ actor_id: string; detail: Record<string, unknown> }>(
      db(),
      sql`select actor_id, detail from audit_log where action = ${action} and subject_id = ${subject} order by id`,
    );
  const ledgerOk = async () => expect((await buildIntegrityReport(db(), get().t.clock.now())).ok).toBe(true);
  return { as, op, db, ready, stepUp, member, request, pending, balances, statusOf, audits, ledgerOk };
}

describe.each(DATABASE_KINDS)('withdrawal states on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const k = withdrawalKit(() => ({ t, w }));

  it('the payout file moves the pending withdrawals to processing: the member can no longer cancel them, and the file is kept to download again', async () => {
    const m = await k.member(20_000);
    const ids: string[] = [];
    for (const amount of [2_000, 3_000, 4_000]) {
      ids.push(await k.pending(m, amount));
      // The file lists them oldest first.
      t.clock.advance(1_000);
    }

    const exported = await k.op('POST', '/withdrawals/export');
    expect(exported.statusCode, exported.body).toBe(201);
    const file = exported.json() as { id: string; rowCount: number; total: number; currency: string; createdBy: { id: string } };
    expect(file).toMatchObject({ rowCount: 3, total: 1_880 + 2_870 + 3_860, currency: 'USD', createdBy: { id: w.operator.userId } });
    for (const id of ids) expect(await k.statusOf(id)).toBe('processing');
    const sent = await rows<{ processing_by: string; processing_at: Date; processing_file_id: string }>(
      k.db(),
      sql`select processing_by, processing_at, processing_file_id from withdrawals where id = ${ids[0]}`,
    );
    expect(sent[0]).toMatchObject({ processing_by: w.operator.userId, processing_file_id: file.id });
    expect(new Date(sent[0]!.processing_at).getTime()).toBe(t.clock.now().getTime());
    expect(await k.audits('withdrawal.export', file.id)).toMatchObject([{ actor_id: w.operator.userId, detail: { count: 3 } }]);

    // The member sees it on its way and cannot take it back: nothing moves.
    const mine = (await k.as(m, 'GET', '/withdrawals')).json() as { items: { id: string; status: string }[] };
    expect(mine.items.filter((item) => ids.includes(item.id)).map((item) => item.status)).toEqual(Array(3).fill('processing'));
    const cancel = await k.as(m, 'POST', `/withdrawals/${ids[0]}/cancel`);
    expect([cancel.statusCode, errorOf(cancel).code]).toEqual([409, 'WITHDRAWAL_NOT_PENDING']);
    expect(errorOf(cancel).message).toMatch(/on its way/);
    expect(await k.balances(m)).toMatchObject({ available: 11_000, onHold: 9_000 });
    expect(await k.statusOf(ids[0]!)).toBe('processing');

    // Nothing is pending now: a second export makes no empty file.
    const empty = await k.op('POST', '/withdrawals/export');
    expect([empty.statusCode, errorOf(empty).code]).toEqual([409, 'CONFLICT']);

    // The file is a record: listed, and downloaded again with the same rows.
    const files = (await k.op('GET', '/payout-files')).json() as { items: { id: string; rowCount: number }[] };
    expect(files.items[0]).toMatchObject({ id: file.id, rowCount: 3 });
    const first = await k.op('GET', `/payout-files/${file.id}/csv`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toContain('text/csv');
    const lines = first.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('withdrawal_id,member,holder_name,bank_name,country,account_number,amount_to_pay,currency,requested_at');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(ids);
    expect(lines.slice(1).map((line) => line.split(',')[6])).toEqual(['18.80', '28.70', '38.60']);
    expect(first.body).toContain(IBAN);
    // Paying one and changing the member's name changes nothing in the file.
    expect((await k.op('POST', `/withdrawals/${ids[0]}/pay`, { payoutReference: 'FILE-PAID-1' })).statusCode).toBe(200);
    await k.db().execute(sql`update users set display_name = 'Renamed Later' where id = ${m.userId}`);
    const again = await k.op('GET', `/payout-files/${file.id}/csv`);
    expect(again.body).toBe(first.body);
    expect((await k.op('GET', `/payout-files/${randomUUID()}/csv`)).statusCode).toBe(404);
    await k.ledgerOk();
  });

  it('revealing the details to pay by hand moves it to processing (audited); back to the queue only with a reason; pay and reject from processing', async () => {
    const m = await k.member(30_000);
    const [a, b, c] = [await k.pending(m, 5_000), await k.pending(m, 6_000), await k.pending(m, 7_000)];

    const reveal = await k.op('POST', `/withdrawals/${a}/account`);
    expect(reveal.json()).toMatchObject({ number: IBAN });
    expect(await k.statusOf(a)).toBe('processing');
    await k.op('POST', `/withdrawals/${a}/account`);
    expect((await k.audits('withdrawal.reveal_account', a)).map((row) => row.detail.movedToProcessing)).toEqual([true, false]);
    expect((await k.as(m, 'POST', `/withdrawals/${a}/cancel`)).statusCode).toBe(409);

    // Back in the queue: on purpose, with a reason the audit keeps.
    for (const body of [{}, { reason: 'no' }]) {
      const refused = await k.op('POST', `/withdrawals/${a}/requeue`, body);
      expect([refused.statusCode, Object.keys(errorOf(refused).fields ?? {})]).toEqual([400, ['reason']]);
      expect(await k.statusOf(a)).toBe('processing');
    }
    const requeued = await k.op('POST', `/withdrawals/${a}/requeue`, { reason: 'Revealed by mistake, not paid' });
    expect(requeued.statusCode, requeued.body).toBe(200);
    expect(requeued.json()).toMatchObject({ status: 'pending', processing: null });
    // A double click: as it is, audited once.
    expect((await k.op('POST', `/withdrawals/${a}/requeue`, { reason: 'Revealed by mistake, not paid' })).statusCode).toBe(200);
    expect(await k.audits('withdrawal.requeue', a)).toMatchObject([
      { actor_id: w.operator.userId, detail: { reason: 'Revealed by mistake, not paid' } },
    ]);
    const cancelled = await k.as(m, 'POST', `/withdrawals/${a}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const late = await k.op('POST', `/withdrawals/${a}/requeue`, { reason: 'Too late for this' });
    expect([late.statusCode, errorOf(late).code]).toEqual([409, 'CONFLICT']);

    // Pay and reject take a processing withdrawal as they take a pending one.
    await k.op('POST', `/withdrawals/${b}/account`);
    await k.op('POST', `/withdrawals/${c}/account`);
    const paid = await k.op('POST', `/withdrawals/${b}/pay`, { payoutReference: 'HAND-1' });
    expect(paid.json()).toMatchObject({ status: 'paid', payoutReference: 'HAND-1' });
    const rejected = await k.op('POST', `/withdrawals/${c}/reject`, { reason: 'The bank returned it' });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    expect((await k.audits('withdrawal.pay', b))[0]!.detail).toMatchObject({ from: 'processing' });
    expect(await k.balances(m)).toMatchObject({ available: 24_000, onHold: 0 });
    await k.ledgerOk();
  });

  it('the console queue shows pending and processing (with a filter), and its count is both', async () => {
    const m = await k.member(10_000);
    const waiting = await k.pending(m, 2_000);
    const sent = await k.pending(m, 2_500);
    await k.op('POST', `/withdrawals/${sent}/account`);
    const open = await scalar(k.db(), sql`select count(*)::int as n from withdrawals where status in ('pending', 'processing')`);
    expect(open).toBeGreaterThanOrEqual(2);

    const queue = (await k.op('GET', '/withdrawals?limit=100')).json() as { items: { id: string; status: string }[]; total: number };
    expect(queue.total).toBe(open);
    expect(queue.items.find((item) => item.id === waiting)).toMatchObject({ status: 'pending' });
    expect(queue.items.find((item) => item.id === sent)).toMatchObject({ status: 'processing' });
    const onlySent = (await k.op('GET', '/withdrawals?status=processing&limit=100')).json() as { items: { id: string; status: string }[] };
    expect(new Set(onlySent.items.map((item) => item.status))).toEqual(new Set(['processing']));
    expect(onlySent.items.map((item) => item.id)).toContain(sent);
    const onlyWaiting = (await k.op('GET', '/withdrawals?status=pending&limit=100')).json() as { items: { id: string }[] };
    expect(onlyWaiting.items.map((item) => item.id)).toContain(waiting);
    expect(onlyWaiting.items.map((item) => item.id)).not.toContain(sent);
    const dashboard = (await k.op('GET', '/dashboard')).json() as { queues: { withdrawals: number } };
    expect(dashboard.queues.withdrawals).toBe(open);
  });

  it('the database refuses any change of status its transitions do not list, and any change to a payout file', async () => {
    const m = await k.member(20_000);
    const [paid, cancelled, rejected, sent] = [
      await k.pending(m, 2_000),
      await k.pending(m, 2_000),
      await k.pending(m, 2_000),
      await k.pending(m, 2_000),
    ];
    await k.op('POST', `/withdrawals/${paid}/pay`, { payoutReference: 'DB-1' });
    await k.as(m, 'POST', `/withdrawals/${cancelled}/cancel`);
    await k.op('POST', `/withdrawals/${rejected}/reject`, { reason: 'Not this one' });
    const file = (await k.op('POST', '/withdrawals/export')).json() as { id: string };
    expect(await k.statusOf(sent)).toBe('processing');
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await k
        .db()
        .execute(statement)
        .then(
          () => null,
          (failure: unknown) => failure,
        );
      expect(error).not.toBeNull();
    };
    await refused(sql`update withdrawals set status = 'pending', processing_at = null, processing_by = null, processing_file_id = null where id = ${paid}`);
    await refused(sql`update withdrawals set status = 'processing', processing_at = now(), processing_by = ${w.operator.userId} where id = ${cancelled}`);
    await refused(sql`update withdrawals set status = 'paid', payout_reference = 'X', reject_reason = null where id = ${rejected}`);
    await refused(sql`update withdrawals set status = 'cancelled', settle_transaction_id = hold_transaction_id, resolved_at = now() where id = ${sent}`);
    await refused(sql`update payout_file_rows set amount = 1 where file_id = ${file.id}`);
    await refused(sql`delete from payout_files where id = ${file.id}`);
    expect(await k.statusOf(paid)).toBe('paid');
    expect(await k.statusOf(cancelled)).toBe('cancelled');
    expect(await k.statusOf(rejected)).toBe('rejected');
    expect(await k.statusOf(sent)).toBe('processing');
  });

  it("the bank's result file is matched to the payout file it answers", async () => {
    const m = await k.member(20_000);
    const [a, b] = [await k.pending(m, 3_000), await k.pending(m, 3_000)];
    const file = (await k.op('POST', '/withdrawals/export')).json() as { id: string; createdAt: string };
    const byHand = await k.pending(m, 3_000);
    const csv = `withdrawal_id,outcome,reference\n${a},paid,BANK-A\n${b},rejected,Account closed\n${byHand},paid,BANK-C\n`;
    const preview = (await k.op('POST', '/withdrawals/import', { csv, apply: false })).json() as {
      rows: { payoutFileId: string | null; result: string }[];
      files: { id: string; createdAt: string; rowCount: number; answered: number }[];
    };
    expect(preview.rows.map((row) => [row.result, row.payoutFileId])).toEqual([
      ['will_pay', file.id],
      ['will_reject', file.id],
      ['will_pay', null],
    ]);
    expect(preview.files).toEqual([expect.objectContaining({ id: file.id, createdAt: file.createdAt, rowCount: 2, answered: 2 })]);
    const applied = (await k.op('POST', '/withdrawals/import', { csv, apply: true })).json() as { rows: { result: string }[] };
    expect(applied.rows.map((row) => row.result)).toEqual(['paid', 'rejected', 'paid']);
    expect([await k.statusOf(a), await k.statusOf(b), await k.statusOf(byHand)]).toEqual(['paid', 'rejected', 'paid']);
    await k.ledgerOk();
  });

  it('settling (pay, reject, cancel) never fails because AMOUNT_MAX_MINOR or BALANCE_MAX_MINOR were lowered since the request', async () => {
    const m = await k.member(20_000);
    const [toCancel, toReject, toPay] = [await k.pending(m, 5_000), await k.pending(m, 5_000), await k.pending(m, 5_000)];
    // The server restarted with limits far below these withdrawals and this balance.
    const lowered = { db: t.database.handle.db, clock: t.clock, config: { ...t.config, AMOUNT_MAX_MINOR: 1_000, BALANCE_MAX_MINOR: 1_000 } };
    const actor: ConsoleActor = { operatorId: w.operator.userId, role: 'operator', ip: null, requestId: 'lowered-limits' };
    expect(await cancelWithdrawal(lowered, m.userId, toCancel)).toMatchObject({ status: 'cancelled' });
    expect(await rejectWithdrawal(lowered, actor, toReject, 'The bank refused it')).toMatchObject({ status: 'rejected' });
    expect(await payWithdrawal(lowered, actor, toPay, 'LOWERED-1')).toMatchObject({ status: 'paid' });
    expect(await k.balances(m)).toMatchObject({ available: 15_000, onHold: 0 });
    await k.ledgerOk();
  });

  it('the fee the member saw is binding: another fee now is FEE_CHANGED with the new quote, and nothing is held', async () => {
    const m = await k.member(50_000);
    const quote = (await k.as(m, 'GET', '/withdrawals/quote?amount=10000')).json() as { fee: number; net: number };
    expect(quote).toMatchObject({ fee: 200, net: 9_800 });
    const settings = (await k.op('GET', '/withdrawal-settings')).json() as Record<string, unknown>;
    const key = randomUUID();
    expect((await k.request(m, 10_000, { expectedFee: 200 }, key)).statusCode).toBe(201);
    try {
      // The operator raises the fixed fee between the quote and the confirm.
      expect((await k.op('PUT', '/withdrawal-settings', { ...settings, feeFixed: 300 })).statusCode).toBe(200);
      const before = await k.balances(m);
      const stale = await k.request(m, 10_000, { expectedFee: 200 });
      expect([stale.statusCode, errorOf(stale).code]).toEqual([409, 'FEE_CHANGED']);
      expect(errorOf(stale).message).toMatch(/400.*200.*9600/);
      expect(await k.balances(m)).toEqual(before);
      // The same key as before is that withdrawal again, whatever the fee is now.
      const replay = await k.request(m, 10_000, { expectedFee: 200 }, key);
      expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.json().fee]).toEqual([201, 'true', 200]);
      // The new quote, confirmed.
      const fresh = (await k.as(m, 'GET', '/withdrawals/quote?amount=10000')).json() as { fee: number };
      expect(fresh.fee).toBe(400);
      const confirmed = await k.request(m, 10_000, { expectedFee: fresh.fee });
      expect([confirmed.statusCode, confirmed.json().fee, confirmed.json().net]).toEqual([201, 400, 9_600]);
    } finally {
      await k.op('PUT', '/withdrawal-settings', settings);
    }
  });

  it('the quote shows the fee the database charges (withdrawal_fee), over generated amounts and settings', async () => {
    const m = await k.member(1_000);
    const settings = (await k.op('GET', '/withdrawal-settings')).json() as Record<string, unknown>;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 100_000 }),
          fc.integer({ min: 0, max: 5_000 }),
          fc.integer({ min: 1, max: 1_000_000_000 }),
          async (feeFixed, feeBp, amount) => {
            await k.db().execute(sql`update withdrawal_settings set fee_fixed = ${feeFixed}, fee_bp = ${feeBp}`);
            const quote = (await k.as(m, 'GET', `/withdrawals/quote?amount=${amount}`)).json() as { fee: number; net: number };
            const charged = await scalar(k.db(), sql`select withdrawal_fee(${amount}::bigint, s) as n from withdrawal_settings s`);
            expect(quote.fee).toBe(Math.min(charged, amount));
            expect(quote.net).toBe(Math.max(0, amount - charged));
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      await k.op('PUT', '/withdrawal-settings', settings);
    }
  });
});

/**
 * A member who owes: A invites B, B buys, A's commission is released and spent, and the refund
 * with the override takes back what it can and books the rest as A's debt.
 */
async function memberWithDebt(t: TestApp, w: PlansWorld, owed: number, funds: number) {
  const plan = await createPlan(w, { price: owed * 10 });
  const [a, b] = await chain(w, 2);
  await fund(w, b!.userId, owed * 10);
  const bought = await buy(w, b!, plan.id);
  expect(bought.statusCode, bought.body).toBe(201);
  t.clock.advance(1_000);
  await releaseDueCommissions({ db: t.database.handle.db, clock: t.clock, config: t.config });
  await asOperator(w, 'POST', `/members/${a!.userId}/adjustments`, { direction: 'debit', amount: owed, reason: 'spent it' }, randomUUID());
  const refund = await asOperator(
    w,
    'POST',
    `/purchases/${(bought.json() as { id: string }).id}/refund`,
    { reason: 'Asked for it back', override: true },
    randomUUID(),
  );
  expect(refund.statusCode, refund.body).toBe(200);
  await fund(w, a!.userId, funds);
  return a!;
}

const DEBT_SETTINGS = {
  level1Bp: 1000,
  level2Bp: 0,
  level3Bp: 0,
  capBp: 3000,
  requireActivePlan: false,
  holdDays: 0,
  refundWindowDays: 0,
};

describe.each(DATABASE_KINDS)('what a member owes after a claw-back never leaves as a payout, on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    expect((await asOperator(w, 'PUT', '/referral-settings', DEBT_SETTINGS)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });
  const k = withdrawalKit(() => ({ t, w }));

  it('withdrawable = available − debt: refused beyond it with the reason, allowed up to it; the wallet, the quote and the statement show the debt', async () => {
    const debtor = await k.ready(await memberWithDebt(t, w, 1_200, 20_000));
    expect(await k.balances(debtor)).toEqual(expect.objectContaining({ available: 20_000, onHold: 0, debt: 1_200 }));

    const quote = (await k.as(debtor, 'GET', '/withdrawals/quote?amount=19000')).json();
    expect(quote).toMatchObject({ available: 20_000, debt: 1_200, withdrawable: 18_800, blocked: 'debt' });
    expect((await k.as(debtor, 'GET', '/withdrawals/quote?amount=18800')).json()).toMatchObject({ blocked: null });
    expect((await k.as(debtor, 'GET', '/withdrawals/quote?amount=20001')).json()).toMatchObject({ blocked: 'insufficient_funds' });

    const refused = await k.request(debtor, 19_000);
    expect([refused.statusCode, errorOf(refused).code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(errorOf(refused).fields?.amount).toMatch(/owe/);
    expect(await k.balances(debtor)).toMatchObject({ available: 20_000, onHold: 0 });

    const allowed = await k.request(debtor, 18_800);
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(await k.balances(debtor)).toMatchObject({ available: 1_200, onHold: 18_800, debt: 1_200 });
    const nothingLeft = await k.request(debtor, 1_000);
    expect([nothingLeft.statusCode, errorOf(nothingLeft).code]).toEqual([409, 'INSUFFICIENT_FUNDS']);

    const statement = (await k.as(debtor, 'GET', '/wallet/transactions?limit=100')).json() as {
      items: { type: string; account: string; amount: number; balanceAfter: number }[];
    };
    expect(statement.items).toContainEqual(expect.objectContaining({ type: 'refund', account: 'debt', amount: -1_200, balanceAfter: -1_200 }));
    await k.ledgerOk();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('withdrawal states under concurrency on two instances', () => {
  let t: TestApp;
  let w: PlansWorld;
  let second: SecondInstance;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    w = await plansWorld(t);
    second = await secondInstance(t);
    expect((await asOperator(w, 'PUT', '/referral-settings', DEBT_SETTINGS)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });
  const k = withdrawalKit(() => ({ t, w }));

  it('an export and the member’s cancel at once: the withdrawal is either in the file or cancelled, never both', async () => {
    for (let round = 0; round < 8; round++) {
      const m = await k.member(10_000);
      const id = await k.pending(m, 4_000);
      const [exported, cancel] = await Promise.all([
        (round % 2 ? second.app : t.app).inject({ method: 'POST', url: '/api/v1/admin/withdrawals/export', headers: { cookie: w.operator.cookie } }),
        (round % 2 ? t.app : second.app).inject({ method: 'POST', url: `/api/v1/withdrawals/${id}/cancel`, headers: { cookie: m.cookie } }),
      ]);
      const inFile = await scalar(k.db(), sql`select count(*)::int as n from payout_file_rows where withdrawal_id = ${id}`);
      if (cancel.statusCode === 200) {
        expect([inFile, await k.statusOf(id)]).toEqual([0, 'cancelled']);
        expect(exported.statusCode === 409 || exported.statusCode === 201).toBe(true);
      } else {
        expect([cancel.statusCode, errorOf(cancel).code, exported.statusCode]).toEqual([409, 'WITHDRAWAL_NOT_PENDING', 201]);
        expect([inFile, await k.statusOf(id)]).toEqual([1, 'processing']);
        expect(await k.balances(m)).toMatchObject({ available: 6_000, onHold: 4_000 });
      }
    }
    await k.ledgerOk();
  });

  it('requests racing on a member who owes: the debt is read under the accounts’ lock, so only what is withdrawable leaves', async () => {
    const debtor = await k.ready(await memberWithDebt(t, w, 1_000, 20_000));
    // 19,000 may leave: one request of 10,000 passes, a second would need 20,000.
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? second.app : t.app).inject({
          method: 'POST',
          url: '/api/v1/withdrawals',
          headers: { cookie: debtor.cookie, 'idempotency-key': randomUUID() },
          payload: { bankAccountId: debtor.accountId, amount: 10_000 },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(new Set(responses.filter((response) => response.statusCode !== 201).map((response) => errorOf(response).code))).toEqual(
      new Set(['INSUFFICIENT_FUNDS']),
    );
    expect(await k.balances(debtor)).toMatchObject({ available: 10_000, onHold: 10_000, debt: 1_000 });
    await k.ledgerOk();
  });

  /**
   * The one lock order (withdrawal, then the member's guard row of withdrawal_daily_totals, then the
   * ledger accounts): a session holding the day row makes request and settle wait for it before
   * they touch any account, so the accounts stay free meanwhile. Settling used to post first and
   * take the day row after, the opposite order of a request: the two could deadlock.
   */
  it('request and settle take the day row before the accounts', async () => {
    const m = await k.member(20_000);
    const id = await k.pending(m, 5_000);
    const [database] = await rows<{ name: string }>(k.db(), sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database!.name}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    const mover = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    await mover.connect();
    try {
      const day = t.clock.now().toISOString().slice(0, 10);
      const moverPid = (await mover.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      /** Waits until the mover's statement is blocked on a lock (the holder's day row). */
      const moverWaits = async () => {
        for (;;) {
          const waiting = await holder.query(`select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`, [moverPid]);
          if (waiting.rowCount) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const accountsFree = async () =>
        holder.query(`select id from ledger_accounts where owner_id = $1 order by id for update nowait`, [m.userId]).then(
          () => true,
          (error: { code?: string }) => (error.code === '55P03' ? false : Promise.reject(error)),
        );

      for (const outcome of ['rejected', 'request'] as const) {
        await holder.query('begin');
        await holder.query('select * from withdrawal_daily_totals where user_id = $1 and day = $2 for update', [m.userId, day]);
        const moving =
          outcome === 'rejected'
            ? mover.query(
                `select (s.withdrawal).status from withdrawal_settle($1, 'rejected', null, $2, null, 'Lock order', $3, 1000000000000, 1000000000000000) s`,
                [id, w.operator.userId, t.clock.now()],
              )
            : mover.query(
                `select (r.withdrawal).status from withdrawal_request($1, (select id from sessions where user_id = $1 limit 1), $2, 3000, $3, 'USD', $4, 1000000000000, 1000000000000000) r`,
                [m.userId, m.accountId, randomUUID(), t.clock.now()],
              );
        await moverWaits();
        // The mover waits for the day row and holds no account: the accounts can be taken at once.
        const free = await accountsFree();
        await holder.query('rollback');
        const moved = await moving;
        expect([outcome, free]).toEqual([outcome, true]);
        expect(moved.rowCount).toBe(1);
      }
    } finally {
      await holder.end();
      await mover.end();
    }
    expect(await k.statusOf(id)).toBe('rejected');
    await k.ledgerOk();
  });
});
