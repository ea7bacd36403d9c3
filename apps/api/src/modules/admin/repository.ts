import { CONSOLE_ROLES, type Role } from '@orchard/shared';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListAuditLogQuery, ListMembersQuery, ListOutboxQuery } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { auditLog, outbox, sessions, users } from '../../db/schema/index';

type Executor = Db | Tx;

/** `%` and `_` typed into a search box are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listMembers(db: Executor, query: ListMembersQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const matches: SQL[] = [
      ilike(users.email, pattern),
      ilike(users.phone, pattern),
      ilike(users.displayName, pattern),
      eq(users.inviteCode, query.q.toUpperCase()),
    ];
    if (UUID.test(query.q)) matches.push(eq(users.id, query.q.toLowerCase()));
    conditions.push(or(...matches)!);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(query.limit).offset(query.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function getMemberDetail(db: Executor, id: string, now: Date) {
  const referrers = alias(users, 'referrer');
  const [row] = await db
    .select({ member: users, referrer: { id: referrers.id, displayName: referrers.displayName, inviteCode: referrers.inviteCode } })
    .from(users)
    .leftJoin(referrers, eq(referrers.id, users.referrerId))
    .where(eq(users.id, id));
  if (!row) return undefined;
  const [[invitees], [live]] = await Promise.all([
    db.select({ value: count() }).from(users).where(eq(users.referrerId, id)),
    db
      .select({ value: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
  ]);
  return {
    member: row.member,
    referrer: row.referrer?.id ? row.referrer : null,
    inviteeCount: invitees?.value ?? 0,
    activeSessionCount: live?.value ?? 0,
  };
}

export async function setRole(db: Executor, id: string, role: Role) {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, id)).returning();
  return row;
}

export async function findMember(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function setStatus(db: Executor, id: string, status: 'active' | 'frozen') {
  const [row] = await db.update(users).set({ status }).where(eq(users.id, id)).returning();
  return row;
}

/** Which of these addresses (emails lowercased, phones as stored) belong to a console account (operator, support, finance). */
export async function consoleAccountAddresses(db: Executor, destinations: string[]): Promise<Set<string>> {
  if (destinations.length === 0) return new Set();
  const lowered = destinations.map((destination) => destination.toLowerCase());
  const rows = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(
        inArray(users.role, [...CONSOLE_ROLES]),
        or(inArray(sql<string>`lower(${users.email})`, lowered), inArray(users.phone, destinations)),
      ),
    );
  return new Set(rows.flatMap((row) => [row.email?.toLowerCase(), row.phone?.toLowerCase()]).filter((value): value is string => !!value));
}

export async function listOutbox(db: Executor, query: ListOutboxQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(outbox.status, query.status));
  if (query.destination) conditions.push(ilike(outbox.destination, likePattern(query.destination)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(query.limit).offset(query.offset),
    db.select({ value: count() }).from(outbox).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function listAuditLog(db: Executor, query: ListAuditLogQuery) {
  const conditions: SQL[] = [];
  if (query.action)
    conditions.push(
      or(eq(auditLog.action, query.action), ilike(auditLog.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`))!,
    );
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  if (query.subjectId) conditions.push(eq(auditLog.subjectId, query.subjectId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.displayName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}
