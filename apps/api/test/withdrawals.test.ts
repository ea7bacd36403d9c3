import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { buildIntegrityReport } from '../src/ledger/index';
import { createTestApp, type TestApp } from './app';
import { registerMember, TEST_PASSWORD, type RegisteredMember } from './auth';
import { DATABASE_KINDS } from './database';
import {
  asOperator,
  fund,
  plansWorld,
  quickMember,
  rows,
  scalar,
  secondInstance,
  statusCounts,
  type PlansWorld,
  type SecondInstance,
} from './plans/helpers';

/**
 * Withdrawals (issue 13): bank accounts with IBAN checks and a cool-down, the step-up, the request
 * that puts the amount on hold, cancel, pay and reject, the limits; and on PostgreSQL, two app
 * instances racing for the same balance, the same withdrawal and the same day's allowance.
 */

const IBAN = 'DE89370400440532013000';
const HOUR = 3_600_000;

function errorCode(response: { json(): unknown }): string {
  return apiErrorSchema.parse(response.json()).error.code;
}

describe.each(DATABASE_KINDS)('withdrawals on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let member: RegisteredMember;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    member = await registerMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (who: { cookie: string }, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, key?: string) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  const balances = async (who: { cookie: string }) => (await as(who, 'GET', '/wallet')).json() as { available: number; onHold: number };
  const ledgerOk = async () => expect((await buildIntegrityReport(t.database.handle.db, t.clock.now())).ok).toBe(true);

  it('checks the account number: an IBAN where the country uses them, a plain number elsewhere', async () => {
    const bad = await as(member, 'POST', '/me/bank-accounts', {
      holderName: 'Ana',
      bankName: 'Bank',
      country: 'DE',
      number: 'DE89370400440532013001',
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.fields?.number).toMatch(/not valid/);
    const wrongCountry = await as(member, 'POST', '/me/bank-accounts', {
      holderName: 'Ana',
      bankName: 'Bank',
      country: 'FR',
      number: IBAN,
    });
    expect(wrongCountry.statusCode).toBe(400);
    expect(apiErrorSchema.parse(wrongCountry.json()).error.fields).toEqual({
      country: 'This IBAN is from DE: choose that country, or check the number.',
    });
    const notAnIban = await as(member, 'POST', '/me/bank-accounts', {
      holderName: 'Ana',
      bankName: 'Bank',
      country: 'FR',
      number: '000123456789',
    });
    expect(apiErrorSchema.parse(notAnIban.json()).error.fields?.number).toMatch(/starts with FR/);
    const plain = await as(member, 'POST', '/me/bank-accounts', {
      holderName: 'Ana',
      bankName: 'Chase',
      country: 'us',
      number: '000123456789',
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ country: 'US', numberKind: 'account', maskedNumber: '•••• 6789', isDefault: true });
    const iban = await as(member, 'POST', '/me/bank-accounts', {
      holderName: 'Ana',
      bankName: 'Commerzbank',
      country: 'DE',
      number: 'de89 3704 0044 0532 0130 00',
      label: 'Salary',
      isDefault: true,
    });
    expect(iban.statusCode, iban.body).toBe(201);
    expect(iban.json()).toMatchObject({ numberKind: 'iban', maskedNumber: '•••• 3000', isDefault: true, label: 'Salary' });
    const list = (await as(member, 'GET', '/me/bank-accounts')).json() as { items: { isDefault: boolean }[]; max: number };
    expect(list.items.filter((account) => account.isDefault)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain('0532013000');
  });

  it('takes a country only by its ISO code, and an IBAN only in its own country (a 400 on `country`, nothing added)', async () => {
    const before = ((await as(member, 'GET', '/me/bank-accounts')).json() as { items: unknown[] }).items.length;
    const attempt = (country: string, number = IBAN) =>
      as(member, 'POST', '/me/bank-accounts', { holderName: 'Ana', bankName: 'Bank', country, number });
    // A name typed where the code goes is refused, never cut to "GE" (Georgia) or guessed.
    for (const country of ['Germany', 'Ge', 'XX', 'D', '']) {
      const refused = await attempt(country);
      expect(refused.statusCode, country).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(refused.json()).error.fields ?? {}), country).toEqual(['country']);
    }
    // Georgia is a country, but a German IBAN is not Georgian; nor is it American (no IBANs there).
    for (const country of ['GE', 'US', 'fr']) {
      const refused = await attempt(country);
      expect(refused.statusCode, country).toBe(400);
      expect(apiErrorSchema.parse(refused.json()).error.fields, country).toEqual({
        country: 'This IBAN is from DE: choose that country, or check the number.',
      });
    }
    // In Spanish too, with the country code in its place.
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/bank-accounts',
      headers: { cookie: member.cookie, 'accept-language': 'es' },
      payload: { holderName: 'Ana', bankName: 'Bank', country: 'GE', number: IBAN },
    });
    expect(apiErrorSchema.parse(spanish.json()).error.fields?.country).toBe('Este IBAN es de DE: elige ese país o revisa el número.');
    expect(((await as(member, 'GET', '/me/bank-accounts')).json() as { items: unknown[] }).items).toHaveLength(before);
  });

  it('holds, cancels, pays and rejects, each once, with the step-up and the cool-down in the way', async () => {
    await fund(w, member.userId, 50_000);
    const account = (
      await as(member, 'POST', '/me/bank-accounts', { holderName: 'Ana', bankName: 'N26', country: 'DE', number: IBAN })
    ).json() as {
      id: string;
    };
    const request = (amount: number, key = randomUUID()) => as(member, 'POST', '/withdrawals', { bankAccountId: account.id, amount }, key);

    // No step-up yet: refused, nothing held.
    const noStepUp = await request(10_000);
    expect([noStepUp.statusCode, errorCode(noStepUp)]).toEqual([403, 'STEP_UP_REQUIRED']);
    const wrong = await as(member, 'POST', '/me/step-up', { password: 'not-the-password' });
    expect([wrong.statusCode, errorCode(wrong)]).toEqual([403, 'STEP_UP_FAILED']);
    expect((await as(member, 'POST', '/me/step-up', { password: TEST_PASSWORD })).statusCode).toBe(200);

    // The new account is cooling down.
    const cooling = await request(10_000);
    expect([cooling.statusCode, errorCode(cooling)]).toEqual([409, 'BANK_ACCOUNT_COOLING_DOWN']);
    expect(await balances(member)).toMatchObject({ available: 50_000, onHold: 0 });
    t.clock.advance(25 * HOUR);
    // The step-up of five minutes is long gone by now.
    expect(errorCode(await request(10_000))).toBe('STEP_UP_REQUIRED');
    await as(member, 'POST', '/me/step-up', { password: TEST_PASSWORD });

    const quote = (await as(member, 'GET', '/withdrawals/quote?amount=10000')).json();
    expect(quote).toMatchObject({ amount: 10_000, fee: 200, net: 9_800, blocked: null });
    expect(errorCode(await request(500))).toBe('WITHDRAWAL_AMOUNT_OUT_OF_RANGE');

    const key = randomUUID();
    const first = await request(10_000, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ amount: 10_000, fee: 200, net: 9_800, status: 'pending', account: { maskedNumber: '•••• 3000' } });
    const again = await request(10_000, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(errorCode(await request(20_000, key))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balances(member)).toMatchObject({ available: 40_000, onHold: 10_000 });

    const cancelled = await as(member, 'POST', `/withdrawals/${first.json().id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await balances(member)).toMatchObject({ available: 50_000, onHold: 0 });
    expect(errorCode(await asOperator(w, 'POST', `/withdrawals/${first.json().id}/pay`, { payoutReference: 'PAY-1' }))).toBe(
      'WITHDRAWAL_NOT_PENDING',
    );

    const second = (await request(20_000)).json() as { id: string };
    const queue = (await asOperator(w, 'GET', '/withdrawals')).json() as { items: { id: string }[]; total: number };
    expect(queue.items.map((item) => item.id)).toContain(second.id);
    const details = await asOperator(w, 'POST', `/withdrawals/${second.id}/account`);
    expect(details.json()).toMatchObject({ number: IBAN, net: 19_700 });
    const paid = await asOperator(w, 'POST', `/withdrawals/${second.id}/pay`, { payoutReference: 'BANK-REF-42' });
    expect(paid.json()).toMatchObject({ status: 'paid', payoutReference: 'BANK-REF-42' });
    // A double click: the same outcome comes back, nothing moves again.
    expect((await asOperator(w, 'POST', `/withdrawals/${second.id}/pay`, { payoutReference: 'BANK-REF-42' })).statusCode).toBe(200);
    expect(await balances(member)).toMatchObject({ available: 30_000, onHold: 0 });
    const history = (await as(member, 'GET', '/withdrawals')).json() as {
      items: { id: string; status: string; payoutReference: string | null }[];
    };
    // (Both were made at the same instant of the test clock, so the order between them is the id's.)
    expect(history.items.find((item) => item.id === second.id)).toMatchObject({ status: 'paid', payoutReference: 'BANK-REF-42' });

    const third = (await request(5_000)).json() as { id: string };
    const rejected = await asOperator(w, 'POST', `/withdrawals/${third.id}/reject`, { reason: 'The account holder does not match.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'The account holder does not match.' });
    expect(await balances(member)).toMatchObject({ available: 30_000, onHold: 0 });
    const audits = await scalar(
      t.database.handle.db,
      sql`select count(*)::int as n from audit_log where action in ('withdrawal.pay', 'withdrawal.reject', 'withdrawal.reveal_account')`,
    );
    expect(audits).toBe(3);
    await ledgerOk();
  });

  it("exports the pending payouts for the bank (they become processing) and applies the bank's result file once, however often it is imported", async () => {
    await as(member, 'POST', '/me/step-up', { password: TEST_PASSWORD });
    const accounts = (await as(member, 'GET', '/me/bank-accounts')).json() as { items: { id: string; maskedNumber: string }[] };
    const account = accounts.items.find((item) => item.maskedNumber === '•••• 3000')!;
    const made: string[] = [];
    for (const amount of [2_000, 3_000]) {
      const response = await as(member, 'POST', '/withdrawals', { bankAccountId: account.id, amount }, randomUUID());
      expect(response.statusCode, response.body).toBe(201);
      made.push((response.json() as { id: string }).id);
    }
    const payoutFile = await asOperator(w, 'POST', '/withdrawals/export');
    expect(payoutFile.statusCode, payoutFile.body).toBe(201);
    const exported = await asOperator(w, 'GET', `/payout-files/${(payoutFile.json() as { id: string }).id}/csv`);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body.split('\r\n')[0]).toBe(
      'withdrawal_id,member,holder_name,bank_name,country,account_number,amount_to_pay,currency,requested_at',
    );
    for (const id of made) expect(exported.body).toContain(`${id},`);
    expect(exported.body).toContain(IBAN);
    expect(exported.body).toContain(',18.80,USD,');

    const file = `withdrawal_id,outcome,reference\r\n${made[0]},paid,BANKFILE-1\r\n${made[1]},rejected,"Account closed, ask the member"\r\n${randomUUID()},paid,X\r\n`;
    const preview = (await asOperator(w, 'POST', '/withdrawals/import', { csv: file, apply: false })).json();
    expect(preview.rows.map((row: { result: string }) => row.result)).toEqual(['will_pay', 'will_reject', 'error']);
    expect(await balances(member)).toMatchObject({ onHold: 5_000 });
    const applied = (await asOperator(w, 'POST', '/withdrawals/import', { csv: file, apply: true })).json();
    expect(applied.rows.map((row: { result: string }) => row.result)).toEqual(['paid', 'rejected', 'error']);
    expect(applied.counts).toEqual({ toChange: 2, unchanged: 0, errors: 1 });
    const again = (await asOperator(w, 'POST', '/withdrawals/import', { csv: file, apply: true })).json();
    expect(again.rows.map((row: { result: string }) => row.result)).toEqual(['unchanged', 'unchanged', 'error']);
    expect(await balances(member)).toMatchObject({ onHold: 0 });
    const history = (await as(member, 'GET', '/withdrawals')).json() as {
      items: { id: string; status: string; payoutReference: string | null }[];
    };
    expect(history.items.find((item) => item.id === made[0])).toMatchObject({ status: 'paid', payoutReference: 'BANKFILE-1' });
    expect(history.items.find((item) => item.id === made[1])).toMatchObject({ status: 'rejected' });

    for (const [csv, message] of [
      ['id,what\n1,2\n', /first line/],
      ['withdrawal_id,outcome,reference\n"unclosed,paid,x\n', /not a CSV/],
      ['withdrawal_id,outcome,reference\n', /no rows/],
    ] as const) {
      const refused = await asOperator(w, 'POST', '/withdrawals/import', { csv, apply: true });
      expect(refused.statusCode).toBe(400);
      expect(apiErrorSchema.parse(refused.json()).error.fields?.csv).toMatch(message);
    }
    await ledgerOk();
  });

  it('says how many business days a payout takes from the operator’s setting, the quote included', async () => {
    const settings = (await asOperator(w, 'GET', '/withdrawal-settings')).json() as Record<string, unknown>;
    expect(settings.payoutBusinessDays).toBe(2);
    const quoted = async () =>
      ((await as(member, 'GET', '/withdrawals/quote?amount=5000')).json() as { payoutBusinessDays: number }).payoutBusinessDays;
    expect(await quoted()).toBe(2);
    const saved = await asOperator(w, 'PUT', '/withdrawal-settings', { ...settings, payoutBusinessDays: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await quoted()).toBe(3);
    // A save that leaves the figure out (an older console) keeps it.
    const { payoutBusinessDays: _left, ...without } = { ...settings, payoutBusinessDays: 3 };
    expect((await asOperator(w, 'PUT', '/withdrawal-settings', without)).json()).toMatchObject({ payoutBusinessDays: 3 });
    for (const days of [0, 31, 1.5]) {
      const refused = await asOperator(w, 'PUT', '/withdrawal-settings', { ...settings, payoutBusinessDays: days });
      expect(refused.statusCode, String(days)).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(refused.json()).error.fields ?? {})).toEqual(['payoutBusinessDays']);
    }
    expect(await quoted()).toBe(3);
    await asOperator(w, 'PUT', '/withdrawal-settings', settings);
    expect(await quoted()).toBe(2);
  });

  it('counts wrong step-up passwords toward the sign-in lockout, and refuses withdrawals while they are switched off', async () => {
    const locked = await registerMember(t);
    for (let i = 0; i < 5; i++) {
      const wrong = await as(locked, 'POST', '/me/step-up', { password: `wrong-${i}-password` });
      expect(errorCode(wrong)).toBe('STEP_UP_FAILED');
    }
    // The sixth try is refused before the password is even looked at, the right one too; and signing in is locked as well.
    const sixth = await as(locked, 'POST', '/me/step-up', { password: TEST_PASSWORD });
    expect(sixth.statusCode).toBe(429);
    const email = (
      (await t.database.handle.db.execute(sql`select email from users where id = ${locked.userId}`)) as unknown as {
        rows: { email: string }[];
      }
    ).rows[0]!.email;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { account: email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);

    const settings = (await asOperator(w, 'GET', '/withdrawal-settings')).json() as Record<string, unknown>;
    expect((await asOperator(w, 'PUT', '/withdrawal-settings', { ...settings, enabled: false })).statusCode).toBe(200);
    try {
      await as(member, 'POST', '/me/step-up', { password: TEST_PASSWORD });
      const account = ((await as(member, 'GET', '/me/bank-accounts')).json() as { items: { id: string }[] }).items[0]!;
      const before = await balances(member);
      const paused = await as(member, 'POST', '/withdrawals', { bankAccountId: account.id, amount: 2_000 }, randomUUID());
      expect([paused.statusCode, errorCode(paused)]).toEqual([409, 'WITHDRAWALS_DISABLED']);
      expect((await as(member, 'GET', '/withdrawals/quote?amount=2000')).json()).toMatchObject({ enabled: false, blocked: 'disabled' });
      expect(await balances(member)).toEqual(before);
    } finally {
      await asOperator(w, 'PUT', '/withdrawal-settings', { ...settings, enabled: true });
    }
  });

  it("finds nothing of another member's: accounts and withdrawals are 404 and stay as they were", async () => {
    const other = await registerMember(t);
    const account = (await as(member, 'GET', '/me/bank-accounts')).json() as { items: { id: string }[] };
    const id = account.items[0]!.id;
    expect((await as(other, 'PATCH', `/me/bank-accounts/${id}`, { label: 'Mine now' })).statusCode).toBe(404);
    expect((await as(other, 'DELETE', `/me/bank-accounts/${id}`)).statusCode).toBe(404);
    await as(other, 'POST', '/me/step-up', { password: TEST_PASSWORD });
    const stolen = await as(other, 'POST', '/withdrawals', { bankAccountId: id, amount: 5_000 }, randomUUID());
    expect(stolen.statusCode).toBe(404);
    expect((await as(member, 'GET', '/me/bank-accounts')).json().items[0].label).not.toBe('Mine now');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('withdrawals under concurrency on two instances', () => {
  let t: TestApp;
  let w: PlansWorld;
  let second: SecondInstance;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    w = await plansWorld(t);
    second = await secondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** A member with money, an account past its cool-down and a live step-up. */
  async function readyMember(amount: number) {
    const member = await quickMember(t);
    await fund(w, member.userId, amount);
    const db = t.database.handle.db;
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/bank-accounts',
      headers: { cookie: member.cookie },
      payload: { holderName: 'Race', bankName: 'Bank', country: 'DE', number: IBAN },
    });
    const accountId = (account.json() as { id: string }).id;
    await db.execute(sql`update bank_accounts set usable_from = ${new Date(t.clock.now().getTime() - HOUR)} where id = ${accountId}`);
    await db.execute(sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + HOUR)} where user_id = ${member.userId}`);
    return { ...member, accountId };
  }
  const on = (i: number) => (i % 2 === 0 ? t.app : second.app);
  const withdraw = (i: number, member: { cookie: string; accountId: string }, amount: number) =>
    on(i).inject({
      method: 'POST',
      url: '/api/v1/withdrawals',
      headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
      payload: { bankAccountId: member.accountId, amount },
    });
  const expectLedgerIntact = async () => expect((await buildIntegrityReport(t.database.handle.db, t.clock.now())).ok).toBe(true);

  it('100 withdrawals of the whole balance at once: exactly one is held', async () => {
    const member = await readyMember(30_000);
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => withdraw(i, member, 30_000)));
    expect(statusCounts(responses)).toEqual({ 201: 1, 409: 99 });
    const held = await rows<{ available: number; on_hold: number }>(
      t.database.handle.db,
      sql`select max(balance) filter (where type = 'member_available') as available, max(balance) filter (where type = 'member_on_hold') as on_hold
          from ledger_accounts where owner_id = ${member.userId}`,
    );
    expect(held[0]).toEqual({ available: 0, on_hold: 30_000 });
    await expectLedgerIntact();
  });

  it('pay, reject and cancel of one withdrawal at once: exactly one outcome, the hold settled once', async () => {
    for (let round = 0; round < 5; round++) {
      const member = await readyMember(20_000);
      const id = ((await withdraw(0, member, 10_000)).json() as { id: string }).id;
      const responses = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) =>
          on(i).inject({
            method: 'POST',
            url: `/api/v1/admin/withdrawals/${id}/pay`,
            headers: { cookie: w.operator.cookie },
            payload: { payoutReference: `P-${i}` },
          }),
        ),
        ...Array.from({ length: 4 }, (_, i) =>
          on(i + 1).inject({
            method: 'POST',
            url: `/api/v1/admin/withdrawals/${id}/reject`,
            headers: { cookie: w.operator.cookie },
            payload: { reason: 'Not this one.' },
          }),
        ),
        ...Array.from({ length: 4 }, (_, i) =>
          on(i).inject({ method: 'POST', url: `/api/v1/withdrawals/${id}/cancel`, headers: { cookie: member.cookie } }),
        ),
      ]);
      expect(responses.filter((response) => response.statusCode >= 500)).toEqual([]);
      // The winner, and any repeat of the same outcome, answer 200 with that outcome; the others 409.
      const outcomes = new Set(responses.filter((response) => response.statusCode === 200).map((response) => response.json().status));
      expect(outcomes.size).toBe(1);
      expect(responses.every((response) => response.statusCode === 200 || errorCode(response) === 'WITHDRAWAL_NOT_PENDING')).toBe(true);
      const settled = await rows<{ n: number }>(
        t.database.handle.db,
        sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${`withdrawal-settle:${id}`}`,
      );
      expect(settled).toEqual([{ n: 1 }]);
    }
    await expectLedgerIntact();
  });

  it('the same result file imported at once on both instances settles each withdrawal once', async () => {
    const member = await readyMember(50_000);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(((await withdraw(0, member, 5_000)).json() as { id: string }).id);
    const csv = `withdrawal_id,outcome,reference\n${ids.map((id, i) => `${id},${i % 2 ? 'rejected,Closed account' : `paid,BATCH-${i}`}`).join('\n')}\n`;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        on(i).inject({
          method: 'POST',
          url: '/api/v1/admin/withdrawals/import',
          headers: { cookie: w.operator.cookie },
          payload: { csv, apply: true },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    for (const id of ids) {
      const settled = await rows<{ n: number }>(
        t.database.handle.db,
        sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${`withdrawal-settle:${id}`}`,
      );
      expect(settled).toEqual([{ n: 1 }]);
    }
    const changed = responses.reduce((sum, response) => sum + (response.json() as { counts: { toChange: number } }).counts.toChange, 0);
    expect(changed).toBe(4);
    await expectLedgerIntact();
  });

  it('the daily maximum holds when many requests arrive at once', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/withdrawal-settings',
      headers: { cookie: w.operator.cookie },
      payload: { enabled: true, minAmount: 1_000, maxAmount: 10_000, dailyMax: 25_000, feeFixed: 100, feeBp: 100, cooldownHours: 24 },
    });
    const member = await readyMember(100_000);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(i, member, 10_000)));
    expect(statusCounts(responses)).toEqual({ 201: 2, 409: 18 });
    expect(new Set(responses.filter((r) => r.statusCode === 409).map(errorCode))).toEqual(new Set(['WITHDRAWAL_DAILY_LIMIT']));
    await expectLedgerIntact();
  });
});
