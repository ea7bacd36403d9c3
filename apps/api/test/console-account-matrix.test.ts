import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@orchard/shared';
import { users } from '../src/db/schema/index';
import { generateInviteCode } from '../src/lib/invite-code';
import { markSteppedUp } from '../src/modules/accounts/step-up';
import { createSession, SESSION_COOKIE } from '../src/modules/accounts/sessions';
import {
  ACCOUNT_ACTION_RULES,
  ACCOUNT_ACTIONS,
  accountActionRefusal,
  LAST_OPERATOR,
  OUT_OF_REACH,
  type AccountAction,
  type AccountRefusal,
} from '../src/modules/accounts/account-policy';
import { setRole, setStatus } from '../src/modules/admin/service';
import type { ConsoleActor } from '../src/modules/audit/console';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { insertChannels } from './ledger-helpers';
import { rows } from './plans/helpers';

/*
 * Whose account each console role may act on (modules/accounts/account-policy.ts): every console
 * operation that acts on an account (the OpenAPI document marks it `x-account-action`), called by
 * each console role on an account of each kind — its own, a member's, support's, finance's,
 * another operator's, and the last active operator's — with the answer the one table below says.
 * A refusal changes nothing. A new operation that acts on an account fails here until it has a row.
 */

const ROLES = ['operator', 'support', 'finance'] as const;
type ActorRole = (typeof ROLES)[number];
const TARGETS = ['self', 'member', 'support', 'finance', 'operator', 'lastOperator'] as const;
type Target = (typeof TARGETS)[number];

/**
 * The expected answers. Columns: self, member, support, finance, another operator, the last active
 * operator (for an operator, that is itself). `ok` done; `perm` 403 by the role's permissions;
 * `own` 409 (never one's own account); `kind` 403 (the action is for members' accounts only);
 * `reach` 403 (support and finance act on members only); `last` 409 (never the last operator).
 */
const EXPECTED: Record<string, Record<ActorRole, string>> = {
  //                                 self  member support finance operator last
  setMemberRole: {
    operator: /*                  */ 'own   ok     ok      ok      ok       own',
    support: /*                   */ 'perm  perm   perm    perm    perm     perm',
    finance: /*                   */ 'perm  perm   perm    perm    perm     perm',
  },
  setMemberStatus: {
    operator: /*                  */ 'own   ok     ok      ok      ok       own',
    support: /*                   */ 'own   ok     reach   reach   reach    reach',
    finance: /*                   */ 'perm  perm   perm    perm    perm     perm',
  },
  issueSignInLink: {
    operator: /*                  */ 'own   ok     kind    kind    kind     own',
    support: /*                   */ 'own   ok     kind    kind    kind     kind',
    finance: /*                   */ 'perm  perm   perm    perm    perm     perm',
  },
  resetSecondFactor: {
    operator: /*                  */ 'own   kind   ok      ok      ok       own',
    support: /*                   */ 'perm  perm   perm    perm    perm     perm',
    finance: /*                   */ 'perm  perm   perm    perm    perm     perm',
  },
  revokeConsoleSession: {
    operator: /*                  */ 'own   kind   ok      ok      ok       own',
    support: /*                   */ 'perm  perm   perm    perm    perm     perm',
    finance: /*                   */ 'perm  perm   perm    perm    perm     perm',
  },
  adjustBalance: {
    operator: /*                  */ 'own   ok     kind    kind    kind     own',
    support: /*                   */ 'perm  perm   perm    perm    perm     perm',
    finance: /*                   */ 'own   ok     kind    kind    kind     kind',
  },
  ...Object.fromEntries(
    ['creditRechargeOrder', 'rejectRechargeOrder', 'payWithdrawal', 'rejectWithdrawal', 'revealPayoutDetails', 'importPayoutResults'].map(
      (id) => [
        id,
        {
          operator: /*            */ 'own   ok     ok      ok      ok       own',
          support: /*             */ 'perm  perm   perm    perm    perm     perm',
          finance: /*             */ 'own   ok     reach   reach   reach    reach',
        },
      ],
    ),
  ),
  ...Object.fromEntries(
    ['refundPurchase', 'decideReferralHold'].map((id) => [
      id,
      {
        operator: /*              */ 'own   ok     ok      ok      ok       own',
        support: /*               */ 'perm  perm   perm    perm    perm     perm',
        finance: /*               */ 'perm  perm   perm    perm    perm     perm',
      },
    ]),
  ),
};

const expectedAnswer = (operationId: string, role: ActorRole, target: Target) =>
  EXPECTED[operationId]![role].trim().split(/\s+/)[TARGETS.indexOf(target)]!;

/** What each operation needs the account to own, and the request that acts on it. */
type Owned = 'nothing' | 'order' | 'withdrawal' | 'purchase' | 'hold' | 'session';
interface Call {
  method: 'POST' | 'PUT';
  url: string;
  payload: object;
}
const NEXT_ROLE: Record<Role, Role> = { member: 'support', support: 'finance', finance: 'member', operator: 'member' };
const REQUESTS: Record<string, { owns: Owned; call: (account: { id: string; role: Role }, thing: string) => Call }> = {
  setMemberRole: {
    owns: 'nothing',
    call: (account) => ({
      method: 'PUT',
      url: `/admin/members/${account.id}/role`,
      payload: { role: NEXT_ROLE[account.role], reason: 'Matrix check' },
    }),
  },
  setMemberStatus: {
    owns: 'nothing',
    call: (account) => ({ method: 'PUT', url: `/admin/members/${account.id}/status`, payload: { status: 'frozen', reason: 'Matrix check' } }),
  },
  issueSignInLink: {
    owns: 'nothing',
    call: (account) => ({ method: 'POST', url: `/admin/members/${account.id}/sign-in-links`, payload: { reason: 'Matrix check' } }),
  },
  resetSecondFactor: {
    owns: 'nothing',
    call: (account) => ({ method: 'POST', url: `/admin/members/${account.id}/second-factor/reset`, payload: { reason: 'Matrix check' } }),
  },
  revokeConsoleSession: {
    owns: 'session',
    call: (_, id) => ({ method: 'POST', url: `/admin/console-sessions/${id}/revoke`, payload: {} }),
  },
  adjustBalance: {
    owns: 'nothing',
    call: (account) => ({
      method: 'POST',
      url: `/admin/members/${account.id}/adjustments`,
      payload: { direction: 'credit', amount: 100, reason: 'Matrix check' },
    }),
  },
  creditRechargeOrder: {
    owns: 'order',
    call: (_, order) => ({ method: 'POST', url: `/admin/recharge/orders/${order}/credit`, payload: { note: 'Matrix check' } }),
  },
  rejectRechargeOrder: {
    owns: 'order',
    call: (_, order) => ({ method: 'POST', url: `/admin/recharge/orders/${order}/reject`, payload: { reason: 'Matrix check' } }),
  },
  payWithdrawal: {
    owns: 'withdrawal',
    call: (_, id) => ({ method: 'POST', url: `/admin/withdrawals/${id}/pay`, payload: { payoutReference: 'MATRIX-1' } }),
  },
  rejectWithdrawal: {
    owns: 'withdrawal',
    call: (_, id) => ({ method: 'POST', url: `/admin/withdrawals/${id}/reject`, payload: { reason: 'Matrix check' } }),
  },
  revealPayoutDetails: {
    owns: 'withdrawal',
    call: (_, id) => ({ method: 'POST', url: `/admin/withdrawals/${id}/account`, payload: {} }),
  },
  importPayoutResults: {
    owns: 'withdrawal',
    call: (_, id) => ({
      method: 'POST',
      url: '/admin/withdrawals/import',
      payload: { csv: `withdrawal_id,outcome,reference\n${id},paid,MATRIX-FILE\n`, apply: true },
    }),
  },
  refundPurchase: {
    owns: 'purchase',
    call: (_, id) => ({ method: 'POST', url: `/admin/purchases/${id}/refund`, payload: { reason: 'Matrix check' } }),
  },
  decideReferralHold: {
    owns: 'hold',
    call: (account) => ({
      method: 'POST',
      url: `/admin/referral-holds/${account.id}/decision`,
      payload: { decision: 'release', reason: 'Matrix check' },
    }),
  },
};

/** The refusal texts of the policy, to tell its answers apart from the permission check's. */
function categoryOf(status: number | null, message: string): string {
  const rules = Object.values(ACCOUNT_ACTION_RULES);
  if (status === 403 && message === 'Your console role does not allow this.') return 'perm';
  if ((status ?? 409) === 409 && rules.some((rule) => rule.ownAccount === message)) return 'own';
  if ((status ?? 403) === 403 && rules.some((rule) => rule.notForThisAccount === message)) return 'kind';
  if ((status ?? 403) === 403 && message === OUT_OF_REACH) return 'reach';
  if ((status ?? 409) === 409 && message === LAST_OPERATOR) return 'last';
  return `${status ?? 'row'} ${message}`;
}

interface Account {
  id: string;
  role: Role;
  cookie: string;
  owned: Partial<Record<Owned, string>>;
}

describe.each(DATABASE_KINDS)('whose account each console role may act on, on %s', (kind) => {
  let t: TestApp;
  let operations: { operationId: string; action: AccountAction }[];
  let changingMemberOperations: string[];
  let root: Account;
  /** The last active operator that support and finance meet (an operator's last one is itself). */
  let keeper: Account;
  let planId: string;
  const actors = {} as Record<ActorRole, Account>;

  const inject = (cookie: string, call: Call) =>
    t.app.inject({
      method: call.method,
      url: `/api/v1${call.url}`,
      headers: { cookie, 'idempotency-key': randomUUID() },
      payload: call.payload,
    });
  const ok = async (cookie: string, call: Call) => {
    const response = await inject(cookie, call);
    expect(response.statusCode, `${call.url}: ${response.body}`).toBeLessThan(300);
    return response.json() as { id: string };
  };

  /** An account written straight into the database, signed in (stepped up) and owning what `owns` says, then given `role`. */
  async function account(role: Role, owns: Owned[]): Promise<Account> {
    const db = t.database.handle.db;
    const [row] = await db
      .insert(users)
      .values({
        email: `matrix-${randomBytes(6).toString('hex')}@test.local`,
        displayName: 'Matrix Account',
        passwordHash: 'not-a-real-hash',
        inviteCode: generateInviteCode(),
      })
      .returning({ id: users.id });
    const id = row!.id;
    const session = await createSession(db, { userId: id, now: t.clock.now(), ip: null, userAgent: null, secondFactorAt: t.clock.now() });
    await markSteppedUp(db, { userId: id, sessionId: session.sessionId }, new Date(t.clock.now().getTime() + 86_400_000));
    const made: Account = { id, role: 'member', cookie: `${SESSION_COOKIE}=${session.token}`, owned: {} };
    // Money first, while the account is a member's (adjustments are for members' wallets).
    for (const thing of owns) made.owned[thing] = await own(made, thing);
    if (role !== 'member') await db.execute(sql`update users set role = ${role} where id = ${id}`);
    made.role = role;
    return made;
  }

  async function own(account: Account, thing: Owned): Promise<string> {
    // Adjustments are for members' wallets: a staff account is funded as the member it was.
    const fund = async (amount: number) => {
      const db = t.database.handle.db;
      if (account.role !== 'member') await db.execute(sql`update users set role = 'member' where id = ${account.id}`);
      await ok(root.cookie, {
        method: 'POST',
        url: `/admin/members/${account.id}/adjustments`,
        payload: { direction: 'credit', amount, reason: 'Matrix funds' },
      });
      if (account.role !== 'member') await db.execute(sql`update users set role = ${account.role} where id = ${account.id}`);
    };
    switch (thing) {
      case 'nothing':
        return '';
      case 'order':
        return (await ok(account.cookie, { method: 'POST', url: '/recharge/orders', payload: { channel: 'bank', amount: 5_000 } })).id;
      case 'withdrawal': {
        await fund(20_000);
        const bank = await ok(account.cookie, {
          method: 'POST',
          url: '/me/bank-accounts',
          payload: { holderName: 'Matrix', bankName: 'Bank', country: 'DE', number: 'DE89370400440532013000' },
        });
        // Past the new-account cooling-down period.
        await t.database.handle.db.execute(sql`update bank_accounts set usable_from = ${new Date(t.clock.now().getTime() - 3_600_000)} where id = ${bank.id}`);
        return (await ok(account.cookie, { method: 'POST', url: '/withdrawals', payload: { bankAccountId: bank.id, amount: 5_000 } })).id;
      }
      case 'purchase':
        await fund(1_000);
        return (await ok(account.cookie, { method: 'POST', url: `/plans/${planId}/purchase`, payload: {} })).id;
      case 'hold':
        await t.database.handle.db.execute(sql`select referral_flag(${account.id}, 'registration_burst', null, '{}'::jsonb, now())`);
        return account.id;
      case 'session': {
        // A second session of the account's (its first is the cookie the matrix acts with).
        const now = t.clock.now();
        return (await createSession(t.database.handle.db, { userId: account.id, now, ip: null, userAgent: null, secondFactorAt: now })).sessionId;
      }
    }
  }

  /** What a refused request must leave alone. */
  const snapshot = async () =>
    rows(
      t.database.handle.db,
      sql`select (select count(*) from ledger_entries)::int as entries,
                 (select string_agg(id::text || role || status, ',' order by id) from users) as users,
                 (select string_agg(id::text || status, ',' order by id) from recharge_orders) as orders,
                 (select string_agg(id::text || status, ',' order by id) from withdrawals) as withdrawals,
                 (select string_agg(id::text || status, ',' order by id) from purchases) as purchases,
                 (select string_agg(member_id::text || status, ',' order by member_id) from referral_holds) as holds,
                 (select count(*) from sign_in_links)::int as links,
                 (select count(*) from sessions where revoked_at is null)::int as sessions`,
    );

  /** Runs `run` while `operator` is the only active operator (the others frozen for the while, sessions kept). */
  async function asLastOperator<T>(operator: Account, run: () => Promise<T>): Promise<T> {
    const db = t.database.handle.db;
    const others = await rows<{ id: string }>(
      db,
      sql`select id from users where role = 'operator' and status = 'active' and id <> ${operator.id}`,
    );
    const ids = others.map((other) => other.id);
    const set = (status: string) =>
      db.execute(sql`update users set status = ${status} where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
    if (ids.length > 0) await set('frozen');
    try {
      return await run();
    } finally {
      if (ids.length > 0) await set('active');
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertChannels(t.database.handle.db);
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; 'x-account-action'?: AccountAction }>>;
    };
    const all = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
    );
    operations = all.flatMap((operation) =>
      operation['x-account-action'] ? [{ operationId: operation.operationId, action: operation['x-account-action'] }] : [],
    );
    changingMemberOperations = all
      .filter((operation) => operation.path.startsWith('/api/v1/admin/members/{id}') && operation.method !== 'get')
      .map((operation) => operation.operationId);
    root = await account('operator', []);
    const plan = await ok(root.cookie, { method: 'POST', url: '/admin/plans', payload: { name: 'Matrix plan', price: 1_000, durationDays: 30 } });
    planId = plan.id;
    const everything: Owned[] = ['order', 'withdrawal', 'purchase', 'hold'];
    for (const role of ROLES) actors[role] = await account(role, everything);
    keeper = await account('operator', everything);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('knows every console operation that acts on an account, and has a row for each', () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(EXPECTED).sort());
    // Whatever changes a member by id says which account rules it follows.
    for (const operationId of changingMemberOperations) expect(Object.keys(EXPECTED)).toContain(operationId);
  });

  it('answers each console role on each kind of account as the table says, and a refusal changes nothing', { timeout: 600_000 }, async () => {
    const answers: Record<string, Record<ActorRole, string>> = {};
    const expected: Record<string, Record<ActorRole, string>> = {};
    for (const operationId of Object.keys(EXPECTED)) {
      const request = REQUESTS[operationId]!;
      for (const role of ROLES) {
        const actor = actors[role];
        const row: string[] = [];
        for (const target of TARGETS) {
          const wanted = expectedAnswer(operationId, role, target);
          let subject: Account;
          if (wanted === 'perm') {
            // The permission check answers before anything is looked up: an id of nobody's will do.
            subject = { id: randomUUID(), role: 'member', cookie: '', owned: {} };
            subject.owned[request.owns] = randomUUID();
          } else if (target === 'self') subject = actor;
          else if (target === 'lastOperator') subject = role === 'operator' ? actor : keeper;
          else subject = await account(target, request.owns === 'nothing' ? [] : [request.owns]);
          if (request.owns !== 'nothing' && !subject.owned[request.owns]) {
            // What an earlier case wrongly let through (a freeze ends the sessions) can leave an account unable to own more.
            const made = await own(subject, request.owns).catch((error: unknown) => `fixture failed: ${String(error).slice(0, 80)}`);
            if (made.startsWith('fixture failed')) {
              row.push(made);
              continue;
            }
            subject.owned[request.owns] = made;
          }
          const call = request.call(subject, subject.owned[request.owns] ?? '');
          const before = await snapshot();
          const send = () => inject(actor.cookie, call);
          const response = target === 'lastOperator' ? await asLastOperator(subject, send) : await send();
          let answer: string;
          if (operationId === 'importPayoutResults' && response.statusCode === 200) {
            const [line] = (response.json() as { rows: { result: string; message: string | null }[] }).rows;
            answer = line?.result === 'paid' ? 'ok' : categoryOf(null, line?.message ?? String(line?.result));
          } else if (response.statusCode < 300) answer = 'ok';
          else answer = categoryOf(response.statusCode, (response.json() as { error: { message: string } }).error.message);
          if (answer === 'ok') delete subject.owned[request.owns];
          else expect({ operationId, role, target, changed: await snapshot() }).toEqual({ operationId, role, target, changed: before });
          row.push(answer);
        }
        (answers[operationId] ??= {} as Record<ActorRole, string>)[role] = row.join(' ');
        (expected[operationId] ??= {} as Record<ActorRole, string>)[role] = EXPECTED[operationId]![role].trim().split(/\s+/).join(' ');
      }
    }
    expect(answers).toEqual(expected);
  });

  it('never lets two operators leave the console without one: the second of two crosswise freezes or demotions is refused', async () => {
    const deps = { db: t.database.handle.db, clock: t.clock };
    const activeOperators = () =>
      rows<{ id: string }>(t.database.handle.db, sql`select id from users where role = 'operator' and status = 'active'`);
    const actorOf = (operator: Account): ConsoleActor => ({ operatorId: operator.id, role: 'operator', ip: null, requestId: randomUUID() });
    for (const change of ['status', 'role'] as const) {
      const a = await account('operator', []);
      const b = await account('operator', []);
      await asLastOperator(a, async () => {
        // Only a and b are active operators: a takes b's access, then b's request, let in before
        // that committed, comes to take a's.
        await t.database.handle.db.execute(sql`update users set status = 'active' where id = ${b.id}`);
        const act = (by: Account, on: Account) =>
          change === 'status'
            ? setStatus(deps, actorOf(by), on.id, { status: 'frozen', reason: 'Crosswise' })
            : setRole(deps, actorOf(by), on.id, { role: 'member', reason: 'Crosswise' });
        await act(a, b);
        await expect(act(b, a)).rejects.toMatchObject({ statusCode: 409, message: LAST_OPERATOR });
        expect((await activeOperators()).map((row) => row.id)).toEqual([a.id]);
      });
    }
  });

  it('with both requests at once, one goes through and an active operator is left', async () => {
    for (const change of ['status', 'role'] as const) {
      const a = await account('operator', []);
      const b = await account('operator', []);
      const call = (on: Account): Call =>
        change === 'status'
          ? { method: 'PUT', url: `/admin/members/${on.id}/status`, payload: { status: 'frozen', reason: 'At once' } }
          : { method: 'PUT', url: `/admin/members/${on.id}/role`, payload: { role: 'member', reason: 'At once' } };
      const statuses = await asLastOperator(a, async () => {
        await t.database.handle.db.execute(sql`update users set status = 'active' where id = ${b.id}`);
        const answers = await Promise.all([inject(a.cookie, call(b)), inject(b.cookie, call(a))]);
        const left = await rows<{ n: number }>(
          t.database.handle.db,
          sql`select count(*)::int as n from users where role = 'operator' and status = 'active' and id in (${a.id}::uuid, ${b.id}::uuid)`,
        );
        expect(left[0]!.n).toBe(1);
        return answers.map((answer) => answer.statusCode).sort();
      });
      // The second is refused: by the last-operator rule, or (had it arrived after the first
      // committed) because its session ended (freeze) or its role no longer allows it (demotion).
      expect(statuses[0]).toBe(200);
      expect([401, 403, 409]).toContain(statuses[1]);
    }
  });

  it('refuses a refund or a referral review that would move money to or from the acting operator as an upline', async () => {
    const db = t.database.handle.db;
    await ok(root.cookie, {
      method: 'PUT',
      url: '/admin/referral-settings',
      payload: { level1Bp: 900, level2Bp: 400, level3Bp: 100, capBp: 2000, requireActivePlan: false, holdDays: 3, refundWindowDays: 10 },
    });
    const upline = await account('operator', []);
    const other = await account('operator', []);
    // Two members the upline invited (before it joined the console): one is held for review.
    const members: Account[] = [];
    for (let i = 0; i < 2; i++) {
      const [row] = await db
        .insert(users)
        .values({
          email: `invitee-${randomBytes(6).toString('hex')}@test.local`,
          displayName: 'Invitee',
          passwordHash: 'not-a-real-hash',
          inviteCode: generateInviteCode(),
          referrerId: upline.id,
        })
        .returning({ id: users.id });
      const session = await createSession(db, { userId: row!.id, now: t.clock.now(), ip: null, userAgent: null });
      members.push({ id: row!.id, role: 'member', cookie: `${SESSION_COOKIE}=${session.token}`, owned: {} });
    }
    const [buyer, heldBuyer] = members as [Account, Account];
    await own(heldBuyer, 'hold');
    const purchase = await own(buyer, 'purchase');
    await own(heldBuyer, 'purchase');
    const commissions = await rows<{ status: string }>(
      db,
      sql`select c.status from commissions c join purchases p on p.id = c.purchase_id where c.beneficiary_id = ${upline.id} order by p.user_id = ${heldBuyer.id}`,
    );
    expect(commissions.map((row) => row.status)).toEqual(['pending', 'review']);

    const refund: Call = { method: 'POST', url: `/admin/purchases/${purchase}/refund`, payload: { reason: 'Asked for it' } };
    const decide: Call = {
      method: 'POST',
      url: `/admin/referral-holds/${heldBuyer.id}/decision`,
      payload: { decision: 'release', reason: 'Siblings' },
    };
    for (const call of [refund, decide]) {
      const before = await snapshot();
      const refused = await inject(upline.cookie, call);
      expect(refused.statusCode, refused.body).toBe(409);
      expect((refused.json() as { error: { message: string } }).error.message).toBe(ACCOUNT_ACTION_RULES.refund.ownAccount);
      expect(await snapshot()).toEqual(before);
      expect((await inject(other.cookie, call)).statusCode).toBe(200);
    }
  });
});

describe('the account rules as a table', () => {
  const actor = (role: ActorRole): Pick<ConsoleActor, 'operatorId' | 'role'> => ({ operatorId: 'actor', role });
  const account = (id: string, role: Role, status: 'active' | 'frozen' = 'active') => ({ id, role, status });

  it('refuses the last active operator for what takes an operator access away, and nothing else for it', () => {
    const last = account('last', 'operator');
    const verdicts = Object.fromEntries(ACCOUNT_ACTIONS.map((action) => [action, accountActionRefusal(actor('operator'), action, last, 1)]));
    expect(verdicts).toEqual({
      role: 'last_operator',
      status: 'last_operator',
      sign_in_link: 'not_for_this_account',
      second_factor: null,
      adjustment: 'not_for_this_account',
      recharge: null,
      withdrawal: null,
      refund: null,
      referral_review: null,
      console_session: null,
    });
    // With another active operator, or when the operator is frozen already, nothing is lost.
    expect(accountActionRefusal(actor('operator'), 'status', last, 2)).toBeNull();
    expect(accountActionRefusal(actor('operator'), 'status', account('last', 'operator', 'frozen'), 0)).toBeNull();
  });

  it('checks one’s own account first, then the kind of account, then the reach, then the last operator', () => {
    const refusals: Record<string, AccountRefusal | null> = {
      own: accountActionRefusal(actor('support'), 'sign_in_link', account('actor', 'support'), 1),
      ownAsUpline: accountActionRefusal(actor('operator'), 'refund', account('buyer', 'member'), 1, ['actor']),
      kind: accountActionRefusal(actor('support'), 'sign_in_link', account('x', 'operator'), 1),
      reach: accountActionRefusal(actor('finance'), 'recharge', account('x', 'support'), 1),
      last: accountActionRefusal(actor('operator'), 'role', account('x', 'operator'), 1),
    };
    expect(refusals).toEqual({
      own: 'own_account',
      ownAsUpline: 'own_account',
      kind: 'not_for_this_account',
      reach: 'out_of_reach',
      last: 'last_operator',
    });
  });
});
