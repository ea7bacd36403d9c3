import type {
  AdminSupportPage,
  AdminSupportTicket,
  AdminSupportThread,
  OpenSupportTicketBody,
  SupportMessage,
  SupportMessageBody,
  SupportTicket,
  SupportTicketPage,
  SupportTicketStatus,
  SupportThread,
} from '@orchard/shared';
import type { Tx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { withTransaction } from '../../ledger/index';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import { addNotification } from '../notifications/index';
import * as repo from './repository';

/** Contact support: the states and who moves them are in README.md. */
const iso = (value: Date | string) => new Date(value).toISOString();
const toTicket = (row: repo.TicketRow): SupportTicket => ({
  id: row.id,
  subject: row.subject,
  status: row.status,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
const toAdminTicket = (row: repo.TicketRow) => ({ ...toTicket(row), memberId: row.user_id, memberName: row.member_name ?? '' });
const toMessage = (row: repo.MessageRow): SupportMessage => ({
  id: String(row.id),
  author: row.author_role,
  body: row.body,
  createdAt: iso(row.created_at),
});
const gone = () => notFound('This ticket does not exist.');
const pageSize = (limit: string | undefined) => (limit ? Number(limit) : 20);

export async function openTicket(deps: ServiceDeps, userId: string, body: OpenSupportTicketBody): Promise<SupportTicket> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const ticket = await repo.insertTicket(tx, { userId, subject: body.subject, now });
    await repo.insertMessage(tx, { ticketId: ticket.id, authorId: userId, role: 'member', body: body.body, now });
    return toTicket(ticket);
  });
}

export async function myTickets(deps: ServiceDeps, userId: string, query: { cursor?: string; limit?: string }): Promise<SupportTicketPage> {
  const limit = pageSize(query.limit);
  const rows = await repo.ticketsOf(deps.db, userId, decodeCursor(query.cursor), limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toTicket),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id }) : null,
  };
}

export async function myThread(deps: ServiceDeps, userId: string, id: string): Promise<SupportThread> {
  const ticket = isUuid(id) ? await repo.findTicket(deps.db, id, userId) : undefined;
  if (!ticket) throw gone();
  return { ticket: toTicket(ticket), messages: (await repo.messagesOf(deps.db, id)).map(toMessage) };
}

/** A member's reply: the ticket waits for support again (open), a closed one included. */
export async function memberReply(deps: ServiceDeps, userId: string, id: string, body: SupportMessageBody): Promise<SupportThread> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const ticket = isUuid(id) ? await repo.lockTicket(tx, id, userId) : undefined;
    if (!ticket) throw gone();
    await repo.insertMessage(tx, { ticketId: id, authorId: userId, role: 'member', body: body.body, now });
    await repo.setStatus(tx, id, 'open', now);
  });
  return myThread(deps, userId, id);
}

export async function memberClose(deps: ServiceDeps, userId: string, id: string): Promise<SupportTicket> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const ticket = isUuid(id) ? await repo.lockTicket(tx, id, userId) : undefined;
    if (!ticket) throw gone();
    return toTicket(await closeLocked(tx, ticket, now));
  });
}

async function closeLocked(tx: Tx, ticket: repo.TicketRow, now: Date): Promise<repo.TicketRow> {
  if (ticket.status === 'closed') throw conflict('This ticket is already closed.');
  return repo.setStatus(tx, ticket.id, 'closed', now);
}

export async function supportQueue(
  deps: ServiceDeps,
  query: { status?: SupportTicketStatus; cursor?: string; limit?: string },
): Promise<AdminSupportPage> {
  const limit = pageSize(query.limit);
  const rows = await repo.queue(deps.db, query.status, decodeCursor(query.cursor), limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toAdminTicket),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: new Date(last.updated_at), id: last.id }) : null,
    openCount: await repo.openCount(deps.db),
  };
}

export async function supportThread(deps: ServiceDeps, id: string): Promise<AdminSupportThread> {
  const ticket = isUuid(id) ? await repo.findTicket(deps.db, id) : undefined;
  if (!ticket) throw gone();
  return { ticket: toAdminTicket(ticket), messages: (await repo.messagesOf(deps.db, id)).map(toMessage) };
}

/**
 * Support's reply: the ticket is answered, and the member is told in the same transaction as the
 * reply and its audit row: an inbox row (the bell), emailed by the notifications' mailer unless the
 * member turned support replies' email off. A closed ticket takes no reply.
 */
export async function supportReply(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string,
  body: SupportMessageBody,
): Promise<AdminSupportThread> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const ticket = isUuid(id) ? await repo.lockTicket(tx, id) : undefined;
    if (!ticket) throw gone();
    if (ticket.status === 'closed') throw conflict('This ticket is closed: the member may reopen it by replying.');
    const messageId = await repo.insertMessage(tx, { ticketId: id, authorId: actor.operatorId, role: 'support', body: body.body, now });
    await repo.setStatus(tx, id, 'answered', now);
    await recordConsoleAction(tx, actor, {
      action: 'support.reply',
      subjectType: 'support_ticket',
      subjectId: id,
      detail: { memberId: ticket.user_id, length: body.body.length },
      at: now,
    });
    // The subject, never the reply's text: an email is read on lock screens and shared mailboxes.
    await addNotification(tx, { userId: ticket.user_id, kind: 'support_reply', ref: `${id}:${messageId}`, detail: ticket.subject, at: now });
  });
  return supportThread(deps, id);
}

export async function supportClose(deps: ServiceDeps, actor: ConsoleActor, id: string): Promise<AdminSupportTicket> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const ticket = isUuid(id) ? await repo.lockTicket(tx, id) : undefined;
    if (!ticket) throw gone();
    await closeLocked(tx, ticket, now);
    await recordConsoleAction(tx, actor, {
      action: 'support.close',
      subjectType: 'support_ticket',
      subjectId: id,
      detail: { memberId: ticket.user_id },
      at: now,
    });
  });
  return (await supportThread(deps, id)).ticket;
}
