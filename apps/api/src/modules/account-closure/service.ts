import { randomBytes } from 'node:crypto';
import { CLOSURE_BLOCKERS, type AccountClosureList, type ClosureStatus } from '@orchard/shared';
import { AppError } from '../../errors';
import type { Tx } from '../../db/client';
import type { ServiceDeps } from '../../lib/service-deps';
import { insertAudit } from '../audit/index';
import * as repo from './repository';

/** What the member reads for each blocker (the web app has its own words; these are the API's). */
const BLOCKER_TEXT: Record<(typeof CLOSURE_BLOCKERS)[number], string> = {
  console_account: 'A console account is closed by an operator, not from here.',
  frozen: 'This account is frozen. Please contact support.',
  balance: 'Withdraw your balance first: it must be zero.',
  on_hold: 'A withdrawal is still on hold.',
  commission_pending: 'Commissions are still pending or on review.',
  debt: 'There is an amount owed to settle first.',
  withdrawal_open: 'A withdrawal is still requested or processing.',
  recharge_open: 'A recharge order is still open: cancel it or wait for it to end.',
  referral_hold: 'Your account is on referral review.',
};

function ordered(blockers: Set<(typeof CLOSURE_BLOCKERS)[number]>) {
  return CLOSURE_BLOCKERS.filter((blocker) => blockers.has(blocker));
}

/** Whether the member may close their account now, and if not, what is still open. */
export async function closureStatus(deps: ServiceDeps, userId: string): Promise<ClosureStatus> {
  const account = await repo.accountOf(deps.db, userId);
  if (!account) throw new AppError('NOT_FOUND');
  const blockers = ordered(await repo.blockersOf(deps.db, userId, account, false));
  return { closable: blockers.length === 0, blockers };
}

/** "Former member" and four random characters: tells closed accounts apart, says nothing of who. */
function newPseudonym(): string {
  // Data kept in the row, never shown as a sentence: the web app writes "former member" in the reader's language.
  return ['Former', 'member', randomBytes(3).toString('hex').toUpperCase()].join(' ');
}

/**
 * Closes the signed-in member's account (docs/decisions/0035): the session must be stepped up
 * (the password again, modules/accounts/step-up.ts), the account a member's, not frozen, with
 * every balance zero and nothing open (CLOSURE_BLOCKERS; 409 ACCOUNT_NOT_CLOSABLE with each in
 * `fields`). One transaction: the row and the member's ledger accounts locked, the blockers read
 * under the locks, the personal data erased, every session ended, and one audit line that names
 * the pseudonym only.
 */
export async function closeAccount(deps: ServiceDeps, auth: { userId: string; sessionId: string }): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.isSteppedUp(tx, auth, now))) throw new AppError('STEP_UP_REQUIRED', 'Enter your password again to close your account.');
    await closeLocked(tx, auth.userId, now);
  });
}

/**
 * The closing itself, for a member whose identity was already proved (the route's step-up; the
 * demo seeding's own members): the same refusals, erasure and audit line, in one transaction.
 */
export async function closeMemberAccount(deps: ServiceDeps, userId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction((tx) => closeLocked(tx, userId, now));
}

async function closeLocked(tx: Tx, userId: string, now: Date): Promise<void> {
  const account = await repo.lockAccount(tx, userId);
  if (!account || account.status === 'closed') throw new AppError('NOT_FOUND');
  const blockers = ordered(await repo.blockersOf(tx, userId, account, true));
  if (blockers.length > 0)
    throw new AppError(
      'ACCOUNT_NOT_CLOSABLE',
      BLOCKER_TEXT[blockers[0]!],
      Object.fromEntries(blockers.map((blocker) => [blocker, BLOCKER_TEXT[blocker]])),
    );
  const pseudonym = newPseudonym();
  const sessionsEnded = await repo.eraseAccount(tx, userId, pseudonym, now);
  await insertAudit(tx, {
    actorId: userId,
    action: 'account.closed',
    subjectType: 'user',
    subjectId: userId,
    detail: { pseudonym, sessionsEnded },
    at: now,
  });
}

/** Closed accounts for the console (support): when each closed and its pseudonym, never who. */
export async function listClosures(deps: ServiceDeps): Promise<AccountClosureList> {
  const { rows, total } = await repo.listClosures(deps.db, 50);
  return {
    items: rows.map((row) => ({ pseudonym: row.pseudonym, closedAt: new Date(row.closed_at).toISOString() })),
    total,
  };
}
