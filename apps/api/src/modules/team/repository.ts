import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { KeysetCursor } from '../../lib/keyset-cursor';
import type { LedgerLimits } from '../../ledger/index';

export type Queryable = Db | Tx;

/** The column that holds a member's upline on each level (migration 0800): one index each. */
const LEVEL_COLUMN = { 1: sql.raw('referrer_id'), 2: sql.raw('ancestor_2'), 3: sql.raw('ancestor_3') } as const;
const BROUGHT_COLUMN = { 1: sql.raw('brought_1'), 2: sql.raw('brought_2'), 3: sql.raw('brought_3') } as const;
export type Level = 1 | 2 | 3;

export interface LevelTotalsRow {
  level: number;
  members: number;
  purchases_total: string | number;
  commission_pending: string | number;
  commission_available: string | number;
  commission_review: string | number;
  commission_reversed: string | number;
}

/** The member's rollup rows (at most three), kept by the triggers in sql/ (team_member_joined, team_purchase_counted, team_commission_counted). */
export function levelTotals(db: Queryable, userId: string): Promise<LevelTotalsRow[]> {
  return rowsOf<LevelTotalsRow>(
    db,
    sql`select level, members, purchases_total, commission_pending, commission_available, commission_review, commission_reversed
          from team_level_totals where user_id = ${userId} order by level`,
  );
}

export interface TeamMemberRow {
  display_name: string;
  email: string | null;
  status: string;
  phone: string | null;
  created_at: Date | string;
  /** created_at to the microsecond, in UTC: the keyset position. */
  at_text: string;
  /** md5 of the member's id and the viewer's: a per-viewer row key and tie-breaker, not the id. */
  row_key: string;
  purchases_total: string | number;
  brought: string | number;
}

/** Where a page of team members continues: the last row's time and key. */
export interface TeamCursor {
  at: string;
  key: string;
}

/**
 * One page of the members `level` levels below `viewerId`, newest first: one range of the level's
 * index (users_level_k_idx), ties broken by the per-viewer key.
 */
export function teamMembers(db: Queryable, viewerId: string, level: Level, cursor: TeamCursor | undefined, limit: number) {
  const column = LEVEL_COLUMN[level];
  const key = sql`md5(u.id::text || ${viewerId}::text)`;
  const after = cursor
    ? sql`and u.created_at <= ${cursor.at}::timestamptz and (u.created_at < ${cursor.at}::timestamptz or ${key} < ${cursor.key})`
    : sql``;
  return rowsOf<TeamMemberRow>(
    db,
    sql`select u.display_name, u.email, u.phone, u.status, u.created_at,
               to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_text,
               ${key} as row_key,
               coalesce(t.purchases_total, 0) as purchases_total, coalesce(t.${BROUGHT_COLUMN[level]}, 0) as brought
          from users u left join team_member_totals t on t.user_id = u.id
         where u.${column} = ${viewerId} ${after}
         order by u.created_at desc, ${key} desc
         limit ${limit}`,
  );
}

export interface MyCommissionRow {
  id: string;
  level: number;
  amount: string | number;
  status: 'pending' | 'available' | 'reversed' | 'review';
  created_at: Date | string;
  release_at: Date | string | null;
  released_at: Date | string | null;
  buyer_email: string | null;
  buyer_phone: string | null;
}

/** The commissions paid to `userId` (skipped levels are not theirs), newest first. */
export function myCommissions(
  db: Queryable,
  userId: string,
  filter: { status?: MyCommissionRow['status'] },
  cursor: KeysetCursor | undefined,
  limit: number,
) {
  const status = filter.status ? sql`and c.status = ${filter.status}` : sql`and c.status <> 'skipped'`;
  const after = cursor
    ? sql`and (c.created_at < ${cursor.createdAt} or (c.created_at = ${cursor.createdAt} and c.id < ${cursor.id}::uuid))`
    : sql``;
  return rowsOf<MyCommissionRow>(
    db,
    sql`select c.id, c.level, c.amount, c.status, c.created_at, c.release_at, c.released_at,
               b.email as buyer_email, b.phone as buyer_phone
          from commissions c join purchases p on p.id = c.purchase_id join users b on b.id = p.user_id
         where c.beneficiary_id = ${userId} ${status} ${after}
         order by c.created_at desc, c.id desc
         limit ${limit}`,
  );
}

// ------------------------------------------------------------------ signals

/** Remembers that this member used this device (and from where); returns nothing. */
export async function touchDevice(db: Queryable, userId: string, deviceHash: string, ip: string | null, at: Date) {
  await db.execute(
    sql`insert into member_devices as d (user_id, device_hash, last_ip, first_seen_at, last_seen_at)
        values (${userId}, ${deviceHash}, ${ip}, ${at}, ${at})
        on conflict (user_id, device_hash) do update set last_ip = coalesce(excluded.last_ip, d.last_ip), last_seen_at = excluded.last_seen_at`,
  );
}

export interface ChainPair {
  /** The member lower in the chain: the one whose purchases would pay the other. */
  downline: string;
  upline: string;
  level: number;
}

/**
 * Pairs of (downline, upline) within three levels between `userId` and the members in `others`:
 * either they are among the member's uplines, or the member is among theirs.
 */
function chainPairsWith(others: SQL, userId: string): SQL {
  return sql`
    with me as (select id, referrer_id, ancestor_2, ancestor_3 from users where id = ${userId}),
         other as (select u.id, u.referrer_id, u.ancestor_2, u.ancestor_3 from users u where u.id in (${others}) and u.id <> ${userId})
    select me.id as downline, o.id as upline,
           case o.id when me.referrer_id then 1 when me.ancestor_2 then 2 else 3 end as level
      from me join other o on o.id in (me.referrer_id, me.ancestor_2, me.ancestor_3)
    union all
    select o.id as downline, me.id as upline,
           case me.id when o.referrer_id then 1 when o.ancestor_2 then 2 else 3 end as level
      from me join other o on me.id in (o.referrer_id, o.ancestor_2, o.ancestor_3)`;
}

/** Members of the same chain who used this device too. */
export function chainPairsOnDevice(db: Queryable, userId: string, deviceHash: string) {
  return rowsOf<ChainPair>(db, chainPairsWith(sql`select d.user_id from member_devices d where d.device_hash = ${deviceHash}`, userId));
}

/** Members of the same chain last seen at this address. */
export function chainPairsOnAddress(db: Queryable, userId: string, ip: string) {
  return rowsOf<ChainPair>(db, chainPairsWith(sql`select d.user_id from member_devices d where d.last_ip = ${ip}`, userId));
}

/** Members of the same chain with a bank account of this number (removed ones included). */
export function chainPairsOnBankAccount(db: Queryable, userId: string, numberHash: string) {
  return rowsOf<ChainPair>(db, chainPairsWith(sql`select b.user_id from bank_accounts b where b.number_hash = ${numberHash}`, userId));
}

/** How many members joined with this referrer since `since`. */
export async function joinedUnderSince(db: Queryable, referrerId: string, since: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where referrer_id = ${referrerId} and created_at >= ${since}`,
  );
  return row?.n ?? 0;
}

export async function flag(
  db: Queryable,
  input: { memberId: string; kind: string; relatedId: string | null; detail: Record<string, unknown>; at: Date },
): Promise<boolean> {
  const [row] = await rowsOf<{ flagged: boolean }>(
    db,
    sql`select referral_flag(${input.memberId}, ${input.kind}, ${input.relatedId}, ${JSON.stringify(input.detail)}::jsonb, ${input.at}) as flagged`,
  );
  return row?.flagged === true;
}

// ------------------------------------------------------------------ console

export interface PersonRow {
  id: string;
  display_name: string;
  email: string | null;
  phone: string | null;
  status: 'active' | 'frozen';
  created_at: Date | string;
}

export interface HoldRow {
  member_id: string;
  status: 'open' | 'released' | 'voided';
  opened_at: Date | string;
  decided_at: Date | string | null;
  reason: string | null;
  held_count: number;
  held_total: string | number;
}

/** A hold with how many of the member's commissions wait on it and their total (one pass over them). */
const HOLD_SELECT = sql`select h.member_id, h.status, h.opened_at, h.decided_at, h.reason,
       coalesce(held.n, 0)::int as held_count, coalesce(held.total, 0) as held_total
  from referral_holds h
  left join lateral (select count(*) as n, sum(c.amount) as total
                       from purchases p join commissions c on c.purchase_id = p.id and c.status = 'review'
                      where p.user_id = h.member_id) held on true`;

export function holds(db: Queryable, filter: { status: 'open' | 'decided' }, cursor: KeysetCursor | undefined, limit: number) {
  const open = filter.status === 'open';
  const where = open ? sql`h.status = 'open'` : sql`h.status <> 'open'`;
  // The queue oldest first; decided ones newest decision first.
  const after = cursor
    ? open
      ? sql`and (h.opened_at, h.member_id) > (${cursor.createdAt}, ${cursor.id}::uuid)`
      : sql`and (h.decided_at, h.member_id) < (${cursor.createdAt}, ${cursor.id}::uuid)`
    : sql``;
  const order = open ? sql`h.opened_at asc, h.member_id asc` : sql`h.decided_at desc, h.member_id desc`;
  return rowsOf<HoldRow>(db, sql`${HOLD_SELECT} where ${where} ${after} order by ${order} limit ${limit}`);
}

export async function hold(db: Queryable, memberId: string): Promise<HoldRow | undefined> {
  const [row] = await rowsOf<HoldRow>(db, sql`${HOLD_SELECT} where h.member_id = ${memberId}`);
  return row;
}

/**
 * A member's three uplines: whom the commissions on the member's purchases go to, so whom a
 * decision on the member's referral review pays or takes from. The chain never changes.
 */
export async function uplinesOf(db: Queryable, memberId: string): Promise<string[]> {
  const [row] = await rowsOf<{ referrer_id: string | null; ancestor_2: string | null; ancestor_3: string | null }>(
    db,
    sql`select referrer_id, ancestor_2, ancestor_3 from users where id = ${memberId}`,
  );
  return row ? [row.referrer_id, row.ancestor_2, row.ancestor_3].filter((id): id is string => id !== null) : [];
}

export async function openHoldCount(db: Queryable): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from referral_holds where status = 'open'`);
  return row?.n ?? 0;
}

export interface SignalRow {
  member_id: string;
  kind: 'same_device' | 'same_address' | 'registration_burst' | 'same_bank_account';
  related_id: string | null;
  related_name: string | null;
  related_level: number | null;
  detail: Record<string, unknown>;
  created_at: Date | string;
}

export function signalsOf(db: Queryable, memberIds: string[]) {
  if (memberIds.length === 0) return Promise.resolve([] as SignalRow[]);
  return rowsOf<SignalRow>(
    db,
    sql`select s.member_id, s.kind, s.related_id, r.display_name as related_name,
               case s.related_id when m.referrer_id then 1 when m.ancestor_2 then 2 when m.ancestor_3 then 3 end as related_level,
               s.detail, s.created_at
          from referral_signals s join users m on m.id = s.member_id left join users r on r.id = s.related_id
         where s.member_id in (${sql.join(
           memberIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         order by s.created_at, s.id`,
  );
}

export type ChainPersonRow = PersonRow & { referrer_id: string | null; ancestor_2: string | null; ancestor_3: string | null };

export function people(db: Queryable, ids: string[]): Promise<ChainPersonRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<ChainPersonRow>(
    db,
    sql`select id, display_name, email, phone, status, created_at, referrer_id, ancestor_2, ancestor_3 from users
         where id in (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
}

export async function decideHold(
  db: Queryable,
  input: { memberId: string; decision: 'release' | 'void'; reason: string; operatorId: string; at: Date; limits: LedgerLimits },
) {
  const [row] = await rowsOf<{ commissions: number; total: string | number }>(
    db,
    sql`select commissions, total from referral_hold_decide(${input.memberId}, ${input.decision}, ${input.reason}, ${input.operatorId},
          ${input.at}, ${input.limits.amountMax}::bigint, ${input.limits.balanceMax}::bigint)`,
  );
  return { commissions: Number(row?.commissions ?? 0), total: Number(row?.total ?? 0) };
}

/** The newest members on a level below `userId` (console tree), one more than asked to tell if there are more. */
export function downlinePage(db: Queryable, userId: string, level: Level, limit: number) {
  return rowsOf<PersonRow & { purchases_total: string | number }>(
    db,
    sql`select u.id, u.display_name, u.email, u.phone, u.status, u.created_at, coalesce(t.purchases_total, 0) as purchases_total
          from users u left join team_member_totals t on t.user_id = u.id
         where u.${LEVEL_COLUMN[level]} = ${userId}
         order by u.created_at desc, u.id desc
         limit ${limit}`,
  );
}

export async function memberPurchasesTotal(db: Queryable, userId: string): Promise<number> {
  const [row] = await rowsOf<{ total: string | number }>(
    db,
    sql`select purchases_total as total from team_member_totals where user_id = ${userId}`,
  );
  return Number(row?.total ?? 0);
}
