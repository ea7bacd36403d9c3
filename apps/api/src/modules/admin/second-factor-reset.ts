import type { MemberSummary, ResetSecondFactorBody, SentForApproval } from '@orchard/shared';
import type { Tx } from '../../db/client';
import type { ServiceDeps } from '../../lib/service-deps';
import { assertMayActOn, clearSecondFactor, revokeSessionsOfUser } from '../accounts/index';
import * as approvals from '../approvals/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { toMemberSummary } from './views';

/**
 * An operator takes away another console account's second factor (lost phone): its authenticator,
 * recovery codes and passkeys go, its sessions end, and it sets one up anew at its next sign-in.
 * While two-person approval is on (a threshold is set), every reset waits for a second person
 * (`sent`, docs/decisions/0039): whoever resets a factor can then sign in as nobody alone.
 */
export async function resetSecondFactor(
  deps: ServiceDeps,
  actor: ConsoleActor,
  memberId: string,
  body: ResetSecondFactorBody,
): Promise<{ member: MemberSummary; sent?: undefined } | { sent: SentForApproval; replayed: boolean }> {
  await assertMayActOn(deps.db, actor, 'second_factor', memberId);
  if (await approvals.approvalOn(deps)) {
    const { approval, replayed } = await approvals.requestApproval(deps, actor, {
      kind: 'second_factor_reset',
      payload: { reason: body.reason },
      amount: 0,
      subjectUserId: memberId,
      key: `second-factor-reset:${memberId}`,
      whileWaiting: true,
    });
    return { sent: { approval }, replayed };
  }
  return { member: await deps.db.transaction((tx) => resetIn(tx, deps, actor, memberId, body)) };
}

async function resetIn(
  tx: Tx,
  deps: ServiceDeps,
  actor: ConsoleActor,
  memberId: string,
  body: ResetSecondFactorBody,
  approval?: { approvedBy: string; approvalId: string },
) {
  const now = deps.clock.now();
  await assertMayActOn(tx, actor, 'second_factor', memberId);
  const cleared = await clearSecondFactor(tx, memberId);
  const ended = await revokeSessionsOfUser(tx, memberId, now);
  await recordConsoleAction(tx, actor, {
    action: 'second_factor.reset',
    subjectType: 'user',
    subjectId: memberId,
    detail: { reason: body.reason, ...cleared, sessionsEnded: ended, ...approval },
    at: now,
  });
  return toMemberSummary((await repo.findMember(tx, memberId))!);
}

/**
 * A reset a second person approved (modules/approvals): done in the requester's name, the approver
 * beside them on the audit row. The account rules are checked for both (nobody approves the reset of
 * their own factor, nor one out of their reach).
 */
export const secondFactorResetApproval: approvals.ApprovalAction = {
  permission: 'roles',
  accountAction: 'second_factor',
  apply: async (tx, deps, request, approver) => {
    const { reason } = request.payload as { reason: string };
    const requester = { ...approver, operatorId: request.requestedBy };
    await resetIn(tx, deps, requester, request.subjectUserId!, { reason }, { approvedBy: approver.operatorId, approvalId: request.id });
    return { transactionId: null };
  },
};
