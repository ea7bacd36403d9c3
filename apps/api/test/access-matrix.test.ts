import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { linkOrigin } from '../src/modules/accounts/origin';
import { relyingPartyOf } from '../src/modules/accounts/passkeys';
import { registerRouteAccess } from '../src/plugins/access';
import { createTestApp, type TestApp } from './app';
import { registerMember, TEST_PASSWORD, type RegisteredMember } from './auth';
import { DATABASE_KINDS } from './database';
import { insertChannels } from './ledger-helpers';
import { buy, createPlan, fund, plansWorld, type PlansWorld } from './plans/helpers';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Who may call what, for every operation of the OpenAPI document (a new operation is covered
 * without touching this file, and one this file cannot place fails it):
 * - the operations anyone may call are exactly the PUBLIC list below: making a route public is a
 *   visible change here;
 * - every other operation answers a visitor 401, whatever the body, query and path say;
 * - member B, calling each member operation with member A's ids, gets 404 and changes nothing;
 * - no answer member B gets from a member read carries A's ids, email or invite code, nor any
 *   member's id but B's own (B is A's invitee: A is B's upline, whose id B must not learn either;
 *   docs/decisions/0014).
 * Console operations as a member (403) are covered by operator-scope.test.ts.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

interface Operation {
  method: Method;
  path: string;
  operationId: string;
  security?: unknown[];
}

const PUBLIC = [
  'getHealth',
  'getReady',
  'reportClientError',
  'getAuthOptions',
  'register',
  'verifyCode',
  'resendCode',
  'signIn',
  'signOut',
  'requestPasswordReset',
  'resetPassword',
  'changePassword',
  'requestSignInLink',
  'consumeSignInLink',
  'signInWithCode',
  'passkeySignInOptions',
  'signInWithPasskey',
  'getSession',
  'paymentWebhook',
  // Whether money moves now (maintenance mode): the banner shows it to visitors too.
  'getMaintenance',
  // Help and the legal pages are public (docs/product.md); images are what promotions and articles show.
  'getHelpCenter',
  'getLegalPages',
  'getContentImage',
  // The earnings disclosure (docs/decisions/0031): for anyone deciding whether to join.
  'getEarningsDisclosure',
  // The operator's public key that signs the sealed days: anyone checks a statement with it (docs/decisions/0028).
  'getBooksKeys',
  // One-click unsubscribe (RFC 8058): a mail provider posts it; the link's signed token is its authority (docs/decisions/0034).
  'unsubscribeNotifications',
].sort();

/** Operations that answer with a stream that stays open (server-sent events). */
const STREAMS = new Set(['streamEvents']);

/**
 * Path parameters of member operations that name shared things (the plan catalogue), not
 * something one member owns: another member's view of them is the same for everyone.
 */
const SHARED_PATHS = new Set(['/api/v1/plans/{id}', '/api/v1/plans/{id}/quote', '/api/v1/plans/{id}/purchase']);

/** A body the operation would accept from the owner, so that only whose the id is decides the answer. */
const VALID_BODIES: Record<string, object> = {
  submitRechargePayment: { payerReference: 'BOB-REF-1' },
  updateBankAccount: { label: 'Bob' },
  replySupportTicket: { body: 'Bob writes' },
};

describe.each(DATABASE_KINDS)('access to every operation on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let operations: Operation[];
  let alice: RegisteredMember;
  let bob: RegisteredMember;
  /** Alice's own things, by the path that names them. */
  const owned = new Map<string, string>();
  let aliceSecrets: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertChannels(t.database.handle.db);
    w = await plansWorld(t);
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Partial<Record<Method, { operationId: string; security?: unknown[] }>>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) =>
        item[method] ? [{ method, path, operationId: item[method].operationId, security: item[method].security }] : [],
      ),
    );
    alice = await registerMember(t);
    // Bob joined with Alice's invite code: his upline's id is one he must never be shown.
    bob = await registerMember(t, { inviteCode: alice.inviteCode });
    // Alice owns a recharge order and a purchase; Bob owns nothing.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: { cookie: alice.cookie, 'idempotency-key': randomUUID() },
      payload: { channel: 'bank', amount: 5_000 },
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = (order.json() as { id: string }).id;
    owned.set('/api/v1/recharge/orders/{id}', orderId);
    owned.set('/api/v1/recharge/orders/{id}/submit', orderId);
    owned.set('/api/v1/recharge/orders/{id}/cancel', orderId);
    // … a bank account and a pending withdrawal to it …
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/bank-accounts',
      headers: { cookie: alice.cookie },
      payload: { holderName: 'Alice', bankName: 'Bank', country: 'DE', number: 'DE89370400440532013000' },
    });
    expect(account.statusCode, account.body).toBe(201);
    const accountId = (account.json() as { id: string }).id;
    owned.set('/api/v1/me/bank-accounts/{id}', accountId);
    await fund(w, alice.userId, 20_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/step-up',
      headers: { cookie: alice.cookie },
      payload: { password: TEST_PASSWORD },
    });
    t.clock.advance(48 * 3_600_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/step-up',
      headers: { cookie: alice.cookie },
      payload: { password: TEST_PASSWORD },
    });
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/v1/withdrawals',
      headers: { cookie: alice.cookie, 'idempotency-key': randomUUID() },
      payload: { bankAccountId: accountId, amount: 10_000 },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    owned.set('/api/v1/withdrawals/{id}/cancel', (withdrawal.json() as { id: string }).id);
    // … a passkey (added within the step-up above) …
    const passkeyOptions = await t.app.inject({ method: 'POST', url: '/api/v1/me/passkeys/options', headers: { cookie: alice.cookie } });
    expect(passkeyOptions.statusCode, passkeyOptions.body).toBe(200);
    const { challengeId, options } = passkeyOptions.json() as { challengeId: string; options: Record<string, unknown> };
    const device = new SoftAuthenticator(relyingPartyOf(linkOrigin(t.config)).origins[0]!);
    const passkey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/passkeys',
      headers: { cookie: alice.cookie },
      payload: { challengeId, credential: device.create(options) },
    });
    expect(passkey.statusCode, passkey.body).toBe(201);
    owned.set('/api/v1/me/passkeys/{id}', (passkey.json() as { id: string }).id);
    // … a link to her data download (the token names it) …
    const dataExport = await t.app.inject({ method: 'POST', url: '/api/v1/me/data-export', headers: { cookie: alice.cookie } });
    expect(dataExport.statusCode, dataExport.body).toBe(201);
    owned.set('/api/v1/me/data-export/{token}', (dataExport.json() as { url: string }).url.split('/').pop()!);
    // … a support ticket …
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      headers: { cookie: alice.cookie },
      payload: { subject: 'Alice asks', body: 'About my order' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const ticketId = (ticket.json() as { id: string }).id;
    for (const path of ['', '/messages', '/close']) owned.set(`/api/v1/support/tickets/{id}${path}`, ticketId);
    const plan = await createPlan(w, { price: 1_000 });
    await fund(w, alice.userId, 1_000);
    const purchase = await buy(w, alice, plan.id);
    expect(purchase.statusCode, purchase.body).toBe(201);
    // … and her inbox: the purchase's notification (written by the purchase's own transaction).
    const [notification] = (
      (await t.database.handle.db.execute(
        sql`select id::text as id from notifications where user_id = ${alice.userId} and kind = 'purchase'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    owned.set('/api/v1/notifications/{id}/read', notification!.id);
    const aliceRow = (
      (await t.database.handle.db.execute(sql`select email, invite_code from users where id = ${alice.userId}`)) as unknown as {
        rows: { email: string; invite_code: string }[];
      }
    ).rows[0]!;
    aliceSecrets = [
      alice.userId,
      orderId,
      (purchase.json() as { id: string }).id,
      aliceRow.email,
      aliceRow.invite_code,
      accountId,
      owned.get('/api/v1/withdrawals/{id}/cancel')!,
      '0532013000',
      ticketId,
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (operation: Operation, options: { cookie?: string; fill?: (name: string) => string; body?: unknown } = {}) =>
    t.app.inject({
      method: operation.method.toUpperCase() as 'GET',
      url: operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => options.fill?.(name) ?? 'not-an-id'),
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), 'idempotency-key': randomUUID() },
      ...(operation.method === 'get' || operation.method === 'delete' ? {} : { payload: (options.body ?? {}) as object }),
    });

  /** What the database holds that a refused request must leave alone. */
  const snapshot = async () =>
    (
      (await t.database.handle.db.execute(
        sql`select (select count(*) from ledger_entries)::int as entries,
                   (select string_agg(id::text || status, ',' order by id) from recharge_orders) as orders,
                   (select string_agg(id::text || status, ',' order by id) from purchases) as purchases,
                   (select string_agg(id::text || status, ',' order by id) from withdrawals) as withdrawals,
                   (select string_agg(id::text || coalesce(label, '') || is_default::text || coalesce(removed_at::text, ''), ',' order by id) from bank_accounts) as bank_accounts,
                   (select count(*) from sessions where revoked_at is null)::int as sessions,
                   (select string_agg(id::text || name, ',' order by id) from passkeys) as passkeys,
                   (select string_agg(id::text || display_name, ',' order by id) from users) as users,
                   (select string_agg(id::text || coalesce(read_at::text, ''), ',' order by id) from notifications) as notifications,
                   (select string_agg(id::text || status, ',' order by id) from support_tickets) as tickets,
                   (select count(*) from support_messages)::int as support_messages`,
      )) as unknown as { rows: unknown[] }
    ).rows[0];

  it('lets anyone call exactly the public operations, and marks every other one as needing the session', () => {
    const open = operations.filter((operation) => !operation.security?.length).map((operation) => operation.operationId);
    expect(open.sort()).toEqual(PUBLIC);
  });

  it('answers a visitor 401 on every other operation, before it looks at the request', async () => {
    for (const operation of operations.filter((candidate) => candidate.security?.length)) {
      const response = await call(operation, { body: { unexpected: ['not', 'a', 'body'] } });
      expect({ operation: operation.operationId, status: response.statusCode }).toEqual({ operation: operation.operationId, status: 401 });
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('UNAUTHENTICATED');
    }
  });

  it("answers member B 404 on each of member A's things, and changes nothing", async () => {
    const withIds = operations.filter(
      (operation) => operation.security?.length && !operation.path.startsWith('/api/v1/admin') && operation.path.includes('{'),
    );
    expect(withIds.length).toBeGreaterThan(0);
    const before = await snapshot();
    for (const operation of withIds) {
      if (SHARED_PATHS.has(operation.path)) continue;
      const id = owned.get(operation.path);
      // A new member operation naming something by id needs one of Alice's here, or a place in SHARED_PATHS.
      expect({ operation: operation.operationId, hasFixture: id !== undefined }).toEqual({
        operation: operation.operationId,
        hasFixture: true,
      });
      const response = await call(operation, { cookie: bob.cookie, fill: () => id!, body: VALID_BODIES[operation.operationId] ?? {} });
      expect({ operation: operation.operationId, status: response.statusCode }).toEqual({ operation: operation.operationId, status: 404 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("never shows member B any of member A's ids, email or invite code, nor anyone's user id but B's own", async () => {
    const userIds = (
      (await t.database.handle.db.execute(sql`select id::text as id from users`)) as unknown as { rows: { id: string }[] }
    ).rows
      .map((row) => row.id)
      .filter((id) => id !== bob.userId);
    expect(userIds).toContain(alice.userId);
    const reads = operations.filter(
      (operation) =>
        operation.method === 'get' &&
        // The public reads too: the session probe answers with the signed-in member.
        !operation.path.startsWith('/api/v1/admin') &&
        // The event stream never ends, so it is read over a socket in live-events.test.ts, which
        // checks that a member's stream carries only their own events.
        !STREAMS.has(operation.operationId),
    );
    for (const operation of reads) {
      const id = owned.get(operation.path);
      const response = await call(operation, { cookie: bob.cookie, fill: () => id ?? randomUUID() });
      expect(response.statusCode, `${operation.operationId}: ${response.body}`).toBeLessThan(500);
      const body = response.body.toLowerCase();
      expect({ operation: operation.operationId, userIds: userIds.filter((id) => body.includes(id)) }).toEqual({
        operation: operation.operationId,
        userIds: [],
      });
      for (const secret of aliceSecrets) {
        expect({ operation: operation.operationId, leaks: response.body.includes(secret) }).toEqual({
          operation: operation.operationId,
          leaks: false,
        });
      }
    }
  });
});

describe('route access declarations', () => {
  it('refuses to register an API route that declares no access', async () => {
    const app = Fastify();
    registerRouteAccess(app);
    expect(() => app.get('/api/v1/forgotten', async () => ({ ok: true }))).toThrow(/declares no access/);
    await app.close();
  });
});
