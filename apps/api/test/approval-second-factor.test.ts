import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRequestSchema } from '@orchard/shared';
import { rowsOf } from '../src/db/rows';
import { createTestApp, type TestApp } from './app';
import { signInOperator } from './auth';
import { approvalCalls, codeOf, type Who } from './approval-helpers';
import { DATABASE_KINDS } from './database';

/**
 * Two-person approval of a second-factor reset (docs/decisions/0039): while a threshold is set,
 * resetting another console account's second factor waits for another operator; approving resets
 * it once (the factor gone, the account's sessions ended), with both names on the audit row;
 * rejecting and expiry leave the factor. Nobody approves the reset of their own factor.
 */
describe.each(DATABASE_KINDS)('two-person approval of a second-factor reset on %s', (kind) => {
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  let carol: Who;
  let fiona: Who;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signInOperator(t, { displayName: 'Alice Operator' });
    bob = await signInOperator(t, { displayName: 'Bob Operator' });
    carol = await signInOperator(t, { displayName: 'Carol Operator' });
    fiona = await signInOperator(t, { role: 'finance', displayName: 'Fiona Finance' });
  });
  afterAll(async () => t?.close());

  const { call, threshold, decide } = approvalCalls(
    () => t,
    () => alice,
    'Call them first',
  );
  const reset = (who: Who, target: Who) => call(who, 'POST', `/members/${target.userId}/second-factor/reset`, { reason: 'Lost phone' });
  const hasFactor = async (who: Who) =>
    (await rowsOf<{ n: number }>(t.database.handle.db, sql`select count(*)::int as n from console_totp where user_id = ${who.userId}`))[0]!
      .n === 1;
  const signedIn = async (who: Who) => (await call(who, 'GET', '/approvals/waiting')).statusCode !== 401;

  async function requested(target: Who) {
    const response = await reset(alice, target);
    expect(response.statusCode, response.body).toBe(202);
    return approvalRequestSchema.parse(response.json().approval);
  }

  it('off (no threshold): the reset is done at once', async () => {
    await threshold(null);
    const target = await signInOperator(t, { role: 'support' });
    expect((await reset(alice, target)).statusCode).toBe(200);
    expect(await hasFactor(target)).toBe(false);
    expect(await signedIn(target)).toBe(false);
  });

  it('on: every reset waits; nothing is reset; the same reset again is the same request', async () => {
    await threshold(1_000_000);
    const target = await signInOperator(t, { role: 'support', displayName: 'Sam Support' });
    const approval = await requested(target);
    expect(approval).toMatchObject({ kind: 'second_factor_reset', amount: 0, subject: { id: target.userId, name: 'Sam Support' } });
    expect(approval.secondFactorReset).toEqual({ reason: 'Lost phone' });
    expect(await hasFactor(target)).toBe(true);
    expect(await signedIn(target)).toBe(true);
    expect((await reset(alice, target)).json().approval.id).toBe(approval.id);
    expect((await decide(bob, approval.id, 'reject')).json().approval.state).toBe('rejected');
    expect(await hasFactor(target)).toBe(true);
  });

  it('approved by another operator: reset once, sessions ended, both names audited; two approvers at once, one reset', async () => {
    await threshold(1_000_000);
    const target = await signInOperator(t, { role: 'finance' });
    const approval = await requested(target);
    expect(codeOf(await decide(alice, approval.id, 'approve'))).toBe('APPROVAL_OWN_REQUEST');
    const responses = await Promise.all([bob, carol, bob, carol].map((who) => decide(who, approval.id, 'approve')));
    expect(responses.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) expect(codeOf(r)).toBe('APPROVAL_DECIDED');
    expect(await hasFactor(target)).toBe(false);
    expect(await signedIn(target)).toBe(false);
    const audit = await rowsOf<{ actor_id: string; detail: { approvedBy?: string } }>(
      t.database.handle.db,
      sql`select actor_id, detail from audit_log where action = 'second_factor.reset' and subject_id = ${target.userId}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(alice.userId);
    expect([bob.userId, carol.userId]).toContain(audit[0]!.detail.approvedBy);
  });

  it('who may approve: not finance (no `roles`), not the account whose factor it is', async () => {
    await threshold(1_000_000);
    const approval = await requested(carol);
    expect((await decide(fiona, approval.id, 'approve')).statusCode).toBe(403);
    const own = await decide(carol, approval.id, 'approve');
    expect(own.statusCode).toBe(409);
    expect(await hasFactor(carol)).toBe(true);
    expect((await decide(bob, approval.id, 'reject')).statusCode).toBe(200);
  });

  // Last: the clock runs past the expiry.
  it('a reset past its expiry can no longer be approved, and resets nothing', async () => {
    await threshold(1_000_000);
    const target = await signInOperator(t, { role: 'support' });
    const approval = await requested(target);
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect(codeOf(await decide(bob, approval.id, 'approve'))).toBe('APPROVAL_EXPIRED');
    expect(await hasFactor(target)).toBe(true);
  });
});
