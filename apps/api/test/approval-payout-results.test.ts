import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRequestSchema } from '@orchard/shared';
import { rowsOf } from '../src/db/rows';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator, TEST_PASSWORD, type RegisteredMember } from './auth';
import { codeOf } from './approval-helpers';
import { DATABASE_KINDS } from './database';
import { fund, plansWorld, type PlansWorld } from './plans/helpers';

/**
 * Two-person approval of a bank result file (modules/approvals/README.md): applying a file whose
 * withdrawals to settle add up to more than the threshold settles nothing and waits for another
 * console person who may settle withdrawals; the request's amount is that total. Approving settles
 * each withdrawal once, whoever and however often; rejecting and expiry settle nothing.
 */
type Who = { userId: string; cookie: string };
const HOUR = 3_600_000;
const THRESHOLD = 5_000;

describe.each(DATABASE_KINDS)('two-person approval of a bank result file on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let member: RegisteredMember;
  let bankAccountId: string;
  let alice: Who;
  let bob: Who;
  let carol: Who;
  let fiona: Who;
  let sam: Who;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    member = await registerMember(t);
    await fund(w, member.userId, 200_000);
    const account = await as(member, 'POST', '/me/bank-accounts', {
      holderName: 'Ana',
      bankName: 'N26',
      country: 'DE',
      number: 'DE89370400440532013000',
    });
    expect(account.statusCode, account.body).toBe(201);
    bankAccountId = (account.json() as { id: string }).id;
    // Past the new account's cool-down; the console people sign in after it (their step-up is fresh).
    t.clock.advance(25 * HOUR);
    alice = await signInOperator(t, { displayName: 'Alice Operator' });
    bob = await signInOperator(t, { displayName: 'Bob Operator' });
    carol = await signInOperator(t, { displayName: 'Carol Operator' });
    fiona = await signInOperator(t, { role: 'finance', displayName: 'Fiona Finance' });
    sam = await signInOperator(t, { role: 'support', displayName: 'Sam Support' });
    expect((await as(alice, 'PUT', '/admin/approval-settings', { threshold: THRESHOLD, expiresAfterHours: 24 })).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  function as(who: { cookie: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  }
  const decide = (who: Who, id: string, how: 'approve' | 'reject') =>
    as(who, 'POST', `/admin/approvals/${id}/${how}`, how === 'reject' ? { reason: 'Not what the bank sent' } : undefined);
  const statusOf = async (ids: string[]) =>
    (
      await rowsOf<{ id: string; status: string }>(
        t.database.handle.db,
        sql`select id, status from withdrawals where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) order by amount`,
      )
    ).map((row) => row.status);
  const settlements = async (ids: string[]) =>
    (
      await rowsOf<{ n: number }>(
        t.database.handle.db,
        sql`select count(*)::int as n from ledger_transactions where idempotency_key in (${sql.join(
          ids.map((id) => sql`${`withdrawal-settle:${id}`}`),
          sql`, `,
        )})`,
      )
    )[0]!.n;

  /** Withdrawals of these amounts, and the bank's file that pays the first and rejects the rest. */
  async function withdrawals(amounts: number[]) {
    expect((await as(member, 'POST', '/me/step-up', { password: TEST_PASSWORD })).statusCode).toBe(200);
    const ids: string[] = [];
    for (const amount of amounts) {
      const response = await as(member, 'POST', '/withdrawals', { bankAccountId, amount }, randomUUID());
      expect(response.statusCode, response.body).toBe(201);
      ids.push((response.json() as { id: string }).id);
    }
    const lines = ids.map((id, i) => (i === 0 ? `${id},paid,BANK-${id.slice(0, 8)}` : `${id},rejected,Account closed`));
    return { ids, csv: `withdrawal_id,outcome,reference\n${lines.join('\n')}\n` };
  }
  /** The member cancels what a test left pending (a member may have five open at most). */
  async function cancel(ids: string[]) {
    for (const id of ids) expect((await as(member, 'POST', `/withdrawals/${id}/cancel`)).statusCode).toBe(200);
  }
  async function requested(who: Who = alice) {
    const file = await withdrawals([3_000, 4_000]);
    const response = await as(who, 'POST', '/admin/withdrawals/import', { csv: file.csv, apply: true });
    expect(response.statusCode, response.body).toBe(202);
    return { ...file, approval: approvalRequestSchema.parse(response.json().approval) };
  }

  it('a file whose total is at or under the threshold is applied at once; a preview is never held', async () => {
    const { ids, csv } = await withdrawals([2_000, 3_000]);
    const preview = await as(alice, 'POST', '/admin/withdrawals/import', { csv, apply: false });
    expect(preview.statusCode).toBe(200);
    const applied = await as(alice, 'POST', '/admin/withdrawals/import', { csv, apply: true });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await statusOf(ids)).toEqual(['paid', 'rejected']);
  });

  it("over it: 202 with the file's total, nothing settled; the same file again is the same request", async () => {
    const { ids, csv, approval } = await requested();
    expect(approval).toMatchObject({ kind: 'payout_results', amount: 7_000, subject: null, payoutResults: { csv, rows: 2 } });
    expect(await statusOf(ids)).toEqual(['pending', 'pending']);
    const again = await as(alice, 'POST', '/admin/withdrawals/import', { csv, apply: true });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().approval.id).toBe(approval.id);
    // The request's audit row names the file by its digest: the file itself stays on the request.
    const [asked] = await rowsOf<{ detail: Record<string, unknown> }>(
      t.database.handle.db,
      sql`select detail from audit_log where action = 'approval.request.payout_results' and subject_id = ${approval.id}`,
    );
    expect(asked?.detail).toMatchObject({
      sha256: createHash('sha256').update(csv).digest('hex'),
      bytes: csv.length,
      rows: 2,
      amount: 7_000,
    });
    expect(asked?.detail).not.toHaveProperty('csv');
    await cancel(ids);
  });

  it('approved by another person: each withdrawal settled once, both names on the audit rows and the ledger transactions; a retry settles nothing', async () => {
    const { ids, approval } = await requested();
    expect(codeOf(await decide(alice, approval.id, 'approve'))).toBe('APPROVAL_OWN_REQUEST');
    const approved = await decide(bob, approval.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval.state).toBe('applied');
    expect((await decide(bob, approval.id, 'approve')).headers['idempotent-replayed']).toBe('true');
    expect(await statusOf(ids)).toEqual(['paid', 'rejected']);
    expect(await settlements(ids)).toBe(2);
    const audit = await rowsOf<{ actor_id: string; detail: Record<string, string> }>(
      t.database.handle.db,
      sql`select actor_id, detail from audit_log where action in ('withdrawal.pay', 'withdrawal.reject') and subject_id in (${ids[0]!}, ${ids[1]!})`,
    );
    expect(audit).toHaveLength(2);
    for (const row of audit)
      expect(row).toMatchObject({ actor_id: alice.userId, detail: { approvedBy: bob.userId, approvalId: approval.id } });
    const posted = await rowsOf<{ kind: string; refs: Record<string, string> }>(
      t.database.handle.db,
      sql`select t.kind, t.refs from withdrawals w join ledger_transactions t on t.id = w.settle_transaction_id where w.id in (${ids[0]!}, ${ids[1]!})`,
    );
    expect(posted.map((row) => row.kind).sort()).toEqual(['withdrawal_paid', 'withdrawal_release']);
    for (const row of posted) expect(row.refs).toMatchObject({ operatorId: alice.userId, approvedBy: bob.userId, approvalId: approval.id });
  });

  it('two approvers at once: one settlement each', async () => {
    const { ids, approval } = await requested();
    const responses = await Promise.all([bob, carol, fiona, bob].map((who) => decide(who, approval.id, 'approve')));
    expect(responses.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) expect(codeOf(r)).toBe('APPROVAL_DECIDED');
    expect(await statusOf(ids)).toEqual(['paid', 'rejected']);
    expect(await settlements(ids)).toBe(2);
  });

  it('finance may ask and approve; support may not approve; rejecting settles nothing', async () => {
    const { ids, approval } = await requested(fiona);
    expect((await decide(sam, approval.id, 'approve')).statusCode).toBe(403);
    expect(codeOf(await decide(fiona, approval.id, 'approve'))).toBe('APPROVAL_OWN_REQUEST');
    expect((await decide(bob, approval.id, 'reject')).json().approval.state).toBe('rejected');
    expect(await statusOf(ids)).toEqual(['pending', 'pending']);
    expect(await settlements(ids)).toBe(0);
    await cancel(ids);
  });

  // Last: the clock runs past the expiry.
  it('a request past its expiry can no longer be approved, and settles nothing', async () => {
    const { ids, approval } = await requested();
    t.clock.advance(24 * HOUR + 1_000);
    expect(codeOf(await decide(bob, approval.id, 'approve'))).toBe('APPROVAL_EXPIRED');
    expect(await statusOf(ids)).toEqual(['pending', 'pending']);
  });
});
