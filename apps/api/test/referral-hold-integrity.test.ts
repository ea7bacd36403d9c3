import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIntegrityReport } from '../src/ledger/index';
import { formatIntegrityReport } from '../src/ledger/format-report';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { asOperator, buy, createPlan, fund, plansWorld, quickMember, rows, type PlansWorld } from './plans/helpers';

type Member = { userId: string; cookie: string };

/**
 * The integrity report (ledger:verify, the console's ledger page) names every commission whose state
 * disagrees with the buyer's referral hold: on review without an open hold, pending under an open or
 * voided one. The services never leave such a row (test/referral-hold-races.test.ts); here each
 * kind is planted by hand, as a bug or a hand-written fix would leave it, and the report must find it.
 */
describe.each(DATABASE_KINDS)('the integrity report and referral holds (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let planId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    const settings = await asOperator(w, 'PUT', '/referral-settings', {
      level1Bp: 1000,
      level2Bp: 500,
      level3Bp: 200,
      capBp: 3000,
      requireActivePlan: false,
      holdDays: 2,
      refundWindowDays: 7,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    planId = (await createPlan(w, { price: 1_000 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.handle.db;

  /** A member under one upline who bought once, on review when `held`. Returns the member and their level-1 commission. */
  async function buyer(held: boolean): Promise<{ member: Member; commissionId: string }> {
    const upline = await quickMember(t);
    const member = await quickMember(t, { referrerId: upline.userId });
    if (held) await db().execute(sql`select referral_flag(${member.userId}, 'registration_burst', null, '{}'::jsonb, ${t.clock.now()})`);
    await fund(w, member.userId, 1_000);
    expect((await buy(w, member, planId)).statusCode).toBe(201);
    const [line] = await rows<{ id: string; status: string }>(
      db(),
      sql`select c.id, c.status from commissions c join purchases p on p.id = c.purchase_id where p.user_id = ${member.userId} and c.level = 1`,
    );
    expect(line!.status).toBe(held ? 'review' : 'pending');
    return { member, commissionId: line!.id };
  }

  const disagreements = async () => (await buildIntegrityReport(db(), t.clock.now())).holdDisagreements;

  it('finds nothing in books the services wrote, through a void and a release', async () => {
    const voided = await buyer(true);
    const released = await buyer(true);
    for (const [who, decision] of [
      [voided, 'void'],
      [released, 'release'],
    ] as const) {
      const answer = await asOperator(w, 'POST', `/referral-holds/${who.member.userId}/decision`, { decision, reason: 'checked by hand' });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const report = await buildIntegrityReport(db(), t.clock.now());
    expect(report.holdDisagreements).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('names a commission on review under a released hold, and one on review with no hold at all', async () => {
    const { member, commissionId } = await buyer(true);
    await db().execute(
      sql`update referral_holds set status = 'released', decided_at = ${t.clock.now()}, reason = 'planted' where member_id = ${member.userId}`,
    );
    const free = await buyer(false);
    await db().execute(sql`update commissions set status = 'review' where id = ${free.commissionId}`);

    const report = await buildIntegrityReport(db(), t.clock.now());
    expect(report.ok).toBe(false);
    expect(report.holdDisagreements).toEqual(
      expect.arrayContaining([
        { commissionId, memberId: member.userId, status: 'review', hold: 'released' },
        { commissionId: free.commissionId, memberId: free.member.userId, status: 'review', hold: 'none' },
      ]),
    );
    const lines = formatIntegrityReport(report).join('\n');
    expect(lines).toContain(`commission ${commissionId} of member ${member.userId}: review under hold released`);
    expect(lines).toContain('RESULT: BREACH');

    // Put right, the report is clean of them again.
    await db().execute(sql`update commissions set status = 'pending' where id in (${commissionId}, ${free.commissionId})`);
    const left = (await disagreements()).map((d) => d.commissionId);
    expect(left).not.toContain(commissionId);
    expect(left).not.toContain(free.commissionId);
  });

  it('names a commission pending under a voided hold, and one pending under an open hold', async () => {
    const voided = await buyer(true);
    await db().execute(sql`update commissions set status = 'pending' where id = ${voided.commissionId}`);
    await db().execute(
      sql`update referral_holds set status = 'voided', decided_at = ${t.clock.now()}, reason = 'planted' where member_id = ${voided.member.userId}`,
    );
    const open = await buyer(true);
    await db().execute(sql`update commissions set status = 'pending' where id = ${open.commissionId}`);

    expect(await disagreements()).toEqual(
      expect.arrayContaining([
        { commissionId: voided.commissionId, memberId: voided.member.userId, status: 'pending', hold: 'voided' },
        { commissionId: open.commissionId, memberId: open.member.userId, status: 'pending', hold: 'open' },
      ]),
    );
  });
});
