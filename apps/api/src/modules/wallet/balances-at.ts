import type { BalancesAt, PeriodBalances } from '@orchard/shared';
import { memberBalancesAt, minorUnitDigits } from '../../ledger/index';
import { instantRange } from '../../lib/date-range';
import type { ServiceDeps } from '../../lib/service-deps';

/** The member's balances at an instant (entries dated before it; ledger/balance-at.ts). */
export async function balancesAt(deps: ServiceDeps, userId: string, at: Date): Promise<BalancesAt> {
  const currency = deps.config.CURRENCY;
  const { available, onHold, debt } = await memberBalancesAt(deps.db, userId, currency, at);
  return { currency, fractionDigits: minorUnitDigits(currency), available, onHold, debt, at: at.toISOString() };
}

/**
 * A statement period's opening and closing balances: at its start (none without one) and at its
 * end (a bare `to` date: the end of that day; none: now, capped at now for a period still running).
 */
export async function periodBalances(deps: ServiceDeps, userId: string, query: { from?: string; to?: string }): Promise<PeriodBalances> {
  const { from, to } = instantRange(query.from, query.to);
  const now = deps.clock.now();
  const end = to && to.getTime() < now.getTime() ? to : now;
  return {
    opening: from ? await balancesAt(deps, userId, from) : null,
    closing: await balancesAt(deps, userId, end),
  };
}
