import type {
  AuditEntry,
  ListAuditLogQuery,
  ListMembersQuery,
  ListOutboxQuery,
  MemberDetail,
  MemberSummary,
  OutboxMessage,
  SetMemberRoleBody,
  SetMemberStatusBody,
} from '@orchard/shared';
import type { Db } from '../../db/client';
import { eq } from 'drizzle-orm';
import { users, type auditLog, type outbox } from '../../db/schema/index';
import { conflict, notFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { toMe } from '../accounts/profile';
import { revokeSessionsOfUser } from '../accounts/sessions';
import { insertAudit } from '../audit/repository';
import * as repo from './repository';

const iso = (value: Date | string) => new Date(value).toISOString();

/** What the operator sees of a member: what the member sees of themself, plus the status. */
export function toMemberSummary(user: typeof users.$inferSelect): MemberSummary {
  return { ...toMe(user), status: user.status };
}

/**
 * A queued message as the operator sees it. The code or link token in it stays visible only for
 * `logged` rows (no transport configured: the console is the delivery channel); for a message still
 * on its way, or one that failed, it is blanked so the outbox view cannot be used to sign in as a
 * member. Delivered rows had the secret blanked in storage already.
 */
export function toOutboxMessage(row: typeof outbox.$inferSelect): OutboxMessage {
  const secrets = row.status === 'logged' ? [] : (row.secret ?? '').split('\n').filter(Boolean);
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

/** Operator actions on members; each change is written to the audit log in the same transaction. */
export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  listMembers(query: ListMembersQuery) {
    return repo.listMembers(this.db, query);
  }

  async getMember(id: string): Promise<MemberDetail> {
    const detail = await repo.getMemberDetail(this.db, id, this.clock.now());
    if (!detail) throw notFound('This member does not exist.');
    return { ...detail, member: toMemberSummary(detail.member) };
  }

  async setRole(operatorId: string, memberId: string, body: SetMemberRoleBody, ip: string | null) {
    return this.db.transaction(async (tx) => {
      // Row lock: two operators changing the same member at once are applied one after the other.
      const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, memberId)).for('update');
      if (!before) throw notFound('This member does not exist.');
      if (before.role === body.role) throw conflict(`This member is already ${body.role === 'operator' ? 'an operator' : 'a member'}.`);
      if (body.role === 'member' && memberId === operatorId)
        throw conflict('You cannot remove your own operator role; ask another operator.');
      const updated = await repo.setRole(tx, memberId, body.role);
      await insertAudit(tx, {
        actorId: operatorId,
        action: 'role.changed',
        subjectType: 'user',
        subjectId: memberId,
        ip,
        detail: { from: before.role, to: body.role, reason: body.reason },
        at: this.clock.now(),
      });
      return updated!;
    });
  }

  async setStatus(operatorId: string, memberId: string, body: SetMemberStatusBody, ip: string | null) {
    if (memberId === operatorId) throw conflict('You cannot freeze your own account.');
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const before = await repo.getMemberDetail(tx, memberId, now);
      if (!before) throw notFound('This member does not exist.');
      if (before.member.status === body.status) throw conflict(`This account is already ${body.status}.`);
      const updated = await repo.setStatus(tx, memberId, body.status);
      const ended = body.status === 'frozen' ? await revokeSessionsOfUser(tx, memberId, now) : 0;
      await insertAudit(tx, {
        actorId: operatorId,
        action: body.status === 'frozen' ? 'member.frozen' : 'member.unfrozen',
        subjectType: 'user',
        subjectId: memberId,
        ip,
        detail: { reason: body.reason, sessionsEnded: ended },
        at: now,
      });
      return updated!;
    });
  }

  listOutbox(query: ListOutboxQuery) {
    return repo.listOutbox(this.db, query);
  }

  listAuditLog(query: ListAuditLogQuery) {
    return repo.listAuditLog(this.db, query);
  }
}
