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
import { conflict, notFound } from '../../errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { revokeSessionsOfUser } from '../accounts/sessions';
import { recordConsoleAction, type ConsoleActor } from '../audit/console';
import { assertMayActOn } from './account-policy';
import * as repo from './repository';
import { toAuditEntry, toMemberSummary, toOutboxMessage } from './views';

/** Operator actions on members; each change is audited in the transaction that makes it. */

type Deps = Pick<ServiceDeps, 'db' | 'clock'>;

export async function listMembers(deps: Deps, query: ListMembersQuery): Promise<{ items: MemberSummary[]; total: number }> {
  const page = await repo.listMembers(deps.db, query);
  return { items: page.items.map(toMemberSummary), total: page.total };
}

export async function getMember(deps: Deps, id: string): Promise<MemberDetail> {
  const detail = await repo.getMemberDetail(deps.db, id, deps.clock.now());
  if (!detail) throw notFound('This member does not exist.');
  return { ...detail, member: toMemberSummary(detail.member) };
}

export async function setRole(deps: Deps, actor: ConsoleActor, memberId: string, body: SetMemberRoleBody): Promise<MemberSummary> {
  return deps.db.transaction(async (tx) => {
    // Locks the member's row (two operators changing the same member are applied one after the
    // other) and every active operator's: the last one is never demoted.
    const before = await assertMayActOn(tx, actor, 'role', memberId);
    if (before.role === body.role) throw conflict(`This member already has the role ${body.role}.`);
    const updated = await repo.setRole(tx, memberId, body.role);
    await recordConsoleAction(tx, actor, {
      action: 'role.changed',
      subjectType: 'user',
      subjectId: memberId,
      detail: { from: before.role, to: body.role, reason: body.reason },
      at: deps.clock.now(),
    });
    return toMemberSummary(updated!);
  });
}

export async function setStatus(deps: Deps, actor: ConsoleActor, memberId: string, body: SetMemberStatusBody): Promise<MemberSummary> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Support freezes members only; nobody freezes themself or the last active operator.
    const before = await assertMayActOn(tx, actor, 'status', memberId);
    if (before.status === body.status) throw conflict(`This account is already ${body.status}.`);
    const updated = await repo.setStatus(tx, memberId, body.status);
    const ended = body.status === 'frozen' ? await revokeSessionsOfUser(tx, memberId, now) : 0;
    await recordConsoleAction(tx, actor, {
      action: body.status === 'frozen' ? 'member.frozen' : 'member.unfrozen',
      subjectType: 'user',
      subjectId: memberId,
      detail: { reason: body.reason, sessionsEnded: ended },
      at: now,
    });
    return toMemberSummary(updated!);
  });
}

export async function listOutbox(deps: Deps, query: ListOutboxQuery): Promise<{ items: OutboxMessage[]; total: number }> {
  const page = await repo.listOutbox(deps.db, query);
  return { items: page.items.map(toOutboxMessage), total: page.total };
}

export async function listAuditLog(deps: Deps, query: ListAuditLogQuery): Promise<{ items: AuditEntry[]; total: number }> {
  const page = await repo.listAuditLog(deps.db, query);
  return { items: page.items.map(toAuditEntry), total: page.total };
}
