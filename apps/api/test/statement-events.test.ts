import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementEventPageSchema, statementPageSchema, type StatementEvent, type StatementEntry } from '@orchard/shared';
import { buildIntegrityReport } from '../src/ledger/index';
import { runCommissionRelease } from '../src/modules/plans/commissions';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { insertChannels } from './ledger-helpers';
import { asMember, asOperator, buy, createCoupon, createPlan, fund, plansWorld, quickMember, type PlansWorld } from './plans/helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IBAN = 'DE89370400440532013000';

type Who = { userId: string; cookie: string };

/**
 * The statement a member reads (ledger/statement-events.ts): one line per money event, whatever
 * number of ledger transactions it took, with its state now, signed from the member's side, and a
 * running available balance in which each line adds exactly its own effect.
 */
describe.each(DATABASE_KINDS)('the statement of events (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let m: Who & { accountId: string };
  let buyer: Who;
  const ids = {} as Record<
    'recharge' | 'coupon' | 'ownPurchase' | 'buyerPurchase' | 'clawed' | 'settler' | 'paid' | 'returned' | 'open',
    string
  >;
  const db = () => t.database.handle.db;
  const get = (who: Who, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: who.cookie } });
  const events = async (who: Who, query = '') => {
    const response = await get(who, `/wallet/events${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return statementEventPageSchema.parse(response.json());
  };
  /** Every event of the member, page by page of `limit`. */
  async function allEvents(who: Who, limit: number, filter = ''): Promise<StatementEvent[]> {
    const all: StatementEvent[] = [];
    let cursor: string | null = null;
    do {
      const page = await events(who, `?limit=${limit}${filter}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }
  const withdraw = async (amount: number) => {
    const response = await asMember(w, m, 'POST', '/withdrawals', { bankAccountId: m.accountId, amount }, randomUUID());
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const byId = (list: StatementEvent[], id: string) => {
    const found = list.filter((event) => event.id === id);
    expect(found, id).toHaveLength(1);
    return found[0]!;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    await insertChannels(db());
    const settings = { level1Bp: 1000, level2Bp: 0, level3Bp: 0, capBp: 3000, requireActivePlan: false, holdDays: 1, refundWindowDays: 30 };
    expect((await asOperator(w, 'PUT', '/referral-settings', settings)).statusCode).toBe(200);
    const plan = await createPlan(w, { price: 1_000 });

    const member = await quickMember(t);
    buyer = await quickMember(t, { referrerId: member.userId });
    const account = await asMember(w, member, 'POST', '/me/bank-accounts', {
      holderName: 'Ana Payee',
      bankName: 'N26',
      country: 'DE',
      number: IBAN,
    });
    expect(account.statusCode, account.body).toBe(201);
    m = { ...member, accountId: (account.json() as { id: string }).id };
    await db().execute(sql`update bank_accounts set usable_from = ${new Date(t.clock.now().getTime() - HOUR)} where id = ${m.accountId}`);
    const stepUp = () =>
      db().execute(sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + 30 * DAY)} where user_id = ${m.userId}`);
    await stepUp();
    const tick = () => t.clock.advance(1_000);

    // A recharge of 50.00, credited by the operator.
    const order = await asMember(w, m, 'POST', '/recharge/orders', { channel: 'bank', amount: 5_000 }, randomUUID());
    expect(order.statusCode, order.body).toBe(201);
    ids.recharge = (order.json() as { id: string }).id;
    const credited = await asOperator(w, 'POST', `/recharge/orders/${ids.recharge}/credit`, undefined, randomUUID());
    expect(credited.statusCode, credited.body).toBe(200);
    tick();
    // A wallet-credit coupon of 5.00.
    const coupon = await createCoupon(w, { code: `STMT-${kind}`, kind: 'wallet_credit', value: 500 });
    expect((await asMember(w, m, 'POST', '/me/coupons/redeem', { code: coupon.code }, randomUUID())).statusCode).toBe(200);
    ids.coupon = coupon.id;
    tick();
    // An operator's debit of 1.00.
    expect(
      (
        await asOperator(
          w,
          'POST',
          `/members/${m.userId}/adjustments`,
          { direction: 'debit', amount: 100, reason: 'correction' },
          randomUUID(),
        )
      ).statusCode,
    ).toBe(201);
    tick();
    // Their own purchase of 10.00, refunded later.
    const own = await buy(w, m, plan.id);
    expect(own.statusCode, own.body).toBe(201);
    ids.ownPurchase = (own.json() as { id: string }).id;
    tick();
    // Their invitee buys: a commission of 1.00, pending, released a day later.
    await fund(w, buyer.userId, 5_000);
    const bought = await buy(w, buyer, plan.id);
    expect(bought.statusCode).toBe(201);
    ids.buyerPurchase = (bought.json() as { id: string }).id;
    tick();
    // A withdrawal paid, one returned (rejected) and one still open.
    ids.paid = await withdraw(2_000);
    tick();
    ids.returned = await withdraw(1_000);
    tick();
    expect((await asOperator(w, 'POST', `/withdrawals/${ids.paid}/pay`, { payoutReference: 'BANK-REF-7' })).statusCode).toBe(200);
    expect((await asOperator(w, 'POST', `/withdrawals/${ids.returned}/reject`, { reason: 'Account closed' })).statusCode).toBe(200);
    tick();
    expect((await asOperator(w, 'POST', `/purchases/${ids.ownPurchase}/refund`, { reason: 'asked for it' }, randomUUID())).statusCode).toBe(
      200,
    );
    t.clock.advance(DAY + 1_000);
    await stepUp();
    expect((await runCommissionRelease({ db: db(), clock: t.clock, config: t.config })).released).toBe(1);
    tick();
    // A second commission, released; then the member holds nearly everything in a withdrawal and
    // the purchase is refunded with the override: the commission is clawed back, partly as a debt.
    const second = await buy(w, buyer, plan.id);
    ids.clawed = (second.json() as { id: string }).id;
    t.clock.advance(DAY + 1_000);
    await stepUp();
    expect((await runCommissionRelease({ db: db(), clock: t.clock, config: t.config })).released).toBe(1);
    const { available } = (await get(m, '/wallet')).json() as { available: number };
    ids.open = await withdraw(available - 40);
    tick();
    const refund = await asOperator(w, 'POST', `/purchases/${ids.clawed}/refund`, { reason: 'fraud', override: true }, randomUUID());
    expect(refund.statusCode, refund.body).toBe(200);
    tick();
    // A third commission settles that debt (0.60) when it is released.
    const third = await buy(w, buyer, plan.id);
    ids.settler = (third.json() as { id: string }).id;
    t.clock.advance(DAY + 1_000);
    await stepUp();
    expect((await runCommissionRelease({ db: db(), clock: t.clock, config: t.config })).released).toBe(1);
    expect((await buildIntegrityReport(db(), t.clock.now())).ok).toBe(true);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows one line per money event, each in its state, signed from the member’s side', async () => {
    const { items, nextCursor } = await events(m, '?limit=100');
    expect(nextCursor).toBeNull();
    const lines = items.map((event) => [event.kind, event.state, event.amount, event.held]);
    const open = byId(items, `withdrawal:${ids.open}`);
    // Newest first, by each event's first movement.
    expect(lines).toEqual([
      ['debt_settled', 'completed', -60, 0],
      ['commission', 'available', 100, 0],
      ['withdrawal', 'requested', -open.held, open.held],
      ['commission', 'reversed', 100, 0],
      ['refund', 'completed', 1_000, 0],
      ['withdrawal', 'returned', -1_000, 0],
      ['withdrawal', 'paid', -2_000, 0],
      ['commission', 'available', 100, 0],
      ['purchase', 'refunded', -1_000, 0],
      ['adjustment', 'completed', -100, 0],
      ['coupon_credit', 'completed', 500, 0],
      ['recharge', 'completed', 5_000, 0],
    ]);
    expect(open.held).toBeGreaterThan(0);
    expect(open.timeline.map((step) => step.state)).toEqual(['requested']);

    const paid = byId(items, `withdrawal:${ids.paid}`);
    expect(paid.timeline.map((step) => step.state)).toEqual(['requested', 'paid']);
    expect(paid.reference).toBe('BANK-REF-7');
    expect(paid.availableEffect).toBe(-2_000);
    // Its hold and its payout, with the account of each entry.
    expect(paid.entries.map((entry) => [entry.type, entry.account, entry.amount])).toEqual([
      ['withdrawal_hold', 'available', -2_000],
      ['withdrawal_hold', 'on_hold', 2_000],
      ['withdrawal_paid', 'on_hold', -2_000],
    ]);
    const returned = byId(items, `withdrawal:${ids.returned}`);
    expect(returned.availableEffect).toBe(0);
    expect(returned.timeline.map((step) => step.state)).toEqual(['requested', 'returned']);
    expect(returned.entries.map((entry) => entry.type)).toEqual([
      'withdrawal_hold',
      'withdrawal_hold',
      'withdrawal_release',
      'withdrawal_release',
    ]);

    const released = byId(items, `commission:${ids.buyerPurchase}`);
    expect(released.timeline.map((step) => step.state)).toEqual(['pending', 'available']);
    expect(released.entries.map((entry) => [entry.type, entry.account, entry.amount])).toEqual([
      ['plan_purchase', 'commission_pending', 100],
      ['commission_release', 'commission_pending', -100],
      ['commission_release', 'available', 100],
    ]);
    const clawed = byId(items, `commission:${ids.clawed}`);
    expect(clawed.timeline.map((step) => step.state)).toEqual(['pending', 'available', 'reversed']);
    expect(clawed.entries.filter((entry) => entry.type === 'refund').map((entry) => [entry.account, entry.amount])).toEqual([
      ['available', -40],
      ['debt', -60],
    ]);
    const settled = byId(items, `commission:${ids.settler}`);
    // Released into a debt of 0.60: 0.40 to available, 0.60 to what is owed, shown as the debt settled.
    expect(settled.availableEffect).toBe(100);
    const debt = items.filter((event) => event.kind === 'debt_settled');
    expect(debt.map((event) => [event.amount, event.availableEffect, event.entries.map((entry) => [entry.account, entry.amount])])).toEqual(
      [[-60, -60, [['debt', 60]]]],
    );
    expect(byId(items, `purchase:${ids.ownPurchase}`).timeline.map((step) => step.state)).toEqual(['completed', 'refunded']);
    expect(byId(items, `recharge:${ids.recharge}`).reference).toMatch(/\S/);
  });

  it('keeps a running available balance: the newest line is the wallet, and each line adds exactly its own effect', async () => {
    const { items } = await events(m, '?limit=100');
    const wallet = (await get(m, '/wallet')).json() as { available: number; onHold: number };
    expect(items[0]!.availableAfter).toBe(wallet.available);
    for (const [i, event] of items.entries()) {
      const before = items[i + 1]?.availableAfter ?? 0;
      expect(event.availableAfter - before, event.id).toBe(event.availableEffect);
    }
    // What is on hold is the open withdrawal's hold.
    expect(items.reduce((total, event) => total + event.held, 0)).toBe(wallet.onHold);
  });

  it('pages by keyset: one event a page gives the same lines once each, though a withdrawal or commission took several transactions', async () => {
    const whole = (await events(m, '?limit=100')).items;
    for (const limit of [1, 2, 5]) {
      const paged = await allEvents(m, limit);
      expect(paged).toEqual(whole);
    }
  });

  it('filters by event kind and by date, and refuses an unknown kind with a 400', async () => {
    const withdrawals = await allEvents(m, 2, '&kind=withdrawal');
    expect(withdrawals.map((event) => event.state)).toEqual(['requested', 'returned', 'paid']);
    const whole = (await events(m, '?limit=100')).items;
    // The running balance of a filtered line is still the statement's.
    for (const event of withdrawals) expect(event.availableAfter).toBe(byId(whole, event.id).availableAfter);
    const money = await allEvents(m, 3, '&kind=recharge,coupon_credit');
    expect(money.map((event) => event.kind)).toEqual(['coupon_credit', 'recharge']);
    const first = whole[whole.length - 1]!.occurredAt.slice(0, 10);
    const day = await allEvents(m, 100, `&to=${first}`);
    expect(day.every((event) => event.occurredAt.slice(0, 10) === first)).toBe(true);
    expect(day.length).toBeGreaterThanOrEqual(4);
    const refused = await get(m, '/wallet/events?kind=withdrawal_hold');
    expect(refused.statusCode).toBe(400);
    expect((await get(m, '/wallet/events?cursor=abc')).statusCode).toBe(400);
  });

  it('never shows another member’s events, whatever the cursor', async () => {
    const mine = new Set((await allEvents(m, 100)).map((event) => event.id));
    const theirs = await allEvents(buyer, 100);
    expect(theirs.map((event) => event.kind).sort()).toEqual(['adjustment', 'purchase', 'purchase', 'purchase', 'refund']);
    expect(theirs.filter((event) => mine.has(event.id))).toEqual([]);
    for (const event of theirs) {
      expect(event.entries.every((entry) => !['on_hold', 'commission_pending'].includes(entry.account))).toBe(true);
    }
    // The purchase refunded with the override is refunded for its buyer, and the refund is its own line.
    expect(byId(theirs, `purchase:${ids.clawed}`).state).toBe('refunded');
    expect(byId(theirs, `refund:${ids.clawed}`).amount).toBe(1_000);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/events' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives the console the same events, and a ledger view whose balance after runs per account', async () => {
    const member = (await events(m, '?limit=100')).items;
    const console = await asOperator(w, 'GET', `/members/${m.userId}/events?limit=100`);
    expect(console.statusCode).toBe(200);
    expect(statementEventPageSchema.parse(console.json()).items).toEqual(member);
    const ledger = await asOperator(w, 'GET', `/members/${m.userId}/transactions?limit=100`);
    const entries = statementPageSchema.parse(ledger.json()).items;
    const accounts = new Set(entries.map((entry) => entry.account));
    expect([...accounts].sort()).toEqual(['available', 'commission_pending', 'debt', 'on_hold']);
    for (const account of accounts) {
      const run = entries.filter((entry) => entry.account === account).reverse();
      let balance = 0;
      for (const entry of run) {
        balance += entry.amount;
        expect(entry.balanceAfter, `${account} ${entry.id}`).toBe(balance);
      }
    }
    // Every entry of the ledger view sits under exactly one event.
    const underEvents = member.flatMap((event) => event.entries).map((entry: StatementEntry) => entry.id);
    expect(underEvents.sort()).toEqual(entries.map((entry) => entry.id).sort());
    expect((await asOperator(w, 'GET', `/members/${randomUUID()}/events`)).statusCode).toBe(404);
  });

  it('exports one CSV row per event, and the entries for accountants', async () => {
    const whole = (await events(m, '?limit=100')).items;
    const csv = await get(m, '/wallet/events/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,kind,state,amount,available_after,on_hold,currency,reference,memo,updated_at,event_id');
    expect(lines).toHaveLength(whole.length + 1);
    const paid = lines.find((line) => line.endsWith(`withdrawal:${ids.paid}`))!;
    expect(paid.split(',').slice(1, 4)).toEqual(['withdrawal', 'paid', '-20.00']);
    const filtered = await get(m, '/wallet/events/export?kind=withdrawal');
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(4);

    const entries = await get(m, '/wallet/transactions/export');
    expect(entries.headers['content-disposition']).toContain('entries-');
    const entryLines = entries.body.trimEnd().split('\r\n');
    expect(entryLines[0]).toBe('time,type,account,amount,balance_after,currency,reference,memo,entry_id,transaction_id');
    expect(entryLines).toHaveLength(whole.flatMap((event) => event.entries).length + 1);
  });
});
