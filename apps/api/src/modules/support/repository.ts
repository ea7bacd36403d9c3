import { sql, type SQL } from 'drizzle-orm';
import type { SupportTicketStatus } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { KeysetCursor } from '../../lib/keyset-cursor';

/** The support tables (migration 1621): tickets and their messages. */
export interface TicketRow {
  id: string;
  user_id: string;
  subject: string;
  status: SupportTicketStatus;
  created_at: Date | string;
  updated_at: Date | string;
  member_name?: string | null;
}

export interface MessageRow {
  id: string | number;
  author_role: 'member' | 'support';
  body: string;
  created_at: Date | string;
}

const olderThan = (cursor: KeysetCursor | undefined): SQL =>
  cursor ? sql`and (t.created_at < ${cursor.createdAt} or (t.created_at = ${cursor.createdAt} and t.id < ${cursor.id}))` : sql``;

export async function insertTicket(tx: Tx, row: { userId: string; subject: string; now: Date }): Promise<TicketRow> {
  const [ticket] = await rowsOf<TicketRow>(
    tx,
    sql`insert into support_tickets (user_id, subject, status, created_at, updated_at)
        values (${row.userId}, ${row.subject}, 'open', ${row.now}, ${row.now}) returning *`,
  );
  return ticket!;
}

export async function insertMessage(
  tx: Tx,
  row: { ticketId: string; authorId: string; role: 'member' | 'support'; body: string; now: Date },
): Promise<string> {
  const [inserted] = await rowsOf<{ id: string | number }>(
    tx,
    sql`insert into support_messages (ticket_id, author_id, author_role, body, created_at)
        values (${row.ticketId}, ${row.authorId}, ${row.role}, ${row.body}, ${row.now}) returning id`,
  );
  return String(inserted!.id);
}

/** The ticket, locked for a change of state; `userId` limits it to the member's own. */
export async function lockTicket(tx: Tx, id: string, userId?: string): Promise<TicketRow | undefined> {
  const [row] = await rowsOf<TicketRow>(
    tx,
    sql`select * from support_tickets where id = ${id} ${userId ? sql`and user_id = ${userId}` : sql``} for update`,
  );
  return row;
}

export async function setStatus(tx: Tx, id: string, status: SupportTicketStatus, now: Date): Promise<TicketRow> {
  const [row] = await rowsOf<TicketRow>(
    tx,
    sql`update support_tickets set status = ${status}, updated_at = ${now} where id = ${id} returning *`,
  );
  return row!;
}

export async function findTicket(db: Db, id: string, userId?: string): Promise<TicketRow | undefined> {
  const [row] = await rowsOf<TicketRow>(
    db,
    sql`select t.*, u.display_name as member_name from support_tickets t join users u on u.id = t.user_id
         where t.id = ${id} ${userId ? sql`and t.user_id = ${userId}` : sql``}`,
  );
  return row;
}

export async function messagesOf(db: Db, ticketId: string): Promise<MessageRow[]> {
  return rowsOf<MessageRow>(
    db,
    sql`select id, author_role, body, created_at from support_messages where ticket_id = ${ticketId}
         order by created_at, id limit 500`,
  );
}

export async function ticketsOf(db: Db, userId: string, cursor: KeysetCursor | undefined, limit: number): Promise<TicketRow[]> {
  return rowsOf<TicketRow>(
    db,
    sql`select t.* from support_tickets t where t.user_id = ${userId} ${olderThan(cursor)}
         order by t.created_at desc, t.id desc limit ${limit}`,
  );
}

/**
 * The console's queue. Waiting (open): the longest waiting first, by when the member last wrote
 * (updated_at ascending). Any other view: the latest change first.
 */
export async function queue(
  db: Db,
  status: SupportTicketStatus | undefined,
  cursor: KeysetCursor | undefined,
  limit: number,
): Promise<TicketRow[]> {
  const waiting = status === 'open';
  const after = !cursor
    ? sql``
    : waiting
      ? sql`and (t.updated_at > ${cursor.createdAt} or (t.updated_at = ${cursor.createdAt} and t.id > ${cursor.id}))`
      : sql`and (t.updated_at < ${cursor.createdAt} or (t.updated_at = ${cursor.createdAt} and t.id < ${cursor.id}))`;
  return rowsOf<TicketRow>(
    db,
    sql`select t.*, u.display_name as member_name from support_tickets t join users u on u.id = t.user_id
         where true ${status ? sql`and t.status = ${status}` : sql``} ${after}
         order by ${waiting ? sql`t.updated_at, t.id` : sql`t.updated_at desc, t.id desc`} limit ${limit}`,
  );
}

export async function openCount(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from support_tickets where status = 'open'`);
  return Number(row?.n ?? 0);
}
