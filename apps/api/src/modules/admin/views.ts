import type { AuditEntry, MemberSummary, OutboxMessage } from '@orchard/shared';
import type { auditLog, outbox, users } from '../../db/schema/index';
import { toMe } from '../accounts/index';

const iso = (value: Date | string) => new Date(value).toISOString();

/** What the operator sees of a member: what the member sees of themself, plus the status and the upline. */
export function toMemberSummary(user: typeof users.$inferSelect): MemberSummary {
  return { ...toMe(user), status: user.status, referrerId: user.referrerId };
}

/**
 * A queued message as the console shows it, its codes and link tokens blanked unless `reveal`
 * (service.ts `outboxRevealsSecret` decides: an operator, in development, for a member's message
 * that was only logged). Delivered rows had the secret blanked in storage already.
 */
export function toOutboxMessage(row: typeof outbox.$inferSelect, reveal: boolean): OutboxMessage {
  const secrets = reveal ? [] : (row.secret ?? '').split('\n').filter(Boolean);
  const blank = (text: string) => secrets.reduce((result, secret) => result.replaceAll(secret, '••••••'), text);
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    destination: row.destination,
    subject: blank(row.subject),
    body: blank(row.body),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    lastError: row.lastError,
    createdAt: iso(row.createdAt),
    sentAt: row.sentAt ? iso(row.sentAt) : null,
  };
}

export function toAuditEntry(row: { entry: typeof auditLog.$inferSelect; actorName: string | null }): AuditEntry {
  return {
    id: row.entry.id,
    actorId: row.entry.actorId,
    actorName: row.actorName,
    action: row.entry.action,
    subjectType: row.entry.subjectType,
    subjectId: row.entry.subjectId,
    ip: row.entry.ip,
    detail: row.entry.detail ?? {},
    createdAt: iso(row.entry.createdAt),
  };
}
