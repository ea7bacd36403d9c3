import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRequestSchema, ledgerReportSchema } from '@orchard/shared';
import { rowsOf } from '../src/db/rows';
import { codeOf } from './approval-helpers';
import { DATABASE_KINDS } from './database';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator } from './auth';

/**
 * Two-person approval (docs/decisions/0033, modules/approvals/README.md): an adjustment over the
 * threshold waits for another console person; approving runs it once, whoever and however often;
 * rejecting and expiry move nothing. Both names reach the ledger transaction and the audit rows.
 */
type Who = { userId: string; cookie: string };

describe.each(DATABASE_KINDS)('two-person approval on %s', (kind) => {
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  let fiona: Who;
  let sam: Who;
  const THRESHOLD = 100_000;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signInOperator(t, { displayName: 'Alice Operator' });
    bob = await signInOperator(t, { displayName: 'Bob Operator' });
    fiona = await signInOperator(t, { role: 'finance', displayName: 'Fiona Finance' });
    sam = await signInOperator(t, { role: 'support', displayName: 'Sam Support' });
    const set = await put(alice, '/api/v1/admin/approval-settings', { threshold: THRESHOLD, expiresAfterHours: 24 });
    expect(set.statusCode, set.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const headers = (who: Who, key?: string) => ({ cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) });
  const put = (who: Who, url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: headers(who), payload });
  const adjust = (who: Who, memberId: string, amount: number, key = randomUUID(), direction: 'credit' | 'debit' = 'credit') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${memberId}/adjustments`,
      headers: headers(who, key),
      payload: { direction, amount, reason: 'Goodwill after a support call' },
    });
  const decide = (who: Who, id: string, how: 'approve' | 'reject', reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/approvals/${id}/${how}`,
      headers: headers(who),
      ...(how === 'reject' ? { payload: { reason: reason ?? 'Not agreed with the member' } } : {}),
    });
  const balanceOf = async (member: { cookie: string }) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie: member.cookie } })).json().available as number;
  const adjustmentsOf = (userId: string) =>
    rowsOf<{ refs: Record<string, string>; idempotency_key: string }>(
      t.database.handle.db,
      sql`select refs, idempotency_key from ledger_transactions where kind in ('adjustment_credit', 'adjustment_debit') and refs ->> 'userId' = ${userId}`,
    );
  const requestFor = async (amount: number, who: Who = alice) => {
    const member = await registerMember(t);
    const response = await adjust(who, member.userId, amount);
    expect(response.statusCode, response.body).toBe(202);
    return { member, approval: approvalRequestSchema.parse(response.json().approval) };
  };

  it('below and at the threshold an adjustment is made at once; above it waits for a second person', async () => {
    const member = await registerMember(t);
    expect((await adjust(alice, member.userId, THRESHOLD - 1)).statusCode).toBe(201);
    expect((await adjust(alice, member.userId, THRESHOLD)).statusCode).toBe(201);
    const over = await adjust(alice, member.userId, THRESHOLD + 1);
    expect(over.statusCode, over.body).toBe(202);
    const approval = approvalRequestSchema.parse(over.json().approval);
    expect(approval).toMatchObject({ kind: 'adjustment', state: 'requested', amount: THRESHOLD + 1, canDecide: false });
    expect(approval.subject).toEqual({ id: member.userId, name: 'Test Member' });
    expect(approval.requestedBy.name).toBe('Alice Operator');
    expect(await balanceOf(member)).toBe(2 * THRESHOLD - 1);
    // The requester sees it waiting; Bob sees it in his count and may decide it.
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${approval.id}`, headers: headers(bob) });
    expect(seen.json()).toMatchObject({ state: 'requested', canDecide: true });
    const waiting = await t.app.inject({ method: 'GET', url: '/api/v1/admin/approvals/waiting', headers: headers(bob) });
    expect(waiting.json().count).toBeGreaterThanOrEqual(1);
  });

  it('the same request sent again is the same request; the key with other details is refused', async () => {
    const member = await registerMember(t);
    const key = randomUUID();
    const first = await adjust(alice, member.userId, 150_000, key);
    const again = await adjust(alice, member.userId, 150_000, key);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().approval.id).toBe(first.json().approval.id);
    const other = await adjust(alice, member.userId, 150_001, key);
    expect(other.statusCode).toBe(422);
    expect(codeOf(other)).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('approving runs the adjustment once, with both names on the ledger transaction and the audit rows; a retry changes nothing', async () => {
    const { member, approval } = await requestFor(150_000);
    expect(codeOf(await decide(alice, approval.id, 'approve'))).toBe('APPROVAL_OWN_REQUEST');
    const approved = await decide(bob, approval.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval).toMatchObject({ state: 'applied', decidedBy: { id: bob.userId, name: 'Bob Operator' } });
    const retry = await decide(bob, approval.id, 'approve');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(codeOf(await decide(fiona, approval.id, 'approve'))).toBe('APPROVAL_DECIDED');
    expect(await balanceOf(member)).toBe(150_000);
    const [posted, ...more] = await adjustmentsOf(member.userId);
    expect(more).toHaveLength(0);
    expect(posted!.refs).toMatchObject({ operatorId: alice.userId, approvedBy: bob.userId, approvalId: approval.id });
    expect(posted!.idempotency_key).toBe(`adjust:${alice.userId}:approval:${approval.id}`);
    const audit = await rowsOf<{ actor_id: string; action: string; detail: Record<string, string> }>(
      t.database.handle.db,
      sql`select actor_id, action, detail from audit_log where subject_id in (${member.userId}, ${approval.id}) and action ~ '^(approval|ledger)[.]' order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['approval.request.adjustment', 'ledger.adjust.credit', 'approval.approve']);
    expect(audit[1]).toMatchObject({ actor_id: alice.userId, detail: { approvedBy: bob.userId } });
    expect(audit[2]).toMatchObject({ actor_id: bob.userId, detail: { requestedBy: alice.userId } });
  });

  it('who may approve: another person whose role may do it; support may not even see the queue', async () => {
    const { approval } = await requestFor(120_000, fiona);
    expect(codeOf(await decide(fiona, approval.id, 'approve'))).toBe('APPROVAL_OWN_REQUEST');
    expect((await decide(sam, approval.id, 'approve')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/approvals', headers: headers(sam) })).statusCode).toBe(403);
    // Finance may request and approve adjustments, but not change the threshold.
    expect((await put(fiona, '/api/v1/admin/approval-settings', { threshold: null, expiresAfterHours: 24 })).statusCode).toBe(403);
    expect((await decide(alice, approval.id, 'approve')).json().approval.state).toBe('applied');
  });

  it('rejecting moves nothing and is final; the same rejection again changes nothing', async () => {
    const { member, approval } = await requestFor(130_000);
    const bad = await decide(bob, approval.id, 'reject', 'x');
    expect(bad.statusCode).toBe(400);
    const rejected = await decide(bob, approval.id, 'reject');
    expect(rejected.json().approval).toMatchObject({ state: 'rejected', reason: 'Not agreed with the member' });
    expect((await decide(bob, approval.id, 'reject')).headers['idempotent-replayed']).toBe('true');
    expect(codeOf(await decide(fiona, approval.id, 'approve'))).toBe('APPROVAL_DECIDED');
    expect(await balanceOf(member)).toBe(0);
  });

  it('a request past its expiry can no longer be approved, and moves nothing', async () => {
    const { member, approval } = await requestFor(140_000);
    t.clock.advance(24 * 3_600_000 + 1_000);
    const late = await decide(bob, approval.id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('APPROVAL_EXPIRED');
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${approval.id}`, headers: headers(bob) });
    expect(seen.json()).toMatchObject({ state: 'expired', canDecide: false });
    expect(await balanceOf(member)).toBe(0);
  });

  it('an approved debit the balance no longer covers fails, recorded with its reason, and moves nothing', async () => {
    const member = await registerMember(t);
    const response = await adjust(alice, member.userId, 200_000, randomUUID(), 'debit');
    const id = response.json().approval.id as string;
    const failed = await decide(bob, id, 'approve');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().approval.state).toBe('failed');
    expect(failed.json().approval.reason).toMatch(/^[A-Z_]+: /);
    expect(await adjustmentsOf(member.userId)).toHaveLength(0);
  });

  it('two approvers at once: one effect', async () => {
    const { member, approval } = await requestFor(160_000);
    const responses = await Promise.all([bob, fiona, bob, fiona].map((who) => decide(who, approval.id, 'approve')));
    const applied = responses.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed']);
    expect(applied).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) expect(codeOf(r)).toBe('APPROVAL_DECIDED');
    expect(await balanceOf(member)).toBe(160_000);
    expect(await adjustmentsOf(member.userId)).toHaveLength(1);
    const report = ledgerReportSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/report', headers: headers(alice) })).json(),
    );
    expect(report.ok).toBe(true);
  });

  it('"mine" lists one\'s own requests in every state, and nobody else\'s', async () => {
    const { approval } = await requestFor(125_000, fiona);
    await decide(bob, approval.id, 'reject');
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/admin/approvals?state=mine', headers: headers(fiona) });
    const items = mine.json().items as { id: string; state: string; requestedBy: { id: string } }[];
    expect(items.every((item) => item.requestedBy.id === fiona.userId)).toBe(true);
    expect(items.map((item) => item.state)).toEqual(expect.arrayContaining(['rejected', 'applied']));
    expect(items.some((item) => item.id === approval.id)).toBe(true);
  });

  it('the threshold change is audited with before and after; off means every adjustment is made at once', async () => {
    const off = await put(alice, '/api/v1/admin/approval-settings', { threshold: null, expiresAfterHours: 12 });
    expect(off.json()).toMatchObject({ threshold: null, expiresAfterHours: 12 });
    const member = await registerMember(t);
    expect((await adjust(alice, member.userId, 10_000_000)).statusCode).toBe(201);
    const [audit] = await rowsOf<{ detail: { before: { threshold: number }; after: { threshold: null } } }>(
      t.database.handle.db,
      sql`select detail from audit_log where action = 'approval.settings' order by id desc limit 1`,
    );
    expect(audit!.detail.before.threshold).toBe(THRESHOLD);
    expect(audit!.detail.after.threshold).toBeNull();
    await put(alice, '/api/v1/admin/approval-settings', { threshold: THRESHOLD, expiresAfterHours: 24 });
  });
});
