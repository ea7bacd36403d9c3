import type { ConsoleRole, Role } from '@orchard/shared';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { conflict, forbidden, notFound, type AppError } from '../../errors';
import type { ConsoleActor } from '../../plugins/operator-scope';

/**
 * Whose account a console user may act on: the one table, and the one check every console action
 * that targets an account calls (its route says which row it follows: `config.accountAction`, shown
 * in the OpenAPI document as `x-account-action`). The permission matrix (console-roles.ts) says
 * which actions a role may take at all; this says on whom.
 *
 * The rules, in the order they are checked (the first that refuses answers):
 * 1. **Never on one's own account** (409 CONFLICT): nobody changes their own role or status, signs
 *    themself in with a link, or moves money to or from their own wallet — a member who is also
 *    staff is served by another console user. For an action that moves money to several accounts
 *    (a refund takes commissions back from the uplines; a referral review releases or voids them),
 *    the caller names every account the money reaches, and none may be the actor's.
 * 2. **Only accounts the action is for** (403 FORBIDDEN): a sign-in link signs its holder in as the
 *    account, so it is never issued for someone with console access; adjustments are for members'
 *    wallets (the database function refuses any other account too).
 * 3. **Only accounts below one's own role** (403 FORBIDDEN): support and finance act on members
 *    only; an operator on anyone.
 * 4. **Never the last active operator** (409 CONFLICT) for actions that take an operator's access
 *    away (role, status): the check locks every active operator's row, so two operators freezing
 *    or demoting each other at the same moment cannot leave the console with nobody to run it.
 *
 * States and who may move them: an account's role (member ⇄ support/finance/operator) — operators,
 * on anyone but themselves, never leaving no active operator; its status (active ⇄ frozen) —
 * operators on anyone but themselves (same guard), support on members; money to or from it
 * (adjustment, recharge credit/reject, withdrawal pay/reject and its bank details, refund,
 * referral review) — whoever holds the permission, on members (operators: on anyone), never on
 * their own account; a console account's session (ended from /admin/console-sessions) — operators,
 * on other console accounts, never their own (they sign out, or end the others from /profile).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For an operator route that acts on an account (or moves money to or from one): the row of
     * the rules below it follows, whose check its service makes. The operator scope refuses an
     * unknown one at start-up (it is handed isAccountAction at registration, app.ts).
     */
    accountAction?: AccountAction;
  }
}

export const ACCOUNT_ACTIONS = [
  'role',
  'status',
  'sign_in_link',
  'second_factor',
  'adjustment',
  'recharge',
  'withdrawal',
  'refund',
  'referral_review',
  'console_session',
] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

export function isAccountAction(value: unknown): value is AccountAction {
  return typeof value === 'string' && (ACCOUNT_ACTIONS as readonly string[]).includes(value);
}

const EVERY_ROLE: readonly Role[] = ['member', 'support', 'finance', 'operator'];

/** Rule 3: the roles whose accounts each console role may act on — below its own. */
const REACH: Readonly<Record<ConsoleRole, readonly Role[]>> = {
  operator: EVERY_ROLE,
  support: ['member'],
  finance: ['member'],
};

interface AccountActionRule {
  /** Rule 1: what the actor is told when the account is their own. */
  ownAccount: string;
  /** Rule 2: the roles whose accounts the action is for, and what anyone else's gets. */
  accounts: readonly Role[];
  notForThisAccount?: string;
  /** Rule 4: the action takes an operator's access away. */
  keepsAnOperator: boolean;
}

const OWN_MONEY = 'Nobody moves money to or from their own account: another console user must do this.';

/** Rules 1, 2 and 4 per action. */
export const ACCOUNT_ACTION_RULES: Readonly<Record<AccountAction, AccountActionRule>> = {
  role: { ownAccount: 'You cannot change your own role; ask another operator.', accounts: EVERY_ROLE, keepsAnOperator: true },
  status: { ownAccount: 'You cannot freeze your own account.', accounts: EVERY_ROLE, keepsAnOperator: true },
  sign_in_link: {
    ownAccount: 'You cannot issue a sign-in link for yourself.',
    accounts: ['member'],
    notForThisAccount: 'Sign-in links cannot be issued for someone with console access.',
    keepsAnOperator: false,
  },
  second_factor: {
    ownAccount: 'You cannot reset your own second factor; ask another operator.',
    accounts: ['support', 'finance', 'operator'],
    notForThisAccount: 'Only console accounts have a second factor to reset.',
    keepsAnOperator: false,
  },
  adjustment: {
    ownAccount: OWN_MONEY,
    accounts: ['member'],
    notForThisAccount: 'Adjustments are for members’ wallets only.',
    keepsAnOperator: false,
  },
  recharge: { ownAccount: OWN_MONEY, accounts: EVERY_ROLE, keepsAnOperator: false },
  withdrawal: { ownAccount: OWN_MONEY, accounts: EVERY_ROLE, keepsAnOperator: false },
  refund: { ownAccount: OWN_MONEY, accounts: EVERY_ROLE, keepsAnOperator: false },
  referral_review: { ownAccount: OWN_MONEY, accounts: EVERY_ROLE, keepsAnOperator: false },
  console_session: {
    ownAccount: 'You cannot end your own sessions here: sign out, or end the others from your profile.',
    accounts: ['support', 'finance', 'operator'],
    notForThisAccount: 'Only console accounts’ sessions are ended here; a member’s end when it is frozen.',
    keepsAnOperator: false,
  },
};

export const OUT_OF_REACH = 'Your console role acts on members only; ask an operator.';
export const LAST_OPERATOR = 'This is the last active operator; make another operator first.';

const ACCOUNT_CLOSED = 'This account is closed: nothing more is done on it.';

export type AccountRefusal = 'own_account' | 'not_for_this_account' | 'out_of_reach' | 'last_operator' | 'closed';

/** What the check knows of an account. */
export interface AccountFacts {
  id: string;
  role: Role;
  status: 'active' | 'frozen' | 'closed';
}

/**
 * The rules as a pure function: why `actor` may not take `action` on `account` (and on the other
 * accounts the money reaches), or null when it may. `activeOperators` counts the active operators,
 * the account included.
 */
export function accountActionRefusal(
  actor: Pick<ConsoleActor, 'operatorId' | 'role'>,
  action: AccountAction,
  account: AccountFacts,
  activeOperators: number,
  alsoMoves: readonly string[] = [],
): AccountRefusal | null {
  const rule = ACCOUNT_ACTION_RULES[action];
  if (account.id === actor.operatorId || alsoMoves.includes(actor.operatorId)) return 'own_account';
  // A closed account (docs/decisions/0035) keeps its books but is acted on no more.
  if (account.status === 'closed') return 'closed';
  if (!rule.accounts.includes(account.role)) return 'not_for_this_account';
  if (!REACH[actor.role].includes(account.role)) return 'out_of_reach';
  if (rule.keepsAnOperator && account.role === 'operator' && account.status === 'active' && activeOperators <= 1) return 'last_operator';
  return null;
}

/** The answer to a refusal: what it is and what to do instead. */
function accountRefusalError(action: AccountAction, refusal: AccountRefusal): AppError {
  const rule = ACCOUNT_ACTION_RULES[action];
  switch (refusal) {
    case 'own_account':
      return conflict(rule.ownAccount);
    case 'not_for_this_account':
      return forbidden(rule.notForThisAccount);
    case 'out_of_reach':
      return forbidden(OUT_OF_REACH);
    case 'last_operator':
      return conflict(LAST_OPERATOR);
    case 'closed':
      return conflict(ACCOUNT_CLOSED);
  }
}

/**
 * The check every console action on an account makes, with the database's facts: throws the
 * refusal, or returns the account. For an action that takes an operator's access away it locks
 * the account's row and every active operator's (in id order, so two such checks never wait on
 * each other crosswise) until the caller's transaction ends: pass the action's transaction.
 * `alsoMoves`: the other accounts the action moves money to or from; `missing`: the answer when
 * the account does not exist.
 */
export async function assertMayActOn(
  db: Db | Tx,
  actor: ConsoleActor,
  action: AccountAction,
  accountId: string,
  options: { alsoMoves?: readonly string[]; missing?: () => AppError } = {},
): Promise<AccountFacts> {
  const columns = { id: users.id, role: users.role, status: users.status };
  const rows: AccountFacts[] = ACCOUNT_ACTION_RULES[action].keepsAnOperator
    ? await db
        .select(columns)
        .from(users)
        .where(or(eq(users.id, accountId), and(eq(users.role, 'operator'), eq(users.status, 'active'))))
        .orderBy(asc(users.id))
        .for('update')
    : await db.select(columns).from(users).where(eq(users.id, accountId));
  const account = rows.find((row) => row.id === accountId);
  if (!account) throw options.missing?.() ?? notFound('This member does not exist.');
  const activeOperators = rows.filter((row) => row.role === 'operator' && row.status === 'active').length;
  const refusal = accountActionRefusal(actor, action, account, activeOperators, options.alsoMoves);
  if (refusal) throw accountRefusalError(action, refusal);
  return account;
}

/**
 * The same check on facts the caller read already (with the object the action is on, in the same
 * query: one round trip less on a money request). Only for actions that take no operator's access
 * away: those need assertMayActOn's locks.
 */
export function assertMayActOnFacts(
  actor: ConsoleActor,
  action: Exclude<AccountAction, 'role' | 'status'>,
  account: AccountFacts,
  options: { alsoMoves?: readonly string[] } = {},
): AccountFacts {
  const refusal = accountActionRefusal(actor, action, account, 0, options.alsoMoves);
  if (refusal) throw accountRefusalError(action, refusal);
  return account;
}
