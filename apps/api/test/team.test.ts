import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyCommissionPage, ReferralHoldPage, TeamMemberPage, TeamSummary } from '@orchard/shared';
import { buildIntegrityReport } from '../src/ledger/index';
import { releaseDueCommissions } from '../src/modules/plans/commissions';
import { DEVICE_COOKIE } from '../src/modules/accounts/device';
import { BURST_COUNT } from '../src/modules/team/signals';
import { createTestApp, type TestApp } from './app';
import { ACCEPTED_TERMS, latestCodeTo, randomIp, registerMember, sessionCookieFrom, TEST_PASSWORD, type RegisteredMember } from './auth';
import { DATABASE_KINDS } from './database';
import { asMember, asOperator, buy, createPlan, fund, plansWorld, quickMember, rows, scalar, type PlansWorld } from './plans/helpers';
import { teamRollupDrift } from './team-helpers';

const DAY = 86_400_000;

/** Registers through the API from a browser that already carries `device` (a device cookie value). */
async function registerOnDevice(t: TestApp, inviteCode: string, device: string): Promise<RegisteredMember> {
  const email = `device-${randomBytes(5).toString('hex')}@example.com`;
  const remoteAddress = randomIp();
  const cookie = `${DEVICE_COOKIE}=${device}`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress,
    headers: { cookie },
    payload: { email, displayName: 'Second Me', password: TEST_PASSWORD, inviteCode, ...ACCEPTED_TERMS },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const { verificationId } = registered.json() as { verificationId: string };
  const code = await latestCodeTo(t, email, 'register_code');
  const verified = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify', remoteAddress, headers: { cookie }, payload: { verificationId, code } });
  expect(verified.statusCode, verified.body).toBe(200);
  const { user } = verified.json() as { user: { id: string; inviteCode: string } };
  return { userId: user.id, cookie: sessionCookieFrom(verified.headers['set-cookie']), inviteCode: user.inviteCode, email, password: TEST_PASSWORD };
}

/** The device cookie value a successful sign-in handed out. */
async function signInForDevice(t: TestApp, member: RegisteredMember): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    remoteAddress: randomIp(),
    payload: { account: member.email, password: member.password },
  });
  expect(response.statusCode).toBe(200);
  const lines = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const line = lines.find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
  expect(line).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{43}; Path=/api; HttpOnly; SameSite=Lax`));
  return line!.split(';')[0]!.split('=')[1]!;
}

describe.each(DATABASE_KINDS)('team (%s)', (kind) => {
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
    expect(settings.statusCode).toBe(200);
    planId = (await createPlan(w, { price: 10_000 })).id;
  });
  afterAll(async () => t?.close());

  const get = async <T>(member: { cookie: string }, url: string) => {
    const response = await asMember(w, member, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const fundAndBuy = async (member: RegisteredMember | { userId: string; cookie: string }) => {
    await fund(w, member.userId, 10_000);
    const bought = await buy(w, member, planId);
    expect(bought.statusCode, bought.body).toBe(201);
  };

  it('a full three-level team: every team answer masks the others, and the figures match the purchases', async () => {
    const a = await registerMember(t, { displayName: 'Alice', phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` });
    const b1 = await registerMember(t, { displayName: 'Bob', inviteCode: a.inviteCode });
    t.clock.advance(1_000);
    const b2 = await registerMember(t, { displayName: 'Bea', phone: `+1666${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, inviteCode: a.inviteCode });
    const c1 = await registerMember(t, { displayName: 'Cleo', inviteCode: b1.inviteCode });
    const d1 = await registerMember(t, { displayName: 'Dan', inviteCode: c1.inviteCode });
    const others = [b1, b2, c1, d1];
    for (const member of [b1, b2, c1, d1]) {
      t.clock.advance(1_000);
      await fundAndBuy(member);
    }

    const summary = await get<TeamSummary>(a, '/team');
    expect(summary.inviteCode).toBe(a.inviteCode);
    expect(summary.invitePath).toBe(`/register?ref=${a.inviteCode}`);
    expect(summary.levels.map((level) => level.members)).toEqual([2, 1, 1]);
    expect(summary.levels.map((level) => level.purchasesTotal)).toEqual([20_000, 10_000, 10_000]);
    // 10 % of B1's and B2's purchase, 5 % of C1's, 2 % of D1's: all pending for 2 days.
    expect(summary.levels.map((level) => level.commission.pending)).toEqual([2_000, 500, 200]);
    expect(summary.totals).toEqual({ members: 4, commission: { pending: 2_700, available: 0, onReview: 0, reversed: 0 } });
    expect(summary.ratesBp).toEqual([1000, 500, 200]);

    const level1 = await get<TeamMemberPage>(a, '/team/members?level=1');
    expect(level1.items.map((m) => m.displayName)).toEqual(['Bea', 'Bob']);
    expect(level1.items.map((m) => [m.purchasesTotal, m.brought])).toEqual([
      [10_000, 1_000],
      [10_000, 1_000],
    ]);
    expect(level1.items[0]!.contact).toMatch(/^\+1 666 ••• \d\d$/);
    expect(level1.items[1]!.contact).toMatch(/^m•••@example\.com$/);
    const level2 = await get<TeamMemberPage>(a, '/team/members?level=2');
    expect(level2.items).toEqual([expect.objectContaining({ displayName: null, purchasesTotal: null, brought: 500, contact: 'm•••@example.com' })]);
    const level3 = await get<TeamMemberPage>(a, '/team/members?level=3');
    expect(level3.items).toEqual([expect.objectContaining({ displayName: null, brought: 200 })]);
    const mine = await get<MyCommissionPage>(a, '/team/commissions');
    expect(mine.items.map((c) => [c.level, c.amount, c.status])).toEqual([
      [3, 200, 'pending'],
      [2, 500, 'pending'],
      [1, 1_000, 'pending'],
      [1, 1_000, 'pending'],
    ]);
    expect(mine.items.every((c) => c.releaseAt !== null && c.releasedAt === null)).toBe(true);

    // Every team answer, for every member of the team: no other member's address, phone, id,
    // invite code or name below level 1 appears anywhere in it.
    for (const viewer of [a, ...others]) {
      const bodies = [
        await asMember(w, viewer, 'GET', '/team'),
        ...(await Promise.all([1, 2, 3].map((level) => asMember(w, viewer, 'GET', `/team/members?level=${level}`)))),
        await asMember(w, viewer, 'GET', '/team/commissions'),
      ].map((response) => response.body);
      for (const other of [a, ...others].filter((member) => member !== viewer)) {
        for (const secret of [other.email, other.phone, other.userId, other.inviteCode]) {
          if (secret) for (const body of bodies) expect(body).not.toContain(secret);
        }
      }
    }
    // Names: level 1 may see the name a member chose; levels 2 and 3 never.
    const aBodies = [level2, level3].map((page) => JSON.stringify(page));
    for (const body of aBodies) for (const name of ['Cleo', 'Dan']) expect(body).not.toContain(name);

    expect(await teamRollupDrift(t.database.handle.db)).toEqual([]);
  });

  it('pages each level newest first by an opaque cursor, and refuses a forged one', async () => {
    const root = await quickMember(t);
    for (let i = 0; i < 23; i++) {
      await quickMember(t, { referrerId: root.userId });
    }
    const first = await get<TeamMemberPage>(root, '/team/members?level=1');
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await get<TeamMemberPage>(root, `/team/members?level=1&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const keys = [...first.items, ...second.items].map((m) => m.key);
    expect(new Set(keys).size).toBe(23);
    const joined = [...first.items, ...second.items].map((m) => m.joinedAt);
    expect(joined).toEqual([...joined].sort().reverse());

    for (const cursor of ['bm90IGEgY3Vyc29y', Buffer.from(`2026-01-01T00:00:00.000000Z|${'z'.repeat(32)}`).toString('base64url')]) {
      const forged = await asMember(w, root, 'GET', `/team/members?level=1&cursor=${cursor}`);
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { cursor: 'Not a valid cursor.' } } });
    }
    expect((await asMember(w, root, 'GET', '/team/members?level=4')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/team' })).statusCode).toBe(401);
  });

  it('the referral chain never changes once set', async () => {
    const [a, b] = [await quickMember(t), await quickMember(t)];
    const db = t.database.handle.db;
    await expect(db.execute(sql`update users set referrer_id = ${a.userId} where id = ${b.userId}`)).rejects.toThrow();
    const c = await quickMember(t, { referrerId: b.userId });
    await expect(db.execute(sql`update users set ancestor_2 = ${a.userId} where id = ${c.userId}`)).rejects.toThrow();
  });

  it('a self-referral from the same device goes on review; the operator voids it and later purchases pay nothing', async () => {
    const a = await registerMember(t, { displayName: 'Upline' });
    await fundAndBuy(a);
    const b = await registerMember(t, { displayName: 'Friend', inviteCode: a.inviteCode });
    const device = await signInForDevice(t, a);
    // A registers a second account under their friend's code, on their own phone.
    const self = await registerOnDevice(t, b.inviteCode, device);
    const holdRow = await rows<{ status: string }>(t.database.handle.db, sql`select status from referral_holds where member_id = ${self.userId}`);
    expect(holdRow).toEqual([{ status: 'open' }]);

    await fundAndBuy(self);
    const aMine = await get<MyCommissionPage>(a, '/team/commissions');
    expect(aMine.items[0]).toMatchObject({ level: 2, amount: 500, status: 'review', releaseAt: null });
    const bSummary = await get<TeamSummary>(b, '/team');
    expect(bSummary.levels[0]!.commission).toEqual({ pending: 0, available: 0, onReview: 1_000, reversed: 0 });
    // The member sees "on review", never why.
    for (const body of [JSON.stringify(aMine), JSON.stringify(bSummary)]) expect(body).not.toMatch(/same_device|signal/);

    // Held commissions are not released when their holding period ends.
    t.clock.advance(3 * DAY);
    await releaseDueCommissions({ db: t.database.handle.db, clock: t.clock, config: t.config });
    expect((await get<MyCommissionPage>(b, '/team/commissions')).items[0]!.status).toBe('review');

    const queue = await asOperator(w, 'GET', '/referral-holds');
    expect(queue.statusCode).toBe(200);
    const page = queue.json() as ReferralHoldPage;
    const hold = page.items.find((item) => item.member.id === self.userId)!;
    expect(page.openCount).toBeGreaterThanOrEqual(1);
    expect(hold.upline?.id).toBe(b.userId);
    expect(hold.signals).toEqual([expect.objectContaining({ kind: 'same_device', related: { id: a.userId, displayName: 'Upline', level: 2 } })]);
    expect(hold.held).toEqual({ count: 2, total: 1_500 });

    const pendingBefore = await scalar(
      t.database.handle.db,
      sql`select balance as n from ledger_accounts where owner_id = ${b.userId} and type = 'member_commission_pending'`,
    );
    const voided = await asOperator(w, 'POST', `/referral-holds/${self.userId}/decision`, { decision: 'void', reason: 'Same phone as the upline' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ commissions: 2, total: 1_500, hold: { status: 'voided', reason: 'Same phone as the upline' } });
    const pendingAfter = await scalar(
      t.database.handle.db,
      sql`select balance as n from ledger_accounts where owner_id = ${b.userId} and type = 'member_commission_pending'`,
    );
    expect(pendingBefore - pendingAfter).toBe(1_000);
    expect((await get<MyCommissionPage>(b, '/team/commissions')).items[0]!.status).toBe('reversed');
    // Decided once: a second decision is refused and changes nothing.
    const again = await asOperator(w, 'POST', `/referral-holds/${self.userId}/decision`, { decision: 'release', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'REFERRAL_HOLD_DECIDED' } });
    const audit = await rows<{ action: string }>(
      t.database.handle.db,
      sql`select action from audit_log where subject_id = ${self.userId} and action like 'referral_hold.%'`,
    );
    expect(audit).toEqual([{ action: 'referral_hold.void' }]);

    // A voided member's next purchase pays no commission at all.
    await fundAndBuy(self);
    const skipped = await rows<{ status: string; skip_reason: string | null }>(
      t.database.handle.db,
      sql`select c.status, c.skip_reason from commissions c join purchases p on p.id = c.purchase_id
           where p.user_id = ${self.userId} and c.beneficiary_id is not null order by p.created_at desc, c.level limit 2`,
    );
    expect(skipped).toEqual([
      { status: 'skipped', skip_reason: 'self_referral' },
      { status: 'skipped', skip_reason: 'self_referral' },
    ]);
    expect((await buildIntegrityReport(t.database.handle.db, t.clock.now())).ok).toBe(true);
    expect(await teamRollupDrift(t.database.handle.db)).toEqual([]);
  });

  it('the same payout account as an upline, and a burst of registrations, open holds; a release pays the held commissions', async () => {
    const a = await registerMember(t, { displayName: 'Payout upline' });
    const b = await registerMember(t, { displayName: 'Payout twin', inviteCode: a.inviteCode });
    const account = { holderName: 'A Person', bankName: 'Bank', country: 'DE', number: 'DE89370400440532013000' };
    expect((await asMember(w, a, 'POST', '/me/bank-accounts', account)).statusCode).toBe(201);
    expect((await asMember(w, b, 'POST', '/me/bank-accounts', account)).statusCode).toBe(201);
    const signals = await rows<{ kind: string; related_id: string }>(
      t.database.handle.db,
      sql`select kind, related_id from referral_signals where member_id = ${b.userId}`,
    );
    expect(signals).toEqual([{ kind: 'same_bank_account', related_id: a.userId }]);

    await fundAndBuy(b);
    expect((await get<TeamSummary>(a, '/team')).totals.commission.onReview).toBe(1_000);
    t.clock.advance(3 * DAY);
    const released = await asOperator(w, 'POST', `/referral-holds/${b.userId}/decision`, { decision: 'release', reason: 'Married couple, one account' });
    expect(released.statusCode, released.body).toBe(200);
    // Past its holding period, the released commission goes straight to the wallet.
    expect((await get<TeamSummary>(a, '/team')).totals.commission).toEqual({ pending: 0, available: 1_000, onReview: 0, reversed: 0 });
    expect((await get<{ available: number }>(a, '/wallet')).available).toBe(1_000);

    const burstUpline = await registerMember(t, { displayName: 'Popular' });
    const joined: RegisteredMember[] = [];
    for (let i = 0; i < BURST_COUNT; i++) joined.push(await registerMember(t, { inviteCode: burstUpline.inviteCode }));
    const flagged = await rows<{ member_id: string }>(
      t.database.handle.db,
      sql`select member_id from referral_signals where kind = 'registration_burst' and member_id in (${sql.join(
        joined.map((m) => sql`${m.userId}::uuid`),
        sql`, `,
      )})`,
    );
    expect(flagged.map((row) => row.member_id)).toEqual([joined[BURST_COUNT - 1]!.userId]);
    expect(await teamRollupDrift(t.database.handle.db)).toEqual([]);
  });

  it('the console shows a member’s tree three levels up and down; members may not use it', async () => {
    const [a] = [await quickMember(t)];
    const b = await quickMember(t, { referrerId: a.userId });
    const c = await quickMember(t, { referrerId: b.userId });
    const d = await quickMember(t, { referrerId: c.userId });
    const e = await quickMember(t, { referrerId: d.userId });
    const tree = await asOperator(w, 'GET', `/members/${c.userId}/tree`);
    expect(tree.statusCode).toBe(200);
    const body = tree.json() as { uplines: { id: string; level: number }[]; levels: { members: number }[]; downline: { items: { id: string }[] }[] };
    expect(body.uplines.map((u) => [u.level, u.id])).toEqual([
      [1, b.userId],
      [2, a.userId],
    ]);
    expect(body.levels.map((l) => l.members)).toEqual([1, 1, 0]);
    expect(body.downline.map((l) => l.items.map((m) => m.id))).toEqual([[d.userId], [e.userId], []]);
    expect((await asMember(w, a, 'GET', `/admin/members/${c.userId}/tree`)).statusCode).toBe(403);
    expect((await asOperator(w, 'GET', `/members/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/tree`)).statusCode).toBe(404);
  });
});
