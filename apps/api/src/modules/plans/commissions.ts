import type { CommissionSummary } from '@orchard/shared';
import type { Tx } from '../../db/client';
import {
  ensureMemberAccounts,
  getMemberBalances,
  ledgerLimits,
  lockMemberBalances,
  postTransaction,
  withTransaction,
  type LedgerEntryInput,
} from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import * as repo from './repository';
import { settleDebt } from './rules';

/** Most commissions one release transaction takes; the job loops a bounded number of times. */
export const RELEASE_BATCH = 100;
const RELEASE_ROUNDS_MAX = 20;

/**
 * Moves one commission from pending to the member's wallet, paying their debt first. The caller
 * holds the commission's row lock (claimDueCommissions, or the purchase that just made it). The
 * ledger key `commission-release:<id>` makes a second release of the same commission impossible
 * even if a lock were ever missed.
 */
export async function releaseCommission(tx: Tx, deps: ServiceDeps, commission: repo.DueCommission, now: Date): Promise<void> {
  const accounts = await ensureMemberAccounts(tx, commission.beneficiaryId, commission.currency);
  const balances = await lockMemberBalances(tx, [accounts.commissionPending, accounts.available, accounts.debt]);
  const { toDebt, toAvailable } = settleDebt(commission.amount, -(balances.get(accounts.debt) ?? 0));
  const entries: LedgerEntryInput[] = [{ accountId: accounts.commissionPending, amount: -commission.amount }];
  if (toAvailable > 0) entries.push({ accountId: accounts.available, amount: toAvailable });
  if (toDebt > 0) entries.push({ accountId: accounts.debt, amount: toDebt });
  await postTransaction(tx, {
    kind: 'commission_release',
    idempotencyKey: `commission-release:${commission.id}`,
    entries,
    memo: toDebt > 0 ? 'Commission released (part settled what was owed)' : 'Commission released',
    refs: { purchaseId: commission.purchaseId, commissionId: commission.id },
    at: now,
    limits: ledgerLimits(deps.config),
  });
  await repo.markCommission(tx, commission.id, { status: 'available', releasedAt: now });
}

/**
 * Locks the accounts of every beneficiary of a batch at once, in ascending account id order like
 * every other movement. Locked one commission at a time (in commission order) two runners whose
 * batches share beneficiaries took them crosswise and deadlocked until withTransaction gave up.
 */
async function lockBeneficiaries(tx: Tx, due: readonly repo.DueCommission[]): Promise<void> {
  const accountIds: number[] = [];
  const seen = new Set<string>();
  for (const { beneficiaryId, currency } of due) {
    if (seen.has(`${beneficiaryId}:${currency}`)) continue;
    seen.add(`${beneficiaryId}:${currency}`);
    const accounts = await ensureMemberAccounts(tx, beneficiaryId, currency);
    accountIds.push(accounts.commissionPending, accounts.available, accounts.debt);
  }
  await lockMemberBalances(tx, accountIds);
}

/**
 * Releases every commission whose holding period is over. Safe to run on several instances at
 * once: each batch locks its rows with SKIP LOCKED, so two runners never take the same commission.
 * Returns how many it released.
 */
export async function releaseDueCommissions(deps: ServiceDeps): Promise<number> {
  let released = 0;
  for (let round = 0; round < RELEASE_ROUNDS_MAX; round++) {
    const now = deps.clock.now();
    const count = await withTransaction(deps.db, async (tx) => {
      const due = await repo.claimDueCommissions(tx, now, RELEASE_BATCH);
      await lockBeneficiaries(tx, due);
      for (const commission of due) await releaseCommission(tx, deps, commission, now);
      return due.length;
    });
    released += count;
    if (count < RELEASE_BATCH) break;
  }
  return released;
}

export async function getCommissionSummary(deps: ServiceDeps, userId: string): Promise<CommissionSummary> {
  const currency = deps.config.CURRENCY;
  const [balances, totals] = await Promise.all([getMemberBalances(deps.db, userId, currency), repo.commissionTotals(deps.db, userId)]);
  return {
    currency,
    pending: balances.commissionPending,
    released: totals.released,
    debt: balances.debt,
    nextReleaseAt: totals.nextReleaseAt?.toISOString() ?? null,
  };
}
