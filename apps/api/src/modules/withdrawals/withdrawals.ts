import type { z } from 'zod';
import type { CreateWithdrawalBody, listWithdrawalsQuerySchema, Withdrawal, WithdrawalQuote } from '@orchard/shared';
import { AppError, conflict, notFound } from '../../errors';
import {
  getMemberBalances,
  LEDGER_CEILINGS,
  ledgerLimits,
  ledgerRefusalError,
  moneyRefusalOf,
  withRetries,
  type MoneyRefusal,
} from '../../ledger/index';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { bankAccountNotFound } from './bank-accounts';
import * as repo from './repository';
import { toWithdrawalView } from './views';

const DEFAULT_LIMIT = 20;
export const withdrawalNotFound = () => notFound('No such withdrawal.');

/** A refusal of withdrawal_request or withdrawal_settle (sql/) as the 4xx it stands for. */
function withdrawalRefusalError(refusal: MoneyRefusal | undefined): AppError | undefined {
  if (!refusal) return undefined;
  const { code, detail } = refusal;
  switch (code) {
    case 'STEP_UP_REQUIRED':
      return new AppError('STEP_UP_REQUIRED', 'Enter your password again to confirm this withdrawal.');
    case 'WITHDRAWALS_DISABLED':
      return new AppError('WITHDRAWALS_DISABLED', 'Withdrawals are paused for now.');
    case 'ACCOUNT_FROZEN':
      return new AppError('ACCOUNT_FROZEN', 'This account is frozen: money cannot leave it.');
    case 'BANK_ACCOUNT_NOT_FOUND':
      return bankAccountNotFound();
    case 'BANK_ACCOUNT_COOLING_DOWN':
      return new AppError('BANK_ACCOUNT_COOLING_DOWN', `This bank account can receive payouts from ${String(detail.usableFrom)}.`, {
        bankAccountId: 'This account is new: payouts to it open after the cool-down.',
      });
    case 'WITHDRAWAL_AMOUNT_OUT_OF_RANGE': {
      const message = `Withdraw between ${Number(detail.min)} and ${Number(detail.max)} (minor units).`;
      return new AppError('WITHDRAWAL_AMOUNT_OUT_OF_RANGE', message, { amount: message });
    }
    case 'WITHDRAWAL_DAILY_LIMIT': {
      const message = `You may withdraw ${Number(detail.remaining)} (minor units) more today.`;
      return new AppError('WITHDRAWAL_DAILY_LIMIT', message, { amount: message });
    }
    case 'WITHDRAWAL_NOT_FOUND':
      return withdrawalNotFound();
    case 'WITHDRAWAL_NOT_PENDING':
      return detail.status === 'processing'
        ? new AppError('WITHDRAWAL_NOT_PENDING', 'This withdrawal is on its way to your bank: it can no longer be cancelled.')
        : new AppError('WITHDRAWAL_NOT_PENDING', `This withdrawal is ${String(detail.status)} already.`);
    case 'WITHDRAWAL_NOT_PROCESSING':
      return conflict(`This withdrawal is ${String(detail.status)}: only one on its way to the bank goes back to the queue.`);
    case 'NOTHING_TO_EXPORT':
      return conflict('No withdrawal is waiting to be sent: the payout file would be empty.');
    case 'TOO_MANY_PENDING_WITHDRAWALS':
      return tooManyPendingWithdrawals(Number(detail.max));
    case 'FEE_CHANGED':
      return new AppError(
        'FEE_CHANGED',
        `The fee is now ${Number(detail.fee)} (minor units), not ${Number(detail.expected)}: you would receive ${Number(detail.net)}. Check it and confirm again.`,
      );
    case 'WITHDRAWAL_DEBT': {
      const message = `You owe ${Number(detail.debt)} (minor units) from a refunded purchase: it is settled from your next earnings and cannot be withdrawn. You may withdraw up to ${Number(detail.withdrawable)}.`;
      return new AppError('INSUFFICIENT_FUNDS', message, { amount: message });
    }
    default:
      return ledgerRefusalError(refusal);
  }
}

/** Runs one call of a withdrawal function, retried on a deadlock, its refusals as 4xx errors. */
export async function callWithdrawalFunction<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withRetries(work);
  } catch (error) {
    throw withdrawalRefusalError(moneyRefusalOf(error)) ?? error;
  }
}

/**
 * What a withdrawal of `amount` would cost and leave, and why it could not be made now. Changes
 * nothing. The fee is the database's withdrawal_fee, the very function the request charges with.
 */
export async function quoteWithdrawal(deps: ServiceDeps, userId: string, amount: number): Promise<WithdrawalQuote> {
  const now = deps.clock.now();
  const currency = deps.config.CURRENCY;
  const [{ settings, fee }, used, balances] = await Promise.all([
    repo.readSettingsAndFee(deps.db, amount),
    repo.usedToday(deps.db, userId, now),
    getMemberBalances(deps.db, userId, currency),
  ]);
  const remainingToday = Math.max(0, settings.dailyMax - used);
  const min = Math.max(settings.minAmount, settings.feeFixed + 1);
  const withdrawable = Math.max(0, balances.available - balances.debt);
  let blocked: WithdrawalQuote['blocked'] = null;
  if (!settings.enabled) blocked = 'disabled';
  else if (amount < min || fee >= amount) blocked = 'below_min';
  else if (amount > settings.maxAmount) blocked = 'above_max';
  else if (amount > remainingToday) blocked = 'daily_limit';
  else if (amount > balances.available) blocked = 'insufficient_funds';
  else if (amount > withdrawable) blocked = 'debt';
  return {
    currency,
    amount,
    fee: Math.min(fee, amount),
    net: Math.max(0, amount - fee),
    feeFixed: settings.feeFixed,
    feeBp: settings.feeBp,
    min,
    max: settings.maxAmount,
    remainingToday,
    available: balances.available,
    debt: balances.debt,
    withdrawable,
    enabled: settings.enabled,
    payoutBusinessDays: settings.payoutBusinessDays,
    blocked,
  };
}

function tooManyPendingWithdrawals(max: number): AppError {
  return new AppError(
    'TOO_MANY_PENDING_WITHDRAWALS',
    `You have ${max} withdrawals waiting to be paid, which is the most at once. Cancel one, or wait until one is paid.`,
  );
}

/**
 * Requests a withdrawal: one call of withdrawal_request (sql/withdrawal_request.sql), which checks the step-up
 * of this session, the switch, the account and its cool-down, the limits, the fee the member was
 * shown (`expectedFee`: another fee is FEE_CHANGED), the daily maximum and what the member owes,
 * and puts the amount on hold. The member's Idempotency-Key is kept on the withdrawal.
 *
 * At most WITHDRAWALS_MAX_PENDING of a member's withdrawals wait in the payout queue at once
 * (states: pending → processing → paid | rejected by an operator, pending → cancelled by the member; pending and processing ones
 * count). withdrawal_request counts them under the member's `payouts` lock (db/member-lock.ts),
 * held until its transaction ends: a second request of the same member waits there until the first
 * has committed its withdrawal, then counts it, so a burst holds exactly the cap, in the one round
 * trip of the request. A retry of a request already made (same Idempotency-Key) is given back
 * before the count, never refused.
 */
export async function createWithdrawal(
  deps: ServiceDeps,
  auth: { userId: string; sessionId: string },
  body: CreateWithdrawalBody,
  requestKey: string,
): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
  if (!isUuid(body.bankAccountId)) throw bankAccountNotFound();
  const { withdrawal, replayed } = await callWithdrawalFunction(() =>
    repo.requestWithdrawal(deps.db, {
      userId: auth.userId,
      sessionId: auth.sessionId,
      bankAccountId: body.bankAccountId,
      amount: body.amount,
      expectedFee: body.expectedFee ?? null,
      requestKey,
      currency: deps.config.CURRENCY,
      at: deps.clock.now(),
      limits: ledgerLimits(deps.config),
      maxPending: deps.config.WITHDRAWALS_MAX_PENDING,
    }),
  );
  return { withdrawal: toWithdrawalView(withdrawal), replayed };
}

/**
 * The member cancels their own pending withdrawal: the amount goes back to available. One on its
 * way to the bank (processing) is refused. Settling never meets the configured limits (they are
 * for new money): the ceilings are passed, and withdrawal_settle uses them whatever it is given.
 */
export async function cancelWithdrawal(deps: ServiceDeps, userId: string, id: string): Promise<Withdrawal> {
  if (!isUuid(id)) throw withdrawalNotFound();
  const { withdrawal } = await callWithdrawalFunction(() =>
    repo.settleWithdrawal(deps.db, {
      id,
      outcome: 'cancelled',
      memberId: userId,
      operatorId: null,
      payoutReference: null,
      reason: null,
      at: deps.clock.now(),
      limits: LEDGER_CEILINGS,
    }),
  );
  return toWithdrawalView(withdrawal);
}

export function limitOf(limit: string | undefined): number {
  return limit === undefined ? DEFAULT_LIMIT : Number(limit);
}

export async function listMyWithdrawals(
  deps: ServiceDeps,
  userId: string,
  query: z.infer<typeof listWithdrawalsQuerySchema>,
): Promise<{ items: Withdrawal[]; nextCursor: string | null }> {
  const limit = limitOf(query.limit);
  const rows = await repo.listWithdrawals(deps.db, { userId, status: query.status }, { cursor: decodeCursor(query.cursor), limit });
  const page = rows.slice(0, limit);
  return { items: page.map(toWithdrawalView), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}
