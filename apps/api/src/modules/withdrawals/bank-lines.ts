import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { withdrawals } from '../../db/schema/index';
import { LEDGER_CEILINGS } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { assertMayActOnFacts } from '../accounts/index';
import { type ConsoleActor, noteConsoleActionRecorded } from '../audit/index';
import * as repo from './repository';
import { withdrawalNotFound } from './withdrawals';

/**
 * What bank reconciliation (modules/reconciliation) asks of withdrawals: the payouts an outgoing
 * bank line names or may be, and marking one paid through the same path as the operator's "paid"
 * and the bank's result file (withdrawal_settle_audited): one settlement, audited, at most once.
 */
export interface WithdrawalCandidate {
  id: string;
  net: number;
  currency: string;
  status: string;
  processingAt: Date | null;
  payoutReference: string | null;
}

const candidateColumns = {
  id: withdrawals.id,
  net: withdrawals.net,
  currency: withdrawals.currency,
  status: withdrawals.status,
  processingAt: withdrawals.processingAt,
  payoutReference: withdrawals.payoutReference,
};

export async function withdrawalsByIds(db: Tx, ids: readonly string[]): Promise<WithdrawalCandidate[]> {
  if (ids.length === 0) return [];
  return db
    .select(candidateColumns)
    .from(withdrawals)
    .where(inArray(withdrawals.id, [...ids]));
}

/** Payouts on their way to the bank for exactly this net amount, newest first: suggestions. */
export async function processingWithdrawalsOfNet(db: Tx, net: number, currency: string, limit = 3): Promise<WithdrawalCandidate[]> {
  return db
    .select(candidateColumns)
    .from(withdrawals)
    .where(and(eq(withdrawals.net, net), eq(withdrawals.currency, currency), eq(withdrawals.status, 'processing')))
    .orderBy(desc(withdrawals.processingAt))
    .limit(limit);
}

/** Marks a pending or processing withdrawal paid with the bank's reference, under a savepoint (a refusal is thrown). */
export async function payFromBankLine(tx: Tx, deps: ServiceDeps, actor: ConsoleActor, id: string, reference: string): Promise<void> {
  const owner = await repo.findWithdrawalOwner(tx, id);
  if (!owner) throw withdrawalNotFound();
  assertMayActOnFacts(actor, 'withdrawal', owner);
  const { replayed } = await tx.transaction((savepoint) =>
    repo.settleWithdrawalAudited(savepoint, {
      id,
      outcome: 'paid',
      actor,
      payoutReference: reference,
      reason: null,
      at: deps.clock.now(),
      limits: LEDGER_CEILINGS,
    }),
  );
  if (!replayed) noteConsoleActionRecorded(actor);
}
