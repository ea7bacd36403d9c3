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
