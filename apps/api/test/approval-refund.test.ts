import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRequestSchema } from '@orchard/shared';
import { rowsOf } from '../src/db/rows';
import { releaseDueCommissions } from '../src/modules/plans/commissions';
import { createTestApp, type TestApp } from './app';
import { signInOperator } from './auth';
import { codeOf } from './approval-helpers';
import { DATABASE_KINDS } from './database';
import { asOperator, buy, chain, commissions, createPlan, fund, plansWorld, type PlansWorld } from './plans/helpers';

/**
 * Two-person approval of a refund override (modules/approvals/README.md): an override whose
 * claw-back would leave the upline a debt over the threshold waits for another console person whose
 * role may refund; the request's amount is that debt. Approving refunds once, whoever and however
 * often; rejecting and expiry refund nothing.
 */
type Who = { userId: string; cookie: string };
const THRESHOLD = 1_000;
const COMMISSION = 2_000;

describe.each(DATABASE_KINDS)('two-person approval of a refund override on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let bob: Who;
  let fiona: Who;
  let planId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    bob = await signInOperator(t, { displayName: 'Bob Operator' });
    fiona = await signInOperator(t, { role: 'finance', displayName: 'Fiona Finance' });
    const settings = await asOperator(w, 'PUT', '/referral-settings', {
      level1Bp: 1000,
      level2Bp: 0,
      level3Bp: 0,
      capBp: 3000,
      requireActivePlan: false,
      holdDays: 0,
      refundWindowDays: 1,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    planId = (await createPlan(w, { price: 20_000 })).id;
  });
  afterAll(async () => t?.close());

  const setThreshold = async (threshold: number | null) =>
    expect((await asOperator(w, 'PUT', '/approval-settings', { threshold, expiresAfterHours: 24 })).statusCode).toBe(200);
  const decide = (who: Who, id: string, how: 'approve' | 'reject') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/approvals/${id}/${how}`,
      headers: { cookie: who.cookie },
      ...(how === 'reject' ? { payload: { reason: 'Not agreed with the upline' } } : {}),
    });
  const refund = (purchaseId: string, key = randomUUID()) =>
    asOperator(w, 'POST', `/purchases/${purchaseId}/refund`, { reason: 'customer asked', override: true }, key);
  const refundsOf = (purchaseId: string) =>
    rowsOf<{ refs: Record<string, string> }>(
      t.database.handle.db,
      sql`select refs from ledger_transactions where kind = 'refund' and refs ->> 'purchaseId' = ${purchaseId}`,
    );

  /** A bought B's plan; A's released commission was spent down to `left`: refunding would leave A a debt of COMMISSION - left. */
  async function released(left: number) {
    await setThreshold(null);
    const [a, b] = await chain(w, 2);
    await fund(w, b!.userId, 20_000);
    const bought = await buy(w, b!, planId);
    expect(bought.statusCode, bought.body).toBe(201);
    await releaseDueCommissions({ db: t.database.handle.db, clock: t.clock, config: t.config });
    const spend = COMMISSION - left;
    if (spend > 0)
      await asOperator(
        w,
        'POST',
        `/members/${a!.userId}/adjustments`,
        { direction: 'debit', amount: spend, reason: 'spent' },
        randomUUID(),
      );
    await setThreshold(THRESHOLD);
    return { upline: a!, buyer: b!, purchaseId: (bought.json() as { id: string }).id };
  }

  async function requested() {
    const world = await released(0);
    const response = await refund(world.purchaseId);
    expect(response.statusCode, response.body).toBe(202);
    return { ...world, approval: approvalRequestSchema.parse(response.json().approval) };
  }

  it('a debt at or under the threshold: the override refunds at once', async () => {
    const { upline, purchaseId } = await released(COMMISSION - THRESHOLD);
    const response = await refund(purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('refunded');
    expect((await commissions(w, upline)).debt).toBe(THRESHOLD);
  });

  it('over the threshold: 202 with the debt as the amount, and nothing moves', async () => {
    const { upline, buyer, purchaseId, approval } = await requested();
    expect(approval).toMatchObject({ kind: 'refund_override', amount: COMMISSION, state: 'requested', subject: { id: buyer.userId } });
    expect(approval.refundOverride).toMatchObject({ purchaseId, reason: 'customer asked', planName: 'Gold membership' });
    expect(await refundsOf(purchaseId)).toHaveLength(0);
    expect((await commissions(w, upline)).debt).toBe(0);
    const purchases = await asOperator(w, 'GET', `/purchases?member=${buyer.userId}`);
    expect(JSON.stringify(purchases.json())).not.toContain('"refunded"');
  });

  it('approved by another operator: refunded once with both names; a retry and a second approver change nothing', async () => {
    const { upline, purchaseId, approval } = await requested();
    expect(codeOf(await decide(w.operator, approval.id, 'approve'))).toBe('APPROVAL_OWN_REQUEST');
    const approved = await decide(bob, approval.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval.state).toBe('applied');
    expect((await decide(bob, approval.id, 'approve')).headers['idempotent-replayed']).toBe('true');
    const [posted, ...more] = await refundsOf(purchaseId);
    expect(more).toHaveLength(0);
    expect(posted!.refs).toMatchObject({ approvedBy: bob.userId, approvalId: approval.id });
    expect(approved.json().approval.transactionId).not.toBeNull();
    expect((await commissions(w, upline)).debt).toBe(COMMISSION);
    const [audit] = await rowsOf<{ actor_id: string; detail: Record<string, string> }>(
      t.database.handle.db,
      sql`select actor_id, detail from audit_log where action = 'purchase.refund' and subject_id = ${purchaseId}`,
    );
    expect(audit).toMatchObject({ actor_id: w.operator.userId, detail: { approvedBy: bob.userId } });
  });

  it('two approvers at once: one refund', async () => {
    const { upline, purchaseId, approval } = await requested();
    const carol = await signInOperator(t, { displayName: 'Carol Operator' });
    const responses = await Promise.all([bob, carol, bob, carol].map((who) => decide(who, approval.id, 'approve')));
    expect(responses.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) expect(codeOf(r)).toBe('APPROVAL_DECIDED');
    expect(await refundsOf(purchaseId)).toHaveLength(1);
    expect((await commissions(w, upline)).debt).toBe(COMMISSION);
  });

  it('a role that may not refund may not approve it (finance, support); rejecting refunds nothing', async () => {
    const sam = await signInOperator(t, { role: 'support', displayName: 'Sam Support' });
    const first = await requested();
    expect((await decide(fiona, first.approval.id, 'approve')).statusCode).toBe(403);
    expect((await decide(sam, first.approval.id, 'approve')).statusCode).toBe(403);
    expect((await decide(bob, first.approval.id, 'reject')).json().approval.state).toBe('rejected');
    expect(await refundsOf(first.purchaseId)).toHaveLength(0);
  });

  it('the purchase refunded meanwhile: the approval fails with the reason and moves nothing more', async () => {
    const { purchaseId, approval } = await requested();
    await setThreshold(null);
    expect((await refund(purchaseId)).statusCode).toBe(200);
    const failed = await decide(bob, approval.id, 'approve');
    expect(failed.json().approval).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^REFUND_NOT_ALLOWED: /) });
    expect(await refundsOf(purchaseId)).toHaveLength(1);
  });

  // Last: the clock runs past the expiry (and the operators' step-up).
  it('a request past its expiry can no longer be approved, and refunds nothing', async () => {
    const { upline, purchaseId, approval } = await requested();
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect(codeOf(await decide(bob, approval.id, 'approve'))).toBe('APPROVAL_EXPIRED');
    expect(await refundsOf(purchaseId)).toHaveLength(0);
    expect((await commissions(w, upline)).debt).toBe(0);
  });
});
