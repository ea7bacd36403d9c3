import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * What a member's data download holds, each read limited to the member's own rows. Other members
 * appear only as counts (the team) or not at all: a commission names its level and amount, never
 * the purchase or the buyer behind it.
 */
export type Rows = Record<string, unknown>[];

export async function profileOf(db: Db, userId: string): Promise<Rows> {
  return rowsOf(
    db,
    sql`select id, email, phone, display_name, role, status, language, invite_code, referrer_id is not null as invited,
               accepted_terms_version, terms_accepted_at, created_at
          from users where id = ${userId}`,
  );
}

export async function sessionsOf(db: Db, userId: string): Promise<Rows> {
  return rowsOf(
    db,
    sql`select created_at, last_seen_at, expires_at, revoked_at, end_reason, ip, user_agent
          from sessions where user_id = ${userId} order by created_at desc`,
  );
}

export async function purchasesOf(db: Db, userId: string): Promise<Rows> {
  return rowsOf(
    db,
    sql`select id, plan_name, currency, price, discount, paid, coupon_code, starts_at, ends_at, status, refunded_at, refund_reason, created_at
          from purchases where user_id = ${userId} order by created_at desc`,
  );
}

export async function commissionsOf(db: Db, userId: string): Promise<Rows> {
  return rowsOf(
    db,
    sql`select level, rate_bp, amount, status, release_at, released_at, reversed_at, created_at
          from commissions where beneficiary_id = ${userId} order by created_at desc`,
  );
}

export async function teamCountsOf(db: Db, userId: string): Promise<Rows> {
  return rowsOf(
    db,
    sql`select level, members, commission_pending, commission_available, commission_review, commission_reversed
          from team_level_totals where user_id = ${userId} order by level`,
  );
}

export async function withdrawalsOf(db: Db, userId: string): Promise<Rows> {
  return rowsOf(
    db,
    sql`select w.id, w.currency, w.amount, w.fee, w.net, w.status, w.payout_reference, w.reject_reason, w.created_at,
               b.bank_name, '•••• ' || right(b.number, 4) as account_number
          from withdrawals w join bank_accounts b on b.id = w.bank_account_id
         where w.user_id = ${userId} order by w.created_at desc`,
  );
}

export async function bankAccountsOf(db: Db, userId: string): Promise<Rows> {
  return rowsOf(
    db,
    sql`select holder_name, bank_name, country, '•••• ' || right(number, 4) as account_number, label, created_at, removed_at
          from bank_accounts where user_id = ${userId} order by created_at`,
  );
}

/** Requests in the last day (the rate limit). */
export async function requestsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from data_exports where user_id = ${userId} and created_at > ${since}`,
  );
  return Number(row?.n ?? 0);
}

export async function insertExport(db: Db, row: { userId: string; tokenHash: string; now: Date; expiresAt: Date }): Promise<void> {
  await db.execute(
    sql`insert into data_exports (user_id, token_hash, created_at, expires_at) values (${row.userId}, ${row.tokenHash}, ${row.now}, ${row.expiresAt})`,
  );
}

/** Marks the member's link used, once: true only for the first use of a link that has not expired. */
export async function consumeExport(db: Db, userId: string, tokenHash: string, now: Date): Promise<boolean> {
  const used = await rowsOf(
    db,
    sql`update data_exports set used_at = ${now}
         where token_hash = ${tokenHash} and user_id = ${userId} and used_at is null and expires_at > ${now}
        returning id`,
  );
  return used.length > 0;
}
