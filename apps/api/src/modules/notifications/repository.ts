import { sql } from 'drizzle-orm';
import type { Language, NotificationKind } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The inbox, the preferences and the jobs' claims (docs/decisions/0034). Every read is one member's own. */

export interface InboxRow {
  id: string;
  kind: NotificationKind;
  ref?: string;
  amount: string | number | null;
  currency: string | null;
  detail: string | null;
  created_at: Date | string;
  /** created_at to the microsecond (`2026-11-28T18:00:00.123456Z`), for the page's cursor: a Date keeps milliseconds only. */
  at_exact?: string;
  read_at: Date | string | null;
}

/**
 * Important announcements reach the inbox lazily: the first read of a member's inbox (or its
 * count) while one is running adds it, once (the unique key); a member who joins while it runs
 * gets it too. Publishing writes nothing per
 * member, so a million members cost nothing until each of them looks.
 */
const addRunningAnnouncements = (userId: string, now: Date) => sql`
    insert into notifications (user_id, kind, ref, detail, created_at)
    select u.id, 'announcement', a.id::text, a.text, greatest(a.starts_at, u.created_at)
      from announcements a join users u on u.id = ${userId} and u.role = 'member'
     where a.important and a.active and a.starts_at <= ${now} and (a.ends_at is null or a.ends_at > ${now})
    on conflict (user_id, kind, ref) do nothing`;

export async function syncAnnouncements(db: Db | Tx, userId: string, now: Date): Promise<void> {
  await db.execute(addRunningAnnouncements(userId, now));
}

/**
 * The bell's read, polled on every page: the running important announcements added, then the
 * unread count, in one statement (the count cannot see rows its own statement inserts, so it adds them).
 */
export async function syncedUnreadCount(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await rowsOf<{ count: number | string }>(
    db,
    sql`with added as (${addRunningAnnouncements(userId, now)} returning 1)
        select (select count(*) from notifications where user_id = ${userId} and read_at is null)
             + (select count(*) from added) as count`,
  );
  return Number(row?.count ?? 0);
}

/** Where a page of the inbox starts: after the row at this time (to the microsecond, as the database keeps it) and id. */
export interface InboxCursor {
  at: string;
  id: string;
}

/**
 * A page of the inbox, newest first by time (ties by id: a row's id follows its insert, not the
 * time of its event, which a demo or an important announcement's start sets earlier); an
 * announcement in the member's language where it has one.
 */
export async function inboxPage(db: Db, userId: string, language: Language, after: InboxCursor | null, limit: number): Promise<InboxRow[]> {
  const older = after
    ? sql`and (n.created_at < ${after.at}::timestamptz or (n.created_at = ${after.at}::timestamptz and n.id < ${after.id}::bigint))`
    : sql``;
  return rowsOf<InboxRow>(
    db,
    sql`select n.id::text as id, n.kind, n.ref, n.amount, n.currency, n.created_at, n.read_at,
               to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_exact,
               coalesce(nullif(a.translations -> ${language} ->> 'text', ''), n.detail) as detail
          from notifications n
          left join announcements a on n.kind = 'announcement' and a.id::text = n.ref
         where n.user_id = ${userId} ${older}
         order by n.created_at desc, n.id desc limit ${limit}`,
  );
}

/**
 * A notification written by TypeScript rather than a trigger (a support reply), through the same
 * notification_add: once per (member, kind, ref), its email due by the member's preferences, in the
 * caller's transaction, dated `at`.
 */
export async function addNotification(
  tx: Tx,
  row: { userId: string; kind: NotificationKind; ref: string; detail: string; at: Date },
): Promise<void> {
  await tx.execute(
    sql`select notification_add(${row.userId}::uuid, ${row.kind}, ${row.ref}, null, null, ${row.detail}, ${row.at}::timestamptz)`,
  );
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await rowsOf<{ count: number | string }>(
    db,
    sql`select count(*) as count from notifications where user_id = ${userId} and read_at is null`,
  );
  return Number(row?.count ?? 0);
}

/** Marks one of the member's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`update notifications set read_at = coalesce(read_at, ${now})
         where id = ${id}::bigint and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await rowsOf(db, sql`update notifications set read_at = ${now} where user_id = ${userId} and read_at is null returning id`);
  return rows.length;
}

export interface PreferenceRow {
  email_off: string[];
  digest: boolean;
  has_email: boolean;
}

export async function preferencesOf(db: Db | Tx, userId: string): Promise<PreferenceRow> {
  const [row] = await rowsOf<PreferenceRow>(
    db,
    sql`select coalesce(p.email_off, '{}') as email_off, coalesce(p.digest, false) as digest, u.email is not null as has_email
          from users u left join notification_preferences p on p.user_id = u.id where u.id = ${userId}`,
  );
  return row ?? { email_off: [], digest: false, has_email: false };
}

export async function savePreferences(db: Db | Tx, userId: string, emailOff: string[], digest: boolean, now: Date): Promise<void> {
  const off = sql`array[${sql.join(
    emailOff.map((kind) => sql`${kind}`),
    sql`, `,
  )}]::text[]`;
  await db.execute(sql`
    insert into notification_preferences (user_id, email_off, digest, updated_at)
    values (${userId}, ${emailOff.length > 0 ? off : sql`'{}'::text[]`}, ${digest}, ${now})
    on conflict (user_id) do update set email_off = excluded.email_off, digest = excluded.digest, updated_at = excluded.updated_at`);
}

/** The key unsubscribe links are signed with (migration 1610: made once, shared by every instance). */
export async function unsubscribeKey(db: Db): Promise<string> {
  const [row] = await rowsOf<{ secret: string }>(db, sql`select secret from notification_keys where id = 1`);
  return row!.secret;
}

export interface DueEmail {
  id: string;
  user_id: string;
  kind: NotificationKind;
  amount: string | number | null;
  currency: string | null;
  detail: string | null;
  email: string;
  language: Language | null;
}

/** Claims notifications whose email is due (several instances side by side: skip locked), in the caller's transaction. */
export async function claimDueEmails(tx: Tx, limit: number): Promise<DueEmail[]> {
  return rowsOf<DueEmail>(
    tx,
    sql`with due as (
          select id from notifications where email_due order by id limit ${limit} for update skip locked
        ), cleared as (
          update notifications n set email_due = false from due where n.id = due.id
          returning n.id, n.user_id, n.kind, n.amount, n.currency, n.detail
        )
        select c.id::text as id, c.user_id, c.kind, c.amount, c.currency, c.detail, u.email, u.language
          from cleared c join users u on u.id = c.user_id
         order by c.id`,
  );
}

export interface DigestMember {
  user_id: string;
  email: string;
  language: Language | null;
}

/** Members who want today's digest and have not had it: claimed one at a time (skip locked). */
export async function claimDigestMember(tx: Tx, day: string): Promise<DigestMember | undefined> {
  const [row] = await rowsOf<DigestMember>(
    tx,
    sql`select p.user_id, u.email, u.language
          from notification_preferences p join users u on u.id = p.user_id
         where p.digest and u.email is not null
           and not exists (select 1 from notification_digests d where d.user_id = p.user_id and d.day = ${day}::date)
         order by p.user_id limit 1
         for update of p skip locked`,
  );
  return row;
}

/** Today's digest key for a member: true when this call took it (the first instance to ask). */
export async function takeDigestKey(tx: Tx, userId: string, day: string, items: number, now: Date): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`insert into notification_digests (user_id, day, items, created_at) values (${userId}, ${day}::date, ${items}, ${now})
        on conflict (user_id, day) do nothing returning user_id`,
  );
  return rows.length > 0;
}

/** What a digest lists: the member's unread notifications of the last day. */
export async function unreadSince(tx: Tx, userId: string, since: Date): Promise<InboxRow[]> {
  return rowsOf<InboxRow>(
    tx,
    sql`select id::text as id, kind, amount, currency, detail, created_at, read_at from notifications
         where user_id = ${userId} and read_at is null and created_at > ${since} order by id desc limit 50`,
  );
}

/**
 * The demo story's inbox (SEED_DEMO): what happened more than three days ago has been read, and
 * nothing of the story's past is mailed (its members' addresses are made up).
 */
export async function settleDemoInbox(db: Db, now: Date): Promise<void> {
  await db.execute(sql`update notifications set read_at = created_at + interval '2 hours'
                        where read_at is null and created_at < ${now}::timestamptz - interval '3 days'`);
  await db.execute(sql`update notifications set email_due = false where email_due`);
}
