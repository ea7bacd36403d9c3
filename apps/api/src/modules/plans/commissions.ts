import type { CommissionSummary } from '@orchard/shared';
import { AppError } from '../../errors';
import { getMemberBalances, sqlStateOf, withRetries } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import * as repo from './repository';

/** How many due commissions one round lists; the job runs a bounded number of rounds. */
const RELEASE_BATCH = 100;
const RELEASE_ROUNDS_MAX = 20;

/** A commission the run could not release: why, and (when it could be recorded) when it is tried again. */
interface ReleaseFailure {
  commissionId: string;
  error: string;
  failures: number | null;
  nextAttemptAt: Date | null;
}

export interface ReleaseRun {
  released: number;
  failed: ReleaseFailure[];
}

/** What a failure that escaped the database function was, for the row and the log. */
function describeFailure(error: unknown): string {
  if (error instanceof AppError) return error.code;
  const state = sqlStateOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return (state ? `${state}: ${message}` : message).slice(0, 500) || 'unknown error';
}

/**
 * Releases every commission whose holding period is over, EACH IN A TRANSACTION OF ITS OWN (one
 * call of `commission_release_try`, sql/commission_release_try.sql): it moves from pending to the
 * member's wallet, paying their debt first, under the ledger key `commission-release:<id>`. A
 * commission that cannot be released (a refusal such as the balance ceiling, or any error) is
 * recorded on its row with the reason and tried again later (1 minute, doubling, at most a day:
 * sql/commission_release_failed.sql), and holds up no other. Safe on several instances at once:
 * a runner skips a commission another holds, and each transaction locks one commission and one
 * member's accounts, in the lock order (apps/api/src/ledger/README.md).
 */
export async function runCommissionRelease(deps: ServiceDeps): Promise<ReleaseRun> {
  const run: ReleaseRun = { released: 0, failed: [] };
  const tried = new Set<string>();
  for (let round = 0; round < RELEASE_ROUNDS_MAX; round++) {
    const now = deps.clock.now();
    const due = await repo.dueCommissionIds(deps.db, now, RELEASE_BATCH);
    // One attempt per commission and run: one another runner holds, or one whose failure could not
    // be recorded, comes back in the list and is left to the next run.
    const fresh = due.filter((id) => !tried.has(id));
    for (const id of fresh) {
      tried.add(id);
      let result: repo.ReleaseOutcome;
      try {
        result = await withRetries(() => repo.releaseCommission(deps.db, id, now));
      } catch (error) {
        // The call itself failed (the function records what fails inside it): record it here.
        const reason = describeFailure(error);
        await repo.recordReleaseFailure(deps.db, id, now, reason).catch(() => undefined);
        run.failed.push({ commissionId: id, error: reason, failures: null, nextAttemptAt: null });
        continue;
      }
      if (result.outcome === 'released') run.released += 1;
      if (result.outcome === 'failed')
        run.failed.push({ commissionId: id, error: result.error ?? '', failures: result.failures, nextAttemptAt: result.nextAttemptAt });
    }
    if (due.length < RELEASE_BATCH || fresh.length === 0) break;
  }
  return run;
}

/** `runCommissionRelease`, answering how many commissions it released. */
export async function releaseDueCommissions(deps: ServiceDeps): Promise<number> {
  return (await runCommissionRelease(deps)).released;
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
