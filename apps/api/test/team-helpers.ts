import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * The team rollups (migration 0800) that differ from a recount over users, purchases and
 * commissions: an empty list when every trigger kept them right.
 */
export async function teamRollupDrift(db: Db): Promise<unknown[]> {
  const levels = (await db.execute(sql`
    with chain as (
      select u.id as member, a.level, a.id as upline
        from users u cross join lateral (values (1, u.referrer_id), (2, u.ancestor_2), (3, u.ancestor_3)) as a(level, id)
       where a.id is not null),
    counted as (
      select c.upline as user_id, c.level, count(*)::int as members,
             coalesce(sum((select coalesce(sum(p.paid), 0) from purchases p where p.user_id = c.member and p.status = 'active')), 0)::bigint as purchases_total
        from chain c group by c.upline, c.level),
    earned as (
      select beneficiary_id as user_id, level,
             coalesce(sum(amount) filter (where status = 'pending'), 0)::bigint as pending,
             coalesce(sum(amount) filter (where status = 'available'), 0)::bigint as available,
             coalesce(sum(amount) filter (where status = 'review'), 0)::bigint as review,
             coalesce(sum(amount) filter (where status = 'reversed'), 0)::bigint as reversed
        from commissions where beneficiary_id is not null and status <> 'skipped' group by beneficiary_id, level),
    expected as (
      select coalesce(c.user_id, e.user_id) as user_id, coalesce(c.level, e.level) as level,
             coalesce(c.members, 0) as members, coalesce(c.purchases_total, 0) as purchases_total,
             coalesce(e.pending, 0) as pending, coalesce(e.available, 0) as available,
             coalesce(e.review, 0) as review, coalesce(e.reversed, 0) as reversed
        from counted c full join earned e on e.user_id = c.user_id and e.level = c.level)
    select x.*, t.* from expected x full join team_level_totals t on t.user_id = x.user_id and t.level = x.level
     where (coalesce(x.members, 0), coalesce(x.purchases_total, 0), coalesce(x.pending, 0), coalesce(x.available, 0),
            coalesce(x.review, 0), coalesce(x.reversed, 0))
           is distinct from (coalesce(t.members, 0), coalesce(t.purchases_total, 0), coalesce(t.commission_pending, 0),
            coalesce(t.commission_available, 0), coalesce(t.commission_review, 0), coalesce(t.commission_reversed, 0))`)) as unknown as { rows: unknown[] };
  const members = (await db.execute(sql`
    with expected as (
      select u.id as user_id,
             (select coalesce(sum(p.paid), 0) from purchases p where p.user_id = u.id and p.status = 'active')::bigint as purchases_total,
             (select coalesce(sum(c.amount), 0) from commissions c join purchases p on p.id = c.purchase_id
               where p.user_id = u.id and c.level = 1 and c.status in ('pending', 'review', 'available'))::bigint as brought_1,
             (select coalesce(sum(c.amount), 0) from commissions c join purchases p on p.id = c.purchase_id
               where p.user_id = u.id and c.level = 2 and c.status in ('pending', 'review', 'available'))::bigint as brought_2,
             (select coalesce(sum(c.amount), 0) from commissions c join purchases p on p.id = c.purchase_id
               where p.user_id = u.id and c.level = 3 and c.status in ('pending', 'review', 'available'))::bigint as brought_3
        from users u)
    select x.*, t.* from expected x left join team_member_totals t on t.user_id = x.user_id
     where (x.purchases_total, x.brought_1, x.brought_2, x.brought_3)
           is distinct from (coalesce(t.purchases_total, 0), coalesce(t.brought_1, 0), coalesce(t.brought_2, 0), coalesce(t.brought_3, 0))`)) as unknown as {
    rows: unknown[];
  };
  return [...levels.rows, ...members.rows];
}
