import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index';
import { apiErrorSchema, CONSOLE_PERMISSIONS, isConsolePermission, roleHasPermission, type ConsolePermission } from '@orchard/shared';
import { isAccountAction } from '../src/modules/accounts/account-policy';
import { consoleEntriesWritten } from '../src/modules/audit/console';
import { operatorScope } from '../src/plugins/operator-scope';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember, signInOperator, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';
import { insertChannels } from './ledger-helpers';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  operationId: string;
  permission?: string;
  security?: Record<string, string[]>[];
}

/**
 * Defect 8: operator routes validated the body (and query) before asking who is calling, so an
 * anonymous caller learned the schema from a 400. Every operator operation in the OpenAPI
 * document is called with an invalid body and query; the answer must be about the caller.
 */
describe.each(DATABASE_KINDS)('operator scope on %s', (kind) => {
  let t: TestApp;
  let operations: Operation[];
  let member: { userId: string; cookie: string };
  let operator: { userId: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Partial<Record<Operation['method'], { operationId: string; security?: Operation['security']; 'x-permission'?: string }>>>;
    };
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin'))
      .flatMap(([path, item]) =>
        METHODS.flatMap((method) =>
          item[method]
            ? [{ method, path, operationId: item[method].operationId, security: item[method].security, permission: item[method]['x-permission'] }]
            : [],
        ),
      );
    member = await registerMember(t);
    operator = await signInOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An invalid request: junk path parameters, unknown query keys and a body of the wrong shape. */
  const invalidCall = (operation: Operation, cookie?: string) =>
    t.app.inject({
      method: operation.method.toUpperCase() as 'GET',
      url: `${operation.path.replace(/\{[^}]+\}/g, 'not-an-id')}?limit=-1&unexpected=1`,
      headers: cookie ? { cookie } : {},
      ...(operation.method === 'get' || operation.method === 'delete' ? {} : { payload: { unexpected: ['not', 'a', 'valid', 'body'] } }),
    });

  it('finds the operator operations in the OpenAPI document', () => {
    // The console has at least the member, outbox, audit, recharge review, adjustment, ledger and channel operations.
    expect(operations.length).toBeGreaterThanOrEqual(16);
  });

  it('answers 401 to a signed-out caller before looking at the request', async () => {
    for (const operation of operations) {
      const response = await invalidCall(operation);
      expect({ operation: operation.operationId, status: response.statusCode }).toEqual({ operation: operation.operationId, status: 401 });
      const body = apiErrorSchema.parse(response.json());
      expect(body.error.code).toBe('UNAUTHENTICATED');
      expect(body.error.fields).toBeUndefined();
    }
  });

  it('answers 403 to a member before looking at the request', async () => {
    for (const operation of operations) {
      const response = await invalidCall(operation, member.cookie);
      expect({ operation: operation.operationId, status: response.statusCode }).toEqual({ operation: operation.operationId, status: 403 });
      const body = apiErrorSchema.parse(response.json());
      expect(body.error.code).toBe('FORBIDDEN');
      expect(body.error.fields).toBeUndefined();
    }
  });

  it('lets an operator through to the route: validation or the handler answers, never the guard, never a 5xx', async () => {
    for (const operation of operations) {
      const response = await invalidCall(operation, operator.cookie);
      expect({ operation: operation.operationId, status: response.statusCode }).not.toMatchObject({
        status: expect.toSatisfy((status: number) => status === 401 || status === 403 || status >= 500),
      });
      if (response.statusCode === 400) expect(apiErrorSchema.parse(response.json()).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('lets each console role through exactly the operations its permissions allow, and 403s the rest before looking at the request', async () => {
    const staff: Record<string, string> = {};
    for (const role of ['support', 'finance'] as const) {
      const person = await signInOperator(t);
      await t.database.handle.db.execute(sql`update users set role = ${role} where id = ${person.userId}`);
      staff[role] = person.cookie;
    }
    const outcomes: Record<string, Record<string, 'allowed' | 'forbidden'>> = { support: {}, finance: {} };
    const expected: Record<string, Record<string, 'allowed' | 'forbidden'>> = { support: {}, finance: {} };
    for (const operation of operations) {
      expect(isConsolePermission(operation.permission), `${operation.operationId} documents its permission`).toBe(true);
      for (const role of ['support', 'finance'] as const) {
        const response = await invalidCall(operation, staff[role]);
        expect(response.statusCode, `${role} ${operation.operationId}`).not.toBe(401);
        expect(response.statusCode, `${role} ${operation.operationId}`).toBeLessThan(500);
        outcomes[role]![operation.operationId] = response.statusCode === 403 ? 'forbidden' : 'allowed';
        expected[role]![operation.operationId] = roleHasPermission(role, operation.permission as ConsolePermission) ? 'allowed' : 'forbidden';
      }
    }
    expect(outcomes).toEqual(expected);
    // The matrix as docs/product.md says it: support reaches members, sign-in links and the outbox; finance
    // the money queues, adjustments and the ledger; neither changes roles, plans or settings.
    for (const id of ['listMembers', 'setMemberStatus', 'issueSignInLink', 'listOutbox']) expect(outcomes.support![id]).toBe('allowed');
    for (const id of ['creditRechargeOrder', 'payWithdrawal', 'adjustBalance', 'getLedgerReport', 'listMembers']) expect(outcomes.finance![id]).toBe('allowed');
    // Bank reconciliation: finance imports statements and decides the queue; support does neither.
    for (const id of ['importBankStatement', 'resolveBankLine', 'listBankLines', 'getReconciliationDay', 'downloadReconciliationDay']) {
      expect(outcomes.finance![id], `finance ${id}`).toBe('allowed');
      expect(outcomes.support![id], `support ${id}`).toBe('forbidden');
    }
    for (const role of ['support', 'finance'] as const) {
      for (const id of ['setMemberRole', 'createPlan', 'updateReferralSettings', 'listAuditLog', 'refundPurchase', 'decideReferralHold']) {
        expect(outcomes[role]![id], `${role} ${id}`).toBe('forbidden');
      }
    }
    expect(outcomes.support!.adjustBalance).toBe('forbidden');
    expect(outcomes.finance!.issueSignInLink).toBe('forbidden');
  });

  it('audits every successful state-changing console action once, with the operator, the address and the request id', async () => {
    await insertChannels(t.database.handle.db);
    const target = await registerMember(t);
    /** A support account, whose second factor the operator resets. */
    const staffMember = async () => {
      const staff = await registerMember(t);
      await t.database.handle.db.execute(sql`update users set role = 'support' where id = ${staff.userId}`);
      return staff.userId;
    };
    const order = async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/recharge/orders',
        headers: { cookie: target.cookie, 'idempotency-key': randomUUID() },
        payload: { channel: 'bank', amount: 5000 },
      });
      expect(created.statusCode).toBe(201);
      return (created.json() as { id: string }).id;
    };
    /** A plan, a coupon and a purchase of the target member to edit and refund. */
    const planActions = async (): Promise<Record<string, { method: 'POST' | 'PUT'; url: string; payload: object }>> => {
      const asOperator = (method: 'POST' | 'PUT', url: string, payload: object) =>
        t.app.inject({
          method,
          url: `/api/v1/admin${url}`,
          headers: { cookie: operator.cookie, 'idempotency-key': randomUUID() },
          payload,
        });
      const planBody = { name: 'Audit plan', price: 500, durationDays: 30 };
      const plan = (await asOperator('POST', '/plans', planBody)).json() as { id: string };
      const coupon = (await asOperator('POST', '/coupons', { code: 'AUDIT1', kind: 'amount_off', value: 100 })).json() as { id: string };
      await asOperator('POST', `/members/${target.userId}/adjustments`, { direction: 'credit', amount: 500, reason: 'To buy a plan' });
      const bought = await t.app.inject({
        method: 'POST',
        url: `/api/v1/plans/${plan.id}/purchase`,
        headers: { cookie: target.cookie, 'idempotency-key': randomUUID() },
        payload: {},
      });
      expect(bought.statusCode).toBe(201);
      const purchaseId = (bought.json() as { id: string }).id;
      return {
        createPlan: { method: 'POST', url: '/api/v1/admin/plans', payload: planBody },
        updatePlan: { method: 'PUT', url: `/api/v1/admin/plans/${plan.id}`, payload: { ...planBody, price: 600 } },
        createCoupon: { method: 'POST', url: '/api/v1/admin/coupons', payload: { code: 'AUDIT2', kind: 'percent_off', value: 5 } },
        updateCoupon: { method: 'PUT', url: `/api/v1/admin/coupons/${coupon.id}`, payload: { kind: 'amount_off', value: 200 } },
        generateCoupons: {
          method: 'POST',
          url: '/api/v1/admin/coupons/generate',
          payload: { kind: 'wallet_credit', value: 100, count: 3 },
        },
        refundPurchase: { method: 'POST', url: `/api/v1/admin/purchases/${purchaseId}/refund`, payload: { reason: 'Asked for it' } },
        updateReferralSettings: {
          method: 'PUT',
          url: '/api/v1/admin/referral-settings',
          payload: {
            level1Bp: 900,
            level2Bp: 400,
            level3Bp: 100,
            capBp: 2000,
            requireActivePlan: false,
            holdDays: 3,
            refundWindowDays: 10,
          },
        },
      };
    };
    /** Pending withdrawals of the target member to reveal and pay, reject, settle by file, export and put back in the queue. */
    const withdrawalActions = async (): Promise<Record<string, { method: 'POST' | 'PUT'; url: string; payload: object }>> => {
      const asTarget = (url: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers: { cookie: target.cookie, 'idempotency-key': randomUUID() },
          payload,
        });
      const account = (
        await asTarget('/me/bank-accounts', { holderName: 'Target', bankName: 'Bank', country: 'DE', number: 'DE89370400440532013000' })
      ).json() as {
        id: string;
      };
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/members/${target.userId}/adjustments`,
        headers: { cookie: operator.cookie, 'idempotency-key': randomUUID() },
        payload: { direction: 'credit', amount: 20_000, reason: 'To withdraw' },
      });
      t.clock.advance(48 * 3_600_000);
      await asTarget('/me/step-up', { password: TEST_PASSWORD });
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const made = await asTarget('/withdrawals', { bankAccountId: account.id, amount: 5_000 });
        expect(made.statusCode, made.body).toBe(201);
        ids.push((made.json() as { id: string }).id);
      }
      return {
        revealPayoutDetails: { method: 'POST', url: `/api/v1/admin/withdrawals/${ids[0]}/account`, payload: {} },
        payWithdrawal: { method: 'POST', url: `/api/v1/admin/withdrawals/${ids[0]}/pay`, payload: { payoutReference: 'AUDIT-PAY' } },
        rejectWithdrawal: { method: 'POST', url: `/api/v1/admin/withdrawals/${ids[1]}/reject`, payload: { reason: 'Wrong holder name' } },
        importPayoutResults: {
          method: 'POST',
          url: '/api/v1/admin/withdrawals/import',
          payload: { csv: `withdrawal_id,outcome,reference\n${ids[2]},paid,AUDIT-FILE-1\n`, apply: true },
        },
        updateWithdrawalSettings: {
          method: 'PUT',
          url: '/api/v1/admin/withdrawal-settings',
          payload: { enabled: true, minAmount: 1_000, maxAmount: 50_000, dailyMax: 100_000, feeFixed: 50, feeBp: 50, cooldownHours: 12 },
        },
        // The last one still pending goes in the payout file, then back to the queue.
        exportPayoutFile: { method: 'POST', url: '/api/v1/admin/withdrawals/export', payload: {} },
        requeueWithdrawal: { method: 'POST', url: `/api/v1/admin/withdrawals/${ids[3]}/requeue`, payload: { reason: 'The bank sent it back' } },
      };
    };
    // A referral hold opened by a signal (team/signals.ts), for the operator to decide.
    /** A bank statement imported (one line no order names, queued), and that line decided. */
    const reconciliationActions = async (): Promise<Record<string, { method: 'POST' | 'PUT'; url: string; payload: object }>> => {
      const statement = (reference: string) => ({
        bankName: 'Audit Bank',
        format: 'camt053',
        fileName: 'audit.xml',
        content: `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Ccy>USD</Ccy></Acct>
          <Ntry><Amt Ccy="USD">3.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-20</Dt></BookgDt><AcctSvcrRef>${reference}</AcctSvcrRef></Ntry>
          </Stmt></BkToCstmrStmt></Document>`,
      });
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/reconciliation/statements',
        headers: { cookie: operator.cookie, 'idempotency-key': randomUUID() },
        payload: statement('AUDIT-0'),
      });
      expect(first.statusCode, first.body).toBe(201);
      const [line] = (await t.database.handle.db.execute<{ id: string }>(sql`select id from bank_lines where status = 'queued' limit 1`)).rows;
      return {
        importBankStatement: { method: 'POST', url: '/api/v1/admin/reconciliation/statements', payload: statement('AUDIT-1') },
        resolveBankLine: { method: 'POST', url: `/api/v1/admin/reconciliation/lines/${line!.id}/resolve`, payload: { action: 'ignore', reason: 'Not ours' } },
      };
    };
    const referralActions = async (): Promise<Record<string, { method: 'POST' | 'PUT'; url: string; payload: object }>> => {
      await t.database.handle.db.execute(sql`select referral_flag(${target.userId}, 'registration_burst', null, '{}'::jsonb, now())`);
      return {
        decideReferralHold: {
          method: 'POST',
          url: `/api/v1/admin/referral-holds/${target.userId}/decision`,
          payload: { decision: 'release', reason: 'Siblings sharing a phone' },
        },
      };
    };
    // Content: one of each, then a change of each (the ids come from the creations).
    const contentActions = async (): Promise<Record<string, { method: 'POST' | 'PUT'; url: string; payload: object; headers?: Record<string, string> }>> => {
      const asOperator = async (url: string, payload: object) =>
        (await t.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: { cookie: operator.cookie }, payload })).json() as { id: string };
      const window = { startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2027-01-01T00:00:00.000Z' };
      const announcement = await asOperator('/announcements', { text: 'Hello' });
      const promotion = await asOperator('/promotions', { title: 'P', bodyMd: 'x', ...window });
      const article = await asOperator('/help-articles', { category: 'wallet', title: 'T', bodyMd: 'B' });
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      return {
        createAnnouncement: { method: 'POST', url: '/api/v1/admin/announcements', payload: { text: 'Audited' } },
        updateAnnouncement: { method: 'PUT', url: `/api/v1/admin/announcements/${announcement.id}`, payload: { text: 'Audited again' } },
        createPromotion: { method: 'POST', url: '/api/v1/admin/promotions', payload: { title: 'Audited', bodyMd: 'x', ...window } },
        updatePromotion: { method: 'PUT', url: `/api/v1/admin/promotions/${promotion.id}`, payload: { title: 'Changed', bodyMd: 'y', ...window } },
        uploadContentImage: { method: 'POST', url: '/api/v1/admin/images', payload: png, headers: { 'content-type': 'image/png', origin: 'http://localhost' } },
        createHelpArticle: { method: 'POST', url: '/api/v1/admin/help-articles', payload: { category: 'team', title: 'A', bodyMd: 'B' } },
        updateHelpArticle: { method: 'PUT', url: `/api/v1/admin/help-articles/${article.id}`, payload: { category: 'team', title: 'A2', bodyMd: 'B2' } },
        updateSupportContacts: { method: 'PUT', url: '/api/v1/admin/support-contacts', payload: { email: 'help@example.com', phone: null, hours: null } },
        publishLegalVersion: { method: 'POST', url: '/api/v1/admin/legal/terms', payload: { bodyMd: 'Terms' } },
      };
    };
    /** Two tickets of the target member: support answers one and closes the other. */
    const supportActions = async (): Promise<Record<string, { method: 'POST'; url: string; payload: object }>> => {
      const open = async () =>
        (
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/v1/support/tickets',
              headers: { cookie: target.cookie },
              payload: { subject: 'Help', body: 'Please' },
            })
          ).json() as { id: string }
        ).id;
      return {
        replySupportQueueTicket: { method: 'POST', url: `/api/v1/admin/support/${await open()}/reply`, payload: { body: 'Done' } },
        closeSupportQueueTicket: { method: 'POST', url: `/api/v1/admin/support/${await open()}/close`, payload: {} },
      };
    };
    /**
     * Two-person approval: another operator asks for two adjustments over the threshold; this one
     * approves the first and rejects the second. The threshold is set first, out of the audited loop.
     */
    const approvalActions = async (): Promise<Record<string, { method: 'POST' | 'PUT'; url: string; payload: object }>> => {
      const settings = { threshold: 1_000, expiresAfterHours: 24 };
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/approval-settings',
        headers: { cookie: operator.cookie },
        payload: settings,
      });
      expect(set.statusCode, set.body).toBe(200);
      const asker = await signInOperator(t, { displayName: 'Asking Operator' });
      requester = asker.userId;
      const ask = async () => {
        const asked = await t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/members/${target.userId}/adjustments`,
          headers: { cookie: asker.cookie, 'idempotency-key': randomUUID() },
          payload: { direction: 'credit', amount: 5_000, reason: 'Large goodwill' },
        });
        expect(asked.statusCode, asked.body).toBe(202);
        return (asked.json() as { approval: { id: string } }).approval.id;
      };
      return {
        approveRequest: { method: 'POST', url: `/api/v1/admin/approvals/${await ask()}/approve`, payload: {} },
        rejectRequest: { method: 'POST', url: `/api/v1/admin/approvals/${await ask()}/reject`, payload: { reason: 'Not needed' } },
        updateApprovalSettings: { method: 'PUT', url: '/api/v1/admin/approval-settings', payload: settings },
      };
    };
    /** A support person's session, ended by the operator. */
    const consoleSessionActions = async (): Promise<Record<string, { method: 'POST'; url: string; payload: object }>> => {
      const staff = await signInOperator(t, { role: 'support' });
      const [session] = (
        (await t.database.handle.db.execute(
          sql`select id::text as id from sessions where user_id = ${staff.userId} and revoked_at is null limit 1`,
        )) as unknown as { rows: { id: string }[] }
      ).rows;
      return { revokeConsoleSession: { method: 'POST', url: `/api/v1/admin/console-sessions/${session!.id}/revoke`, payload: {} } };
    };
    let requester = '';
    const actions: Record<string, { method: 'POST' | 'PUT'; url: string; payload: object; headers?: Record<string, string> }> = {
      setMemberRole: {
        method: 'PUT',
        url: `/api/v1/admin/members/${target.userId}/role`,
        payload: { role: 'operator', reason: 'Joins support' },
      },
      setMemberStatus: {
        method: 'PUT',
        url: `/api/v1/admin/members/${member.userId}/status`,
        payload: { status: 'frozen', reason: 'Chargeback' },
      },
      issueSignInLink: { method: 'POST', url: `/api/v1/admin/members/${target.userId}/sign-in-links`, payload: { reason: 'Locked out' } },
      // Off: the actions after it still move money.
      setMaintenance: { method: 'PUT', url: '/api/v1/admin/maintenance', payload: { on: false, reason: 'Upgrade done' } },
      resetSecondFactor: {
        method: 'POST',
        url: `/api/v1/admin/members/${await staffMember()}/second-factor/reset`,
        payload: { reason: 'Lost phone' },
      },
      adjustBalance: {
        method: 'POST',
        url: `/api/v1/admin/members/${target.userId}/adjustments`,
        payload: { direction: 'credit', amount: 700, reason: 'Goodwill' },
      },
      creditRechargeOrder: {
        method: 'POST',
        url: `/api/v1/admin/recharge/orders/${await order()}/credit`,
        payload: { note: 'Seen on the statement' },
      },
      rejectRechargeOrder: {
        method: 'POST',
        url: `/api/v1/admin/recharge/orders/${await order()}/reject`,
        payload: { reason: 'No payment arrived' },
      },
      upsertPaymentChannel: {
        method: 'PUT',
        url: '/api/v1/admin/payment-channels/cash',
        payload: { kind: 'bank_transfer', name: 'Cash desk', minAmount: 100, maxAmount: 10_000 },
      },
      // Sealing the books audits even when no day is due (docs/decisions/0028).
      sealBooks: { method: 'POST', url: '/api/v1/admin/books/seal', payload: {} },
      ...(await planActions()),
      ...(await withdrawalActions()),
      ...(await referralActions()),
      ...(await contentActions()),
      ...(await reconciliationActions()),
      ...(await supportActions()),
      ...(await approvalActions()),
      ...(await consoleSessionActions()),
    };
    // A new state-changing operator operation must be added here, so its audit row is checked too.
    const changing = operations.filter((operation) => operation.method !== 'get').map((operation) => operation.operationId);
    expect(Object.keys(actions).sort()).toEqual([...changing].sort());

    // The role change comes last: links and adjustments are for members only.
    for (const operationId of [...Object.keys(actions).filter((id) => id !== 'setMemberRole'), 'setMemberRole']) {
      const action = actions[operationId]!;
      const requestId = `audit-${operationId}`;
      const ip = randomIp();
      const response = await t.app.inject({
        ...action,
        remoteAddress: ip,
        headers: { ...action.headers, cookie: operator.cookie, 'x-request-id': requestId, 'idempotency-key': randomUUID() },
      });
      expect({ operationId, status: response.statusCode }).toEqual({
        operationId,
        status: expect.toSatisfy((status: number) => status < 300),
      });
      const rows = await t.database.handle.db
        .select({ actorId: auditLog.actorId, ip: auditLog.ip })
        .from(auditLog)
        .where(sql`${auditLog.detail}->>'requestId' = ${requestId}`);
      // An approved adjustment is audited twice: the approval by this operator, the adjustment in
      // the name of the one who asked for it (docs/decisions/0033).
      const expected = operationId === 'approveRequest' ? [{ actorId: operator.userId, ip }, { actorId: requester, ip }] : [{ actorId: operator.userId, ip }];
      const byActor = (a: { actorId: string | null }, b: { actorId: string | null }) => (a.actorId === operator.userId ? -1 : b.actorId === operator.userId ? 1 : 0);
      expect({ operationId, rows: [...rows].sort(byActor) }).toEqual({ operationId, rows: expected });
    }
  });

  it('marks every operator operation as needing the session cookie, with 401 and 403 documented', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const operation of operations) {
      expect({ operation: operation.operationId, security: operation.security }).toEqual({
        operation: operation.operationId,
        security: [{ session: [] }],
      });
      const responses = document.paths[operation.path]![operation.method]!.responses;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
  });
});

describe('operator scope rules', () => {
  it('refuses to start with an operator route that declares no permission', async () => {
    const app = Fastify();
    app.decorateRequest('auth', null);
    const registered = app.register(operatorScope, {
      prefix: '/admin',
      isAccountAction,
      auditEntriesWritten: consoleEntriesWritten,
      routes: [
        async (scope) => {
          scope.get('/open', async () => ({ ok: true }));
        },
      ],
    });
    await expect(registered.ready()).rejects.toThrow(/GET \/admin\/open declares no console permission/);
    await app.close().catch(() => {});
  });

  it('logs an error when a successful console write recorded no audit entry, and not for reads or refusals', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = { userId: '00000000-0000-4000-8000-000000000001', role: 'operator', sessionId: 's', secondFactor: true, steppedUpAt: null };
    });
    await app.register(operatorScope, {
      prefix: '/admin',
      isAccountAction,
      auditEntriesWritten: consoleEntriesWritten,
      routes: [
        async (scope) => {
          scope.get('/things', { config: { permission: 'members' } }, async () => ({ ok: true }));
          scope.post('/things', { config: { permission: 'members' } }, async () => ({ ok: true }));
          scope.post('/refused', { config: { permission: 'members' } }, async (_request, reply) => reply.status(409).send({ ok: false }));
        },
      ],
    });
    await app.inject({ method: 'GET', url: '/admin/things' });
    await app.inject({ method: 'POST', url: '/admin/refused' });
    expect(lines).toEqual([]);
    await app.inject({ method: 'POST', url: '/admin/things' });
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['console action succeeded without an audit entry']);
    await app.close();
  });

  it('gives operators every console permission and members none', () => {
    for (const permission of CONSOLE_PERMISSIONS) {
      expect(roleHasPermission('operator', permission)).toBe(true);
      expect(roleHasPermission('member', permission)).toBe(false);
    }
  });
});
