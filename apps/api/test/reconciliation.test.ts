import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, bankLinePageSchema, bankLineSchema, reconciliationDaySchema } from '@orchard/shared';
import { buildIntegrityReport } from '../src/ledger/index';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { asOperator, rows, type PlansWorld } from './plans/helpers';
import {
  BANK_A_MAPPING,
  BANK_B_MAPPING,
  creditsOf,
  dollars,
  fixture,
  imported,
  importStatement,
  orderStatus,
  processingPayout,
  reconciliationWorld,
} from './reconciliation-helpers';

/**
 * Bank reconciliation end to end through the API (modules/reconciliation/README.md): a camt.053
 * day with three exact payments (credited through recharge_credit, keyed by the bank line), a
 * partial one, one with no reference, a payout the bank sent (marked paid) and a returned one
 * (flagged); an overlapping camt.053 and CSV files of two banks' shapes adding nothing twice; the
 * queue decided with reasons, audited; the day's view and its CSV.
 */
describe.each(DATABASE_KINDS)('bank reconciliation on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let world: Awaited<ReturnType<typeof reconciliationWorld>>;
  let day = '';
  const values: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const db = () => t.database.handle.db;
  const line = async (details: string) => {
    const [row] = await rows<{ id: string }>(db(), sql`select id from bank_lines where details like ${`%${details}%`} order by created_at limit 1`);
    return row!.id;
  };
  const resolve = (id: string, body: object, key = randomUUID()) => asOperator(w, 'POST', `/reconciliation/lines/${id}/resolve`, body, key);

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Booked today: a payout is matched within days after its payout file was sent.
    day = t.clock.now().toISOString().slice(0, 10);
    values.DAY = day;
    world = await reconciliationWorld(t);
    w = world.w;
    for (const [index, amount] of [1500, 2500, 3500, 8000].entries()) {
      const order = await world.order(amount);
      ids[`R${index + 1}`] = order.id;
      values[`R${index + 1}`] = order.reference;
      values[`A${index + 1}`] = dollars(amount);
    }
    values.A4 = dollars(4000); // half of order 4
    values.A5 = dollars(4242);
    const payout = await processingPayout(t, w, 5000);
    ids.W1 = payout.id;
    values.W1 = payout.id;
    values.A6 = dollars(payout.net);
    values.CLOSING = '1234.56';
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports a camt.053 day: three orders credited, the payout paid, the rest queued with reasons', async () => {
    const result = await imported(w, { bankName: 'Orchard Test Bank', format: 'camt053', fileName: 'day.xml', content: fixture('camt053-day.xml', values) });
    // The pending entry (Sts PDNG) is not a booked line.
    expect(result).toMatchObject({ linesTotal: 7, linesNew: 7, matched: 4, queued: 3 });
    for (const order of ['R1', 'R2', 'R3']) {
      expect(await orderStatus(t, ids[order]!)).toBe('credited');
      expect(await creditsOf(t, ids[order]!)).toBe(1);
    }
    expect(await orderStatus(t, ids.R4!)).toBe('awaiting_payment');
    const [payout] = await rows<{ status: string; payout_reference: string }>(db(), sql`select status, payout_reference from withdrawals where id = ${ids.W1}`);
    expect(payout).toMatchObject({ status: 'paid', payout_reference: expect.stringMatching(/^bank-line:/) });
    const queue = bankLinePageSchema.parse((await asOperator(w, 'GET', '/reconciliation/lines?status=queued')).json());
    const reasons = Object.fromEntries(queue.items.map((item) => [item.reason, item]));
    expect(Object.keys(reasons).sort()).toEqual(['partial', 'payout_returned', 'unknown_reference']);
    expect(reasons.partial!.rechargeOrderId).toBe(ids.R4);
    expect(reasons.partial!.suggestions[0]).toMatchObject({ kind: 'recharge_order', id: ids.R4, why: 'reference' });
    expect(reasons.payout_returned!.suspicious).toBe(true);
    expect(reasons.unknown_reference!.counterparty).toBe('张伟');
    // The credit is the operator's own, keyed by the bank line, and audited as such.
    const [audit] = await rows<{ detail: { paymentReference: string } }>(
      db(), sql`select detail from audit_log where action = 'recharge.credit' and subject_id = ${ids.R1}`,
    );
    expect(audit!.detail.paymentReference).toMatch(/^bank-line:/);
  });

  it('the same file again and an overlapping one add only what is new', async () => {
    const again = await imported(w, { bankName: 'Orchard Test Bank', format: 'camt053', fileName: 'day.xml', content: fixture('camt053-day.xml', values) });
    expect(again).toMatchObject({ linesTotal: 7, linesNew: 0, matched: 0, queued: 0 });
    const overlap = await imported(w, { bankName: 'Orchard Test Bank', format: 'camt053', fileName: 'b.xml', content: fixture('camt053-overlap.xml', values) });
    // TB-0001 and TB-0002 known; the batch entry is two new lines without references.
    expect(overlap).toMatchObject({ linesTotal: 4, linesNew: 2, queued: 2 });
    for (const order of ['R1', 'R2', 'R3']) expect(await creditsOf(t, ids[order]!)).toBe(1);
  });

  it('reads two banks’ CSV shapes, remembers each bank’s columns, and stores overlapping lines once', async () => {
    const fresh = await world.order(1200);
    const a = await imported(w, {
      bankName: 'Bank A', format: 'csv', fileName: 'a.csv', mapping: BANK_A_MAPPING,
      content: fixture('bank-a.csv', { DAY: day, R1: fresh.reference, A1: '12.00', R2: values.R2!, A2: '25.00' }),
    });
    // Order paid exactly; R2 credited already (a second payment: suspicious); the bank's fee.
    expect(a).toMatchObject({ linesTotal: 3, linesNew: 3, matched: 1, queued: 2 });
    expect(await orderStatus(t, fresh.id)).toBe('credited');
    const queued = bankLinePageSchema.parse((await asOperator(w, 'GET', '/reconciliation/lines?status=queued')).json()).items;
    expect(queued.find((item) => item.bankName === 'Bank A' && item.amount === 2500)).toMatchObject({ reason: 'already_credited', suspicious: true });
    expect(queued.find((item) => item.bankName === 'Bank A' && item.amount === -250)).toMatchObject({ reason: 'unknown_payout' });

    const dmy = day.split('-').reverse().join('.');
    const b = await imported(w, {
      bankName: 'Bank B', format: 'csv', fileName: 'b.csv', mapping: BANK_B_MAPPING, currency: 'USD',
      content: fixture('bank-b.csv', { DMY: dmy, R1: 'RZZZZZZZ', B1: '100,00' }),
    });
    // Two equal gifts on one day are two lines.
    expect(b).toMatchObject({ linesTotal: 4, linesNew: 4 });
    // No mapping this time: the bank's remembered one.
    const overlap = await imported(w, { bankName: 'Bank B', format: 'csv', fileName: 'b2.csv', content: fixture('bank-b-overlap.csv', { DMY: dmy, R2: values.R2! }) });
    expect(overlap).toMatchObject({ linesTotal: 3, linesNew: 1, queued: 1 });
    const rent = await rows<{ amount: string; counterparty: string }>(db(), sql`select amount, counterparty from bank_lines where details = 'Miete Büro'`);
    expect(rent).toEqual([{ amount: expect.anything(), counterparty: 'Hausverwaltung Straße' }]);
    expect(Number(rent[0]!.amount)).toBe(-125000);
    const returned = await rows<{ reason: string; reversal: boolean }>(db(), sql`select reason, reversal from bank_lines where details like 'Rücküberweisung%'`);
    expect(returned).toEqual([{ reason: 'payout_returned', reversal: true }]);
    const unmapped = await importStatement(w, { bankName: 'Bank C', format: 'csv', fileName: 'c.csv', content: 'a,b\n1,2\n' });
    expect(unmapped.statusCode).toBe(400);
    expect(apiErrorSchema.parse(unmapped.json()).error.fields).toHaveProperty('mapping');
  });

  it('refuses files it cannot read with a message on the field, and changes nothing', async () => {
    const before = await rows<{ n: string }>(db(), sql`select count(*) as n from bank_lines`);
    const cases: [string, object][] = [
      ['not xml', { format: 'camt053', content: 'hello' }],
      ['entities', { format: 'camt053', content: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document/>' }],
      ['not camt', { format: 'camt053', content: '<Document><Other/></Document>' }],
      ['bad date', { format: 'csv', mapping: BANK_A_MAPPING, content: 'Date,Description,Payer,Amount,Balance\n20/11/2026,x,y,1.00,\n' }],
      ['year zero', { format: 'csv', mapping: BANK_A_MAPPING, content: 'Date,Description,Payer,Amount,Balance\n0000-01-01,x,y,1.00,\n' }],
      ['camt day out of the calendar', { format: 'camt053', content: fixture('camt053-day.xml', { ...values, DAY: '2026-02-30' }) }],
      ['bad amount', { format: 'csv', mapping: BANK_A_MAPPING, content: 'Date,Description,Payer,Amount,Balance\n2026-11-20,x,y,1.005,\n' }],
      ['missing column', { format: 'csv', mapping: { ...BANK_A_MAPPING, amount: 'Betrag' }, content: 'Date,Description,Payer,Amount,Balance\n2026-11-20,x,y,1.00,\n' }],
    ];
    for (const [name, body] of cases) {
      const response = await importStatement(w, { bankName: 'Bank Z', fileName: 'z', ...body });
      expect(response.statusCode, name).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(response.json()).error.fields ?? {}), name).toContain('content');
    }
    expect(await rows(db(), sql`select count(*) as n from bank_lines`)).toEqual(before);
  });

  it('the operator decides the queue: credit, link, refund, ignore, with a reason, audited, once', async () => {
    const partial = await line('first half');
    // Crediting more than arrived is refused.
    const tooMuch = await resolve(partial, { action: 'credit', targetId: ids.R4, reason: 'member says they paid' });
    expect(tooMuch.statusCode).toBe(400);
    expect(apiErrorSchema.parse(tooMuch.json()).error.fields).toHaveProperty('targetId');
    const refunded = await resolve(partial, { action: 'refund', reason: 'sent back to the payer' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(bankLineSchema.parse(refunded.json())).toMatchObject({ status: 'resolved', resolution: 'refunded', resolvedByName: 'Test Operator' });
    expect(await orderStatus(t, ids.R4!)).toBe('awaiting_payment');
    expect((await resolve(partial, { action: 'ignore', reason: 'again' })).json()).toMatchObject({ error: { code: 'BANK_LINE_DECIDED' } });

    // The unknown payment: the member's order of that amount, credited with this line.
    const order = await world.order(4242);
    const unknown = await line('充值');
    const noTarget = await resolve(unknown, { action: 'credit', reason: 'found the order' });
    expect(apiErrorSchema.parse(noTarget.json()).error.fields).toHaveProperty('targetId');
    const credited = await resolve(unknown, { action: 'credit', targetId: order.id, reason: 'payer wrote no reference; matched by amount' });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(await orderStatus(t, order.id)).toBe('credited');
    expect(await creditsOf(t, order.id)).toBe(1);

    const returned = await line('RETURN: account closed');
    expect((await resolve(returned, { action: 'link', targetId: ids.W1, reason: 'bank returned the payout; member contacted' })).statusCode).toBe(200);
    const fee = (await rows<{ id: string }>(db(), sql`select id from bank_lines where details = 'Bank fee'`))[0]!.id;
    expect((await resolve(fee, { action: 'ignore', reason: 'monthly bank fee' })).statusCode).toBe(200);
    expect((await resolve(fee, { action: 'ignore', reason: 'x' })).statusCode).toBe(400);
    expect((await resolve(randomUUID(), { action: 'ignore', reason: 'nothing' })).json()).toMatchObject({ error: { code: 'BANK_LINE_NOT_FOUND' } });
    expect((await resolve('not-an-id', { action: 'ignore', reason: 'nothing' })).statusCode).toBe(404);
    const audits = await rows<{ action: string }>(db(), sql`select action from audit_log where subject_type = 'bank_line' order by id`);
    expect(audits.map((row) => row.action)).toEqual(['bank_line.refund', 'bank_line.credit', 'bank_line.link', 'bank_line.ignore']);
  });

  it('shows the day: bank balance against platform cash, lines by state, a CSV for the accountant', async () => {
    const view = reconciliationDaySchema.parse((await asOperator(w, 'GET', `/reconciliation/days/${day}`)).json());
    // Each bank's latest closing balance of the day: the camt.053 CLBD, Bank A's and Bank B's last balance column.
    const banks = 123456 + 119750 - 13300;
    expect(view.bankBalance).toBe(banks);
    expect(view.difference).toBe(banks - view.platformCash);
    expect(view.counts.matched + view.counts.queued + view.counts.resolved).toBe(view.lines.length);
    expect(view.counts.suspicious).toBeGreaterThan(0);
    const csv = await asOperator(w, 'GET', `/reconciliation/days/${day}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('张伟');
    const [summary, lines] = csv.body.split('\r\n\r\n') as [string, string];
    expect(summary.split('\r\n')[1]).toBe(
      `${day},USD,${dollars(view.bankBalance!)},${dollars(view.platformCash)},${dollars(view.difference!)},${view.counts.matched},${view.counts.queued},${view.counts.resolved},${view.counts.suspicious}`,
    );
    expect(lines.trim().split('\r\n').slice(1).length).toBe(view.lines.length);
    expect((await asOperator(w, 'GET', '/reconciliation/days/2026-13-40')).statusCode).toBe(400);
    expect((await asOperator(w, 'GET', '/reconciliation/days/0000-01-01')).statusCode).toBe(400);
    expect((await asOperator(w, 'GET', '/reconciliation/days/9999-12-31')).statusCode).toBe(200);
    const days = (await asOperator(w, 'GET', '/reconciliation/days')).json() as { items: { day: string }[] };
    expect(days.items.map((item) => item.day)).toContain(day);
    expect((await buildIntegrityReport(db(), t.clock.now())).ok).toBe(true);
  });
});
