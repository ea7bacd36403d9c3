import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankStatementImportResultSchema, type BankCsvMapping, rechargeOrderSchema } from '@orchard/shared';
import type { TestApp } from './app';
import { insertChannels } from './ledger-helpers';
import { asOperator, fund, plansWorld, quickMember, rows, type PlansWorld } from './plans/helpers';

/** A statement written for the tests (fixtures/bank/), its {{placeholders}} filled in. */
export function fixture(name: string, values: Record<string, string>): string {
  const text = readFileSync(new URL(`./fixtures/bank/${name}`, import.meta.url), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`fixture ${name}: no value for {{${key}}}`);
    return values[key]!;
  });
}

export const BANK_A_MAPPING: BankCsvMapping = {
  date: 'Date', amount: 'Amount', details: 'Description', counterparty: 'Payer', balance: 'Balance',
  dateFormat: 'YYYY-MM-DD', decimalMark: '.', delimiter: ',',
};
export const BANK_B_MAPPING: BankCsvMapping = {
  date: 'Buchungstag', credit: 'Haben', debit: 'Soll', details: 'Verwendungszweck', counterparty: 'Auftraggeber', balance: 'Saldo',
  dateFormat: 'DD.MM.YYYY', decimalMark: ',', delimiter: ';',
};

export const dollars = (minor: number) => (minor / 100).toFixed(2);

/** An operator, recharge orders and a processing payout on one test app. */
export async function reconciliationWorld(t: TestApp) {
  await insertChannels(t.database.handle.db);
  const w = await plansWorld(t);
  const member = await quickMember(t);
  const order = async (amount: number, who = member) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
      payload: { channel: 'bank', amount },
    });
    expect(response.statusCode, response.body).toBe(201);
    return rechargeOrderSchema.parse(response.json());
  };
  return { w, member, order };
}

/** A member's withdrawal of `amount`, sent to the bank in a payout file (processing). Its id and net. */
export async function processingPayout(t: TestApp, w: PlansWorld, amount: number): Promise<{ id: string; net: number }> {
  const db = t.database.handle.db;
  const member = await quickMember(t);
  await fund(w, member.userId, amount * 2);
  const headers = { cookie: member.cookie };
  const account = await t.app.inject({
    method: 'POST', url: '/api/v1/me/bank-accounts', headers,
    payload: { holderName: 'Erin Payee', bankName: 'N26', country: 'DE', number: 'DE89370400440532013000' },
  });
  expect(account.statusCode, account.body).toBe(201);
  const accountId = (account.json() as { id: string }).id;
  const now = t.clock.now().getTime();
  await db.execute(sql`update bank_accounts set usable_from = ${new Date(now - 3_600_000)} where id = ${accountId}`);
  await db.execute(sql`update sessions set step_up_until = ${new Date(now + 86_400_000)} where user_id = ${member.userId}`);
  const requested = await t.app.inject({
    method: 'POST', url: '/api/v1/withdrawals', headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { bankAccountId: accountId, amount },
  });
  expect(requested.statusCode, requested.body).toBe(201);
  const id = (requested.json() as { id: string }).id;
  const exported = await asOperator(w, 'POST', '/withdrawals/export');
  expect(exported.statusCode, exported.body).toBe(201);
  const [row] = await rows<{ net: string; status: string }>(db, sql`select net, status from withdrawals where id = ${id}`);
  expect(row!.status).toBe('processing');
  return { id, net: Number(row!.net) };
}

export async function importStatement(w: PlansWorld, body: Record<string, unknown>, app = w.t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/reconciliation/statements',
    headers: { cookie: w.operator.cookie, 'idempotency-key': randomUUID() },
    payload: body,
  });
}

export async function imported(w: PlansWorld, body: Record<string, unknown>) {
  const response = await importStatement(w, body);
  expect(response.statusCode, response.body).toBe(201);
  return bankStatementImportResultSchema.parse(response.json());
}

export const orderStatus = async (t: TestApp, id: string) =>
  (await rows<{ status: string }>(t.database.handle.db, sql`select status from recharge_orders where id = ${id}`))[0]!.status;

/** How many ledger transactions credited this order (the books' answer, whatever the order row says). */
export const creditsOf = async (t: TestApp, id: string) =>
  Number(
    (await rows<{ n: string }>(t.database.handle.db, sql`select count(*) as n from ledger_transactions where idempotency_key = ${`recharge:${id}`}`))[0]!.n,
  );
