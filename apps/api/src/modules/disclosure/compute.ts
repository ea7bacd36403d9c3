import { sql, type SQL } from 'drizzle-orm';
import type { DisclosureFigures, DisclosurePeriod, DisclosureStats } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The earnings disclosure's figures (docs/decisions/0031), from the purchases and commissions the
 * money functions keep beside the ledger (each row is one ledger posting's record):
 * - earned: commissions released to the member in the period and not taken back since (status
 *   `available`); those still waiting (`pending`, `review`) are shown apart and not counted, voided
 *   and refunded ones (`reversed`) never count;
 * - spent: plans the member bought in the period and that were not refunded (what they paid);
 * - net: earned minus spent, per member; everyone = every member account that existed in the period.
 * The API test (test/disclosure.test.ts) recomputes all of it from the ledger entries themselves.
 */
interface Window {
  from: Date | null;
  to: Date;
  currency: string;
}

const inWindow = (column: SQL, w: Window) => (w.from ? sql`${column} >= ${w.from} and ${column} < ${w.to}` : sql`${column} < ${w.to}`);

/** One line per member: what they earned by level and in all, and what they spent. */
function perMember(w: Window): SQL {
  return sql`
    earned as (
      select c.beneficiary_id as id, c.level, sum(c.amount) as amount
        from commissions c join purchases p on p.id = c.purchase_id
       where c.status = 'available' and p.currency = ${w.currency} and ${inWindow(sql`c.released_at`, w)}
       group by c.beneficiary_id, c.level),
    spent as (
      select user_id as id, sum(paid) as amount from purchases
       where status = 'active' and currency = ${w.currency} and ${inWindow(sql`created_at`, w)}
       group by user_id),
    members as (select id from users where role = 'member' and created_at < ${w.to}),
    per as (
      select m.id, coalesce(e.amount, 0) as earned, coalesce(s.amount, 0) as spent,
             coalesce(e.amount, 0) - coalesce(s.amount, 0) as net, s.id is not null as bought
        from members m
        left join (select id, sum(amount) as amount from earned group by id) e on e.id = m.id
        left join spent s on s.id = m.id)`;
}

/** Median, mean, p90 and p99 of `value` over the rows `filter` keeps, as columns `<name>_<stat>`. */
function statsColumns(name: string, value: string, filter: string): SQL {
  const f = sql.raw(`filter (where ${filter})`);
  const v = sql.raw(value);
  const pct = (p: string, stat: string) =>
    sql`coalesce(percentile_disc(${sql.raw(p)}) within group (order by ${v}) ${f}, 0)::text as ${sql.raw(`${name}_${stat}`)}`;
  return sql.join(
    [
      pct('0.5', 'median'),
      sql`coalesce(round(avg(${v}) ${f}), 0)::text as ${sql.raw(`${name}_mean`)}`,
      pct('0.9', 'p90'),
      pct('0.99', 'p99'),
    ],
    sql`, `,
  );
}

type Row = Record<string, string>;
const statsOf = (row: Row, name: string): DisclosureStats => ({
  median: Number(row[`${name}_median`]),
  mean: Number(row[`${name}_mean`]),
  p90: Number(row[`${name}_p90`]),
  p99: Number(row[`${name}_p99`]),
});

async function periodFigures(db: Db | Tx, w: Window): Promise<DisclosurePeriod> {
  const [main] = await rowsOf<Row>(
    db,
    sql`with ${perMember(w)}
        select count(*)::text as members, count(*) filter (where bought)::text as buyers,
               count(*) filter (where earned > 0)::text as earners,
               count(*) filter (where net < 0)::text as below_zero, count(*) filter (where net > 0)::text as above_zero,
               coalesce(sum(earned), 0)::text as earned_total, coalesce(sum(spent), 0)::text as spent_total,
               ${statsColumns('earned_all', 'earned', 'true')}, ${statsColumns('earned_earners', 'earned', 'earned > 0')},
               ${statsColumns('net_all', 'net', 'true')}, ${statsColumns('net_earners', 'net', 'earned > 0')}
          from per`,
  );
  const levels = await rowsOf<Row & { level: number }>(
    db,
    sql`with ${perMember(w)}
        select e.level, count(*)::text as earners, sum(e.amount)::text as total,
               percentile_disc(0.5) within group (order by e.amount)::text as median, round(avg(e.amount))::text as mean
          from earned e join members m on m.id = e.id group by e.level order by e.level`,
  );
  const [waiting] = await rowsOf<Row>(
    db,
    sql`select count(distinct c.beneficiary_id)::text as members, coalesce(sum(c.amount), 0)::text as total
          from commissions c join purchases p on p.id = c.purchase_id
          join users u on u.id = c.beneficiary_id and u.role = 'member'
         where c.status in ('pending', 'review') and p.currency = ${w.currency} and ${inWindow(sql`c.created_at`, w)}`,
  );
  const row = main!;
  return {
    from: w.from ? w.from.toISOString() : null,
    members: Number(row.members),
    buyers: Number(row.buyers),
    earners: Number(row.earners),
    belowZero: Number(row.below_zero),
    aboveZero: Number(row.above_zero),
    earned: { earners: statsOf(row, 'earned_earners'), everyone: statsOf(row, 'earned_all'), total: Number(row.earned_total) },
    net: { earners: statsOf(row, 'net_earners'), everyone: statsOf(row, 'net_all') },
    spentTotal: Number(row.spent_total),
    levels: ([1, 2, 3] as const).map((level) => {
      const found = levels.find((l) => Number(l.level) === level);
      return {
        level,
        earners: Number(found?.earners ?? 0),
        total: Number(found?.total ?? 0),
        median: Number(found?.median ?? 0),
        mean: Number(found?.mean ?? 0),
      };
    }),
    waiting: { members: Number(waiting!.members), total: Number(waiting!.total) },
  };
}

/** The twelve months before `now`: from the same day and time one year earlier. */
export function yearBefore(now: Date): Date {
  const from = new Date(now);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  return from;
}

/** Both periods' figures as of `now`, read in one snapshot of the database (repeatable read). */
export async function computeFigures(db: Db, now: Date, currency: string): Promise<DisclosureFigures> {
  return db.transaction(
    async (tx) => ({
      lastYear: await periodFigures(tx, { from: yearBefore(now), to: now, currency }),
      allTime: await periodFigures(tx, { from: null, to: now, currency }),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
