import type {
  AdjustBalanceBody,
  AdjustmentResult,
  ListStatementEventsQuery,
  ListTransactionsQuery,
  SentForApproval,
} from '@orchard/shared';
import type { Tx } from '../../db/client';
import { notFound } from '../../errors';
import { accountBalanceAt, buildIntegrityReport, ledgerLimits, minorUnitDigits, moneyRefusalOf, withRetries } from '../../ledger/index';
import { sealKeys } from '../books/index';
import { assertMayActOn } from '../accounts/index';
import { type ConsoleActor, noteConsoleActionRecorded } from '../audit/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { instantRange } from '../../lib/date-range';
import { isUuid } from '../../lib/uuid';
import * as approvals from '../approvals/index';
import * as wallet from '../wallet/index';
import * as repo from './repository';
import { findMemberId } from './repository';

/**
 * Credits or debits a member's available balance against the platform adjustments account: one
 * call of `ledger_adjust` (sql/ledger_adjust.sql), which writes the movement and its audit row. The
 * operator's Idempotency-Key is the ledger key, so the ledger transaction is the request's
 * idempotency record: the same request again gets the adjustment back (`replayed`, nothing moved
 * or audited twice); the key reused for another member, direction or amount is a 422
 * `IDEMPOTENCY_KEY_REUSED`. Over the approval threshold (read by the same call) nothing moves: the
 * adjustment becomes a request for a second person (`sent`), who runs it with `adjustmentApproval`.
 */
export async function adjustBalance(
  deps: ServiceDeps,
  actor: ConsoleActor,
  userId: string,
  body: AdjustBalanceBody,
  requestKey: string,
): Promise<{ result: AdjustmentResult; replayed: boolean; sent?: undefined } | { sent: SentForApproval; replayed: boolean }> {
  if (!isUuid(userId)) throw notFound('No such member.');
  // Members' wallets only, never the actor's own (the database function refuses staff accounts too).
  await assertMayActOn(deps.db, actor, 'adjustment', userId, { missing: () => notFound('No such member.') });
  const currency = deps.config.CURRENCY;
  const limits = ledgerLimits(deps.config);
  const adjusted = await withRetries(() =>
    repo.adjust(deps.db, {
      memberId: userId,
      direction: body.direction,
      amount: body.amount,
      reason: body.reason,
      key: requestKey,
      actor,
      currency,
      at: deps.clock.now(),
      limits,
      gated: true,
    }),
  ).catch((error: unknown) => {
    throw moneyRefusalOf(error)?.code === 'MEMBER_NOT_FOUND' ? notFound('No such member.') : error;
  });
  if (adjusted.needsApproval) return requestAdjustmentApproval(deps, actor, userId, body, requestKey);
  if (adjusted.created) noteConsoleActionRecorded(actor);
  return {
    replayed: !adjusted.created,
    result: {
      transactionId: String(adjusted.transactionId),
      userId,
      direction: body.direction,
      amount: body.amount,
      wallet: { currency, fractionDigits: minorUnitDigits(currency), available: adjusted.available, onHold: adjusted.onHold },
    },
  };
}

/** Over the threshold (ledger_adjust said so, nothing moved): the adjustment waits for a second person. */
async function requestAdjustmentApproval(deps: ServiceDeps, actor: ConsoleActor, userId: string, body: AdjustBalanceBody, key: string) {
  const payload = { direction: body.direction, amount: body.amount, reason: body.reason };
  const { approval, replayed } = await approvals.requestApproval(deps, actor, {
    kind: 'adjustment',
    payload,
    amount: body.amount,
    subjectUserId: userId,
    key,
  });
  return { sent: { approval } satisfies SentForApproval, replayed };
}

/**
 * An adjustment a second person approved (modules/approvals), run inside the approving transaction:
 * the requester stays its operator and the ledger key is `approval:<request id>`, so whoever
 * approves and however often, it moves once; the approver is named beside the requester on the
 * ledger transaction and its audit row.
 */
export const adjustmentApproval: approvals.ApprovalAction = {
  permission: 'adjustments',
  accountAction: 'adjustment',
  apply: async (tx: Tx, deps, request, approver) => {
    const body = request.payload as Pick<AdjustBalanceBody, 'direction' | 'amount' | 'reason'>;
    const adjusted = await repo.adjust(tx, {
      memberId: request.subjectUserId!,
      direction: body.direction,
      amount: body.amount,
      reason: body.reason,
      key: `approval:${request.id}`,
      actor: { ...approver, operatorId: request.requestedBy },
      approval: { approvedBy: approver.operatorId, approvalId: request.id },
      currency: deps.config.CURRENCY,
      at: deps.clock.now(),
      limits: ledgerLimits(deps.config),
    });
    if (adjusted.needsApproval) throw new Error('an approved adjustment is never gated again');
    if (adjusted.created) noteConsoleActionRecorded(approver);
    return { transactionId: String(adjusted.transactionId) };
  },
};

export async function ledgerReport(deps: ServiceDeps) {
  return buildIntegrityReport(deps.db, deps.clock.now(), { publishedKeys: sealKeys(deps.config) });
}

/** A member's wallet as the operator sees it (the member's own view); 404 for anyone else. */
export async function memberWallet(deps: ServiceDeps, id: string) {
  return wallet.getWallet(deps, await requireMemberId(deps, id));
}

/** A member's statement, as the member sees it; 404 for anyone else. */
export async function memberTransactions(deps: ServiceDeps, id: string, query: ListTransactionsQuery) {
  return wallet.listTransactions(deps, await requireMemberId(deps, id), query);
}

export async function memberEvents(deps: ServiceDeps, id: string, query: ListStatementEventsQuery) {
  return wallet.listEvents(deps, await requireMemberId(deps, id), query);
}

/** A member's balances at an instant (a bare date: the start of that day, UTC); 404 for anyone else. */
export async function memberBalancesAtView(deps: ServiceDeps, id: string, at: string) {
  return wallet.balancesAt(deps, await requireMemberId(deps, id), instantOf(at));
}

/** Any ledger account's balance at an instant; 404 when there is no such account. */
export async function accountBalanceAtView(deps: ServiceDeps, accountId: number, at: string) {
  const instant = instantOf(at);
  const found = await accountBalanceAt(deps.db, accountId, instant);
  if (!found) throw notFound('No such account.');
  return { ...found, fractionDigits: minorUnitDigits(found.currency), at: instant.toISOString() };
}

const instantOf = (at: string) => instantRange(at, undefined).from!;

/** The id of an existing member (not an operator); 404 otherwise. */
async function requireMemberId(deps: ServiceDeps, id: string): Promise<string> {
  const memberId = isUuid(id) ? await findMemberId(deps.db, id) : undefined;
  if (!memberId) throw notFound('No such member.');
  return memberId;
}
