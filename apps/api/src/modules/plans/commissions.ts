import type { CommissionSummary } from '@orchard/shared';
import { getMemberBalances, ledgerLimits, withRetries } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import * as repo from './repository';

/** Most commissions one release transaction takes; the job loops a bounded number of times. */
export const RELEASE_BATCH = 100;
const RELEASE_ROUNDS_MAX = 20;

/**
 * Releases every commission whose holding period is over, a batch per database call
 * (`commission_release_due`, sql/commission_release_due.sql): each moves from pending to the member's wallet,
 * paying their debt first, under the ledger key `commission-release:<id>`. Safe to run on several
 * instances at once: each batch claims its rows with SKIP LOCKED and locks its beneficiaries'
 * accounts in ascending id order, so two runners never take the same commission or deadlock.
 * Returns how many it released.
 */
export async function releaseDueCommissions(deps: ServiceDeps): Promise<number> {
  const limits = ledgerLimits(deps.config);
  let released = 0;
  for (let round = 0; round < RELEASE_ROUNDS_MAX; round++) {
    const now = deps.clock.now();
    const count = await withRetries(() => repo.releaseDueBatch(deps.db, now, RELEASE_BATCH, limits));
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
