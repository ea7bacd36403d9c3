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
import type { Config } from '../../config';
import type { ServiceDeps } from '../../lib/service-deps';
import { assertMayActOn, revokeSessionsOfUser } from '../accounts/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
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

/**
 * Whether the outbox shows the codes and sign-in links in a message. A live secret there lets its
 * reader act as the account it was sent to (reset its password, sign in), so it shows only where
 * the console is the delivery channel by design: in development (`NODE_ENV=development`), with no
 * mail server or SMS provider for the message's channel (the message was only logged), to an
 * operator — never to support or finance — and never for a console account (operator, support,
 * finance), whose codes are for their holder alone. Everywhere else the secrets read ••••••; the
 * development server log still carries them (outbox/log-line.ts), as README says.
 */
function outboxRevealsSecret(
  config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'SMS_WEBHOOK_URL'>,
  viewer: Pick<ConsoleActor, 'role'>,
  message: { status: string; channel: 'email' | 'sms' },
  toConsoleAccount: boolean,
): boolean {
  const undelivered = message.channel === 'email' ? !config.SMTP_URL : !config.SMS_WEBHOOK_URL;
  return config.NODE_ENV === 'development' && viewer.role === 'operator' && message.status === 'logged' && undelivered && !toConsoleAccount;
}

export async function listOutbox(
  deps: Deps & Pick<ServiceDeps, 'config'>,
  viewer: ConsoleActor,
  query: ListOutboxQuery,
): Promise<{ items: OutboxMessage[]; total: number }> {
  const page = await repo.listOutbox(deps.db, query);
  const consoleAddresses = await repo.consoleAccountAddresses(deps.db, [...new Set(page.items.map((row) => row.destination))]);
  return {
    items: page.items.map((row) =>
      toOutboxMessage(row, outboxRevealsSecret(deps.config, viewer, row, consoleAddresses.has(row.destination.toLowerCase()))),
    ),
    total: page.total,
  };
}

export async function listAuditLog(deps: Deps, query: ListAuditLogQuery): Promise<{ items: AuditEntry[]; total: number }> {
  const page = await repo.listAuditLog(deps.db, query);
  return { items: page.items.map(toAuditEntry), total: page.total };
}
