import { sql } from 'drizzle-orm';
import { DASHBOARD_METRICS, type Dashboard, type DashboardMetric } from '@orchard/shared';
import type { ServiceDeps } from '../../lib/service-deps';
import { rowsOf } from '../../db/rows';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A dashboard read refreshes the rollup when it is older than this (a bounded recount of two hours). */
const DASHBOARD_STALE_MS = 15_000;

/** One run of the hourly rollup (sql/dashboard_rollup.sql); false when another instance holds the mark. */
export async function runDashboardRollup(deps: ServiceDeps): Promise<boolean> {
  const [row] = await rowsOf<{ ran: boolean }>(deps.db, sql`select dashboard_rollup(${deps.clock.now()}) as ran`);
  return row?.ran === true;
}

type Totals = Dashboard['totals']['today'];
const emptyTotals = (): Totals => Object.fromEntries(DASHBOARD_METRICS.map((metric) => [metric, { count: 0, amount: 0 }])) as Totals;

/**
 * The console dashboard: exact queue counts, and totals for today (UTC), the last 7 and 30 days,
 * with 30 daily points for the charts, summed from the hourly buckets (at most 720 rows per metric),
 * never from the ledger itself.
 */
export async function getDashboard(deps: ServiceDeps): Promise<Dashboard> {
  const now = deps.clock.now();
  const [mark] = await rowsOf<{ ran_at: Date | string | null }>(deps.db, sql`select ran_at from dashboard_rollup_mark`);
  const stale = !mark?.ran_at || now.getTime() - new Date(mark.ran_at).getTime() > DASHBOARD_STALE_MS;
  // A refresh that ran counted up to now; one skipped (another instance holds the mark) leaves the last run's time.
  const asOf = stale && (await runDashboardRollup(deps)) ? now : new Date(mark?.ran_at ?? now);
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from30 = new Date(dayStart - 29 * DAY);
  const since7 = new Date(Math.floor(now.getTime() / HOUR) * HOUR - 7 * DAY + HOUR);
  const [buckets, queues] = await Promise.all([
    rowsOf<{ day: string; metric: DashboardMetric; hour: Date | string; count: string | number; amount: string | number }>(
      deps.db,
      sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day, metric, hour, count, amount
            from dashboard_hourly where hour >= ${from30 < since7 ? from30 : since7} order by hour`,
    ),
    rowsOf<{ recharges: number; withdrawals: number; reviews: number; failed_releases: number }>(
      deps.db,
      sql`select (select count(*)::int from recharge_orders where status = 'submitted') as recharges,
                 (select count(*)::int from withdrawals where status in ('pending', 'processing')) as withdrawals,
                 (select count(*)::int from referral_holds where status = 'open') as reviews,
                 (select count(*)::int from commissions where status = 'pending' and release_error is not null) as failed_releases`,
    ),
  ]);
  const totals = { today: emptyTotals(), last7Days: emptyTotals(), last30Days: emptyTotals() };
  const days = new Map<string, Record<DashboardMetric, number>>();
  for (let i = 0; i < 30; i++) {
    const day = new Date(from30.getTime() + i * DAY).toISOString().slice(0, 10);
    days.set(day, Object.fromEntries(DASHBOARD_METRICS.map((metric) => [metric, 0])) as Record<DashboardMetric, number>);
  }
  for (const bucket of buckets) {
    const at = new Date(bucket.hour).getTime();
    const count = Number(bucket.count);
    const amount = Number(bucket.amount);
    const add = (target: Totals) => {
      target[bucket.metric].count += count;
      target[bucket.metric].amount += amount;
    };
    if (at >= dayStart) add(totals.today);
    if (at >= since7.getTime()) add(totals.last7Days);
    if (at >= from30.getTime()) add(totals.last30Days);
    const point = days.get(bucket.day);
    if (point) point[bucket.metric] += bucket.metric === 'members' ? count : amount;
  }
  const q = queues[0]!;
  return {
    currency: deps.config.CURRENCY,
    asOf: asOf.toISOString(),
    queues: { recharges: q.recharges, withdrawals: q.withdrawals, referralReviews: q.reviews, failedReleases: q.failed_releases },
    totals,
    daily: [...days.entries()].map(([day, values]) => ({ day, values })),
  };
}
