import { sql } from 'drizzle-orm';
import { DASHBOARD_METRICS, type Dashboard, type DashboardMetric } from '@orchard/shared';
import type { ServiceDeps } from '../../lib/service-deps';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/client';

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

type Bucket = { day: string; metric: DashboardMetric; hour: Date | string; count: string | number; amount: string | number };
type Queues = { recharges: number; withdrawals: number; reviews: number; failed_releases: number };
/** Runs a read on the read replica when it may answer, else on the primary (plugins/read-replica.ts). */
type Reader = <T>(work: (db: Db) => Promise<T>) => Promise<T>;

async function rollupMark(db: Db): Promise<Date | null> {
  const [mark] = await rowsOf<{ ran_at: Date | string | null }>(db, sql`select ran_at from dashboard_rollup_mark`);
  return mark?.ran_at ? new Date(mark.ran_at) : null;
}

/** The hourly buckets since `since` and the queues' exact counts. */
async function figuresOf(db: Db, since: Date): Promise<[Bucket[], Queues[]]> {
  return Promise.all([
    rowsOf<Bucket>(
      db,
      sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day, metric, hour, count, amount
            from dashboard_hourly where hour >= ${since} order by hour`,
    ),
    rowsOf<Queues>(
      db,
      sql`select (select count(*)::int from recharge_orders where status = 'submitted') as recharges,
                 (select count(*)::int from withdrawals where status in ('pending', 'processing')) as withdrawals,
                 (select count(*)::int from referral_holds where status = 'open') as reviews,
                 (select count(*)::int from commissions where status = 'pending' and release_error is not null) as failed_releases`,
    ),
  ]);
}

/**
 * The figures and how fresh they are. A rollup run within DASHBOARD_STALE_MS is read where `read`
 * says (the read replica, when there is one and it may answer); an older one is refreshed on the
 * primary and the figures read there, where the refresh is.
 */
async function freshFigures(deps: ServiceDeps, read: Reader, since: Date): Promise<{ asOf: Date; figures: [Bucket[], Queues[]] }> {
  const now = deps.clock.now();
  const isFresh = (ranAt: Date | null): ranAt is Date => ranAt !== null && now.getTime() - ranAt.getTime() <= DASHBOARD_STALE_MS;
  const recent = await read(async (db) => {
    const ranAt = await rollupMark(db);
    return isFresh(ranAt) ? { asOf: ranAt, figures: await figuresOf(db, since) } : null;
  });
  if (recent) return recent;
  const ranAt = await rollupMark(deps.db);
  // A refresh that ran counted up to now; one skipped (another instance holds the mark) leaves the last run's time.
  const asOf = !isFresh(ranAt) && (await runDashboardRollup(deps)) ? now : (ranAt ?? now);
  return { asOf, figures: await figuresOf(deps.db, since) };
}

/**
 * The console dashboard: exact queue counts, and totals for today (UTC), the last 7 and 30 days,
 * with 30 daily points for the charts, summed from the hourly buckets (at most 720 rows per metric),
 * never from the ledger itself.
 */
export async function getDashboard(deps: ServiceDeps, read: Reader = (work) => work(deps.db)): Promise<Dashboard> {
  const now = deps.clock.now();
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from30 = new Date(dayStart - 29 * DAY);
  const since7 = new Date(Math.floor(now.getTime() / HOUR) * HOUR - 7 * DAY + HOUR);
  const {
    asOf,
    figures: [buckets, queues],
  } = await freshFigures(deps, read, from30 < since7 ? from30 : since7);
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
