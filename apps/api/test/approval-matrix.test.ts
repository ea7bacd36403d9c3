import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_KINDS, type ApprovalKind, CONSOLE_ROLES, roleHasPermission } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';

/*
 * Who may ask for and who may approve each kind of gated action (modules/approvals/README.md), for
 * every kind in APPROVAL_KINDS: a new kind fails here until it has a row. Asking is calling the
 * gated operation (its `x-permission` in the OpenAPI document); approving needs `approvals` and the
 * kind's own permission (and another person: each kind's own suite checks that, and the 403s,
 * through the API). The rows are read against the permission matrix and the registered actions, so
 * a role's permissions changing, or a kind registered with another permission, fails here too.
 */

type Row = { operation: string; ask: string; approve: string };
const EXPECTED: Record<ApprovalKind, Row> = {
  //                                                                 who may ask            who may approve
  adjustment: /*          */ { operation: 'adjustBalance', /*       */ ask: 'operator finance', approve: 'operator finance' },
  refund_override: /*     */ { operation: 'refundPurchase', /*      */ ask: 'operator', /*      */ approve: 'operator' },
  payout_results: /*      */ { operation: 'importPayoutResults', /* */ ask: 'operator finance', approve: 'operator finance' },
  withdrawal_settings: /* */ { operation: 'updateWithdrawalSettings', ask: 'operator finance', approve: 'operator finance' },
  referral_settings: /*   */ { operation: 'updateReferralSettings', ask: 'operator', /*      */ approve: 'operator' },
  second_factor_reset: { operation: 'resetSecondFactor', ask: 'operator', approve: 'operator' },
};

describe('who may ask for and approve each kind of request', () => {
  let t: TestApp;
  let permissions: Map<string, string>;
  let actions: Awaited<typeof import('../src/modules/approvals/kinds')>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; 'x-permission'?: string }>>;
    };
    permissions = new Map(
      Object.values(document.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) => (operation['x-permission'] ? [[operation.operationId, operation['x-permission']]] : [])),
      ),
    );
    actions = await import('../src/modules/approvals/kinds');
  });
  afterAll(async () => t?.close());

  const rolesWith = (test: (role: (typeof CONSOLE_ROLES)[number]) => boolean) => CONSOLE_ROLES.filter(test).join(' ');

  it('has a row for every kind, and no row for a kind that does not exist', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...APPROVAL_KINDS].sort());
  });

  it.each(APPROVAL_KINDS)('%s: who may ask is who may call its operation; who may approve also holds `approvals`', (kind) => {
    const row = EXPECTED[kind];
    const asking = permissions.get(row.operation);
    expect(asking, `${row.operation} is a console operation`).toBeDefined();
    expect(rolesWith((role) => roleHasPermission(role, asking as never))).toBe(row.ask);
    const action = actions.actionOf(kind);
    // The permission to approve is the one to do the action: nobody approves what they could not ask for.
    expect(action.permission).toBe(asking);
    expect(rolesWith((role) => roleHasPermission(role, 'approvals') && roleHasPermission(role, action.permission))).toBe(row.approve);
    expect(rolesWith((role) => actions.kindsFor(role).includes(kind))).toBe(
      rolesWith((role) => roleHasPermission(role, action.permission)),
    );
  });
});
