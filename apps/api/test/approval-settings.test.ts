import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRequestSchema } from '@orchard/shared';
import { rowsOf } from '../src/db/rows';
import { createTestApp, type TestApp } from './app';
import { signInOperator } from './auth';
import { approvalCalls, codeOf, type Who } from './approval-helpers';
import { DATABASE_KINDS } from './database';

/**
 * Two-person approval of the money settings (docs/decisions/0039): while a threshold is set, every
 * change of the withdrawal settings or the referral settings waits for another console person whose
 * role may change them; approving writes it once, only over the settings it was asked against;
 * rejecting and expiry change nothing. Off (no threshold), a change is made at once.
 */
const SECTIONS = [
  {
    kind: 'withdrawal_settings',
    url: '/withdrawal-settings',
    change: (value: number) => ({
      enabled: true,
      minAmount: value,
      maxAmount: 500_000,
      dailyMax: 1_000_000,
      feeFixed: 100,
      feeBp: 100,
      cooldownHours: 24,
    }),
    field: 'minAmount',
    // Finance may change the withdrawal settings (its `withdrawals` permission), so may approve them.
    financeMay: true,
  },
  {
    kind: 'referral_settings',
    url: '/referral-settings',
    change: (value: number) => ({
      level1Bp: value,
      level2Bp: 500,
      level3Bp: 200,
      capBp: 3000,
      requireActivePlan: true,
      holdDays: 7,
      refundWindowDays: 14,
    }),
    field: 'level1Bp',
    financeMay: false,
  },
] as const;

describe.each(DATABASE_KINDS)('two-person approval of the money settings on %s', (kind) => {
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  let carol: Who;
  let fiona: Who;
  let sam: Who;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signInOperator(t, { displayName: 'Alice Operator' });
    bob = await signInOperator(t, { displayName: 'Bob Operator' });
    carol = await signInOperator(t, { displayName: 'Carol Operator' });
    fiona = await signInOperator(t, { role: 'finance', displayName: 'Fiona Finance' });
    sam = await signInOperator(t, { role: 'support', displayName: 'Sam Support' });
  });
  afterAll(async () => t?.close());

  const { call, threshold, decide } = approvalCalls(
    () => t,
    () => alice,
    'Not agreed in the meeting',
  );

  describe.each(SECTIONS)('$kind', (section) => {
    const current = async () => (await call(alice, 'GET', section.url)).json()[section.field] as number;
    async function requested(value: number, who: Who = alice) {
      const response = await call(who, 'PUT', section.url, section.change(value));
      expect(response.statusCode, response.body).toBe(202);
      return approvalRequestSchema.parse(response.json().approval);
    }

    it('off (no threshold): a change is made at once', async () => {
      await threshold(null);
      const response = await call(alice, 'PUT', section.url, section.change(1_000));
      expect(response.statusCode, response.body).toBe(200);
      expect(await current()).toBe(1_000);
    });

    it('on: every change waits, with before and after; nothing changes; the same change again is the same request', async () => {
      await threshold(1_000_000);
      const approval = await requested(1_100);
      expect(approval).toMatchObject({ kind: section.kind, amount: 0, subject: null, state: 'requested' });
      expect(approval.settingsChange!.before[section.field]).toBe(1_000);
      expect(approval.settingsChange!.after[section.field]).toBe(1_100);
      expect(await current()).toBe(1_000);
      const again = await call(alice, 'PUT', section.url, section.change(1_100));
      expect(again.json().approval.id).toBe(approval.id);
      // Saving the settings as they are changes nothing and needs nobody.
      expect((await call(alice, 'PUT', section.url, section.change(1_000))).statusCode).toBe(200);
      expect((await decide(bob, approval.id, 'reject')).json().approval.state).toBe('rejected');
      expect(await current()).toBe(1_000);
      // Decided, the same change asked again is a new request.
      expect((await requested(1_100)).id).not.toBe(approval.id);
    });

    it('the same change six times at once (double clicks): one request', async () => {
      await threshold(1_000_000);
      const responses = await Promise.all([1, 2, 3, 4, 5, 6].map(() => call(alice, 'PUT', section.url, section.change(1_150))));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(202));
      expect(new Set(responses.map((r) => r.json().approval.id)).size).toBe(1);
      expect((await decide(bob, responses[0]!.json().approval.id, 'reject')).statusCode).toBe(200);
    });

    it('approved by another person: written once, audited with both names; two approvers at once, one write', async () => {
      await threshold(1_000_000);
      const approval = await requested(1_200);
      expect(codeOf(await decide(alice, approval.id, 'approve'))).toBe('APPROVAL_OWN_REQUEST');
      const responses = await Promise.all([bob, carol, bob, carol].map((who) => decide(who, approval.id, 'approve')));
      expect(responses.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed'])).toHaveLength(1);
      for (const r of responses.filter((r) => r.statusCode !== 200)) expect(codeOf(r)).toBe('APPROVAL_DECIDED');
      expect(await current()).toBe(1_200);
      const audit = await rowsOf<{ actor_id: string; detail: { approvedBy?: string } }>(
        t.database.handle.db,
        sql`select actor_id, detail from audit_log where detail ->> 'approvalId' = ${approval.id}`,
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor_id).toBe(alice.userId);
      expect([bob.userId, carol.userId]).toContain(audit[0]!.detail.approvedBy);
    });

    it('changed meanwhile: the approval fails with the reason and changes nothing', async () => {
      await threshold(1_000_000);
      const stale = await requested(1_300);
      const other = await requested(1_400, bob);
      expect((await decide(carol, other.id, 'approve')).json().approval.state).toBe('applied');
      const failed = await decide(carol, stale.id, 'approve');
      expect(failed.json().approval).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^CONFLICT: /) });
      expect(await current()).toBe(1_400);
    });

    it('who may approve: not support; finance only where it may change them', async () => {
      await threshold(1_000_000);
      const approval = await requested(1_500);
      expect((await decide(sam, approval.id, 'approve')).statusCode).toBe(403);
      const byFinance = await decide(fiona, approval.id, 'approve');
      expect(byFinance.statusCode).toBe(section.financeMay ? 200 : 403);
      expect(await current()).toBe(section.financeMay ? 1_500 : 1_400);
      if (!section.financeMay) expect((await decide(bob, approval.id, 'reject')).statusCode).toBe(200);
    });
  });

  // Last: the clock runs past the expiry.
  it('a settings change past its expiry can no longer be approved, and changes nothing', async () => {
    await threshold(1_000_000);
    const response = await call(alice, 'PUT', '/withdrawal-settings', SECTIONS[0].change(1_900));
    const id = approvalRequestSchema.parse(response.json().approval).id;
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect(codeOf(await decide(bob, id, 'approve'))).toBe('APPROVAL_EXPIRED');
    expect((await call(bob, 'GET', '/withdrawal-settings')).json().minAmount).not.toBe(1_900);
  });
});
