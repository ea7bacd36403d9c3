import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** What waits for operators: recharges to review, payouts to make, referral holds open (/metrics and the System page). */
export async function queueSizes(db: Db): Promise<{ rechargesToReview: number; payouts: number; referralHolds: number }> {
  const result = await db.execute(sql`select
    (select count(*) from recharge_orders where status = 'submitted')::int as "rechargesToReview",
    (select count(*) from withdrawals where status in ('pending', 'processing'))::int as payouts,
    (select count(*) from referral_holds where status = 'open')::int as "referralHolds"`);
  const row = result.rows[0] as Record<string, number | string>;
  return { rechargesToReview: Number(row.rechargesToReview), payouts: Number(row.payouts), referralHolds: Number(row.referralHolds) };
}

/** How long the oldest item of each queue has waited, in seconds (0 when it is empty): /metrics, for the queue-age alerts. */
export async function queueOldestSeconds(db: Db): Promise<{ rechargesToReview: number; payouts: number; referralHolds: number }> {
  const age = (oldest: ReturnType<typeof sql>) => sql`coalesce(extract(epoch from now() - (${oldest})), 0)::float8`;
  const result = await db.execute(sql`select
    ${age(sql`select min(created_at) from recharge_orders where status = 'submitted'`)} as "rechargesToReview",
    ${age(sql`select min(created_at) from withdrawals where status in ('pending', 'processing')`)} as payouts,
    ${age(sql`select min(opened_at) from referral_holds where status = 'open'`)} as "referralHolds"`);
  const row = result.rows[0] as Record<string, number | string>;
  return { rechargesToReview: Number(row.rechargesToReview), payouts: Number(row.payouts), referralHolds: Number(row.referralHolds) };
}
