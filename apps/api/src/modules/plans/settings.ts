import type { ReferralSettings, SentForApproval, UpdateReferralSettingsBody } from '@orchard/shared';
import type { Tx } from '../../db/client';
import { withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import * as approvals from '../approvals/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { toSettingsView } from './views';

export async function getReferralSettings(deps: ServiceDeps): Promise<ReferralSettings> {
  return toSettingsView(await repo.readSettings(deps.db));
}

/** The settings as a change compares them (without when they were last changed). */
const valuesOf = ({ updatedAt: _updatedAt, ...values }: ReferralSettings): UpdateReferralSettingsBody => values;

/**
 * Takes effect for purchases after it commits; commissions already made keep the rates they were
 * made with. While two-person approval is on, the change waits for a second person (`sent`).
 */
export async function updateReferralSettings(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: UpdateReferralSettingsBody,
): Promise<{ settings: ReferralSettings; sent?: undefined } | { sent: SentForApproval; replayed: boolean }> {
  const before = valuesOf(await getReferralSettings(deps));
  const asked = await approvals.requestSettingsChange(deps, actor, 'referral_settings', { before, after: body });
  if (asked) return { sent: { approval: asked.approval }, replayed: asked.replayed };
  return { settings: await withTransaction(deps.db, (tx) => writeReferralSettings(tx, deps, actor, body)) };
}

/** The settings written and audited with before and after (and the approver, when a second person approved it). */
async function writeReferralSettings(
  tx: Tx,
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: UpdateReferralSettingsBody,
  approval?: { approvedBy: string; approvalId: string; before: UpdateReferralSettingsBody },
): Promise<ReferralSettings> {
  const now = deps.clock.now();
  const before = valuesOf(toSettingsView(await repo.readSettings(tx)));
  if (approval) approvals.assertSettingsUnchanged(before, approval.before);
  const row = await repo.updateSettings(tx, { ...body, updatedAt: now, updatedBy: actor.operatorId });
  await recordConsoleAction(tx, actor, {
    action: 'referral_settings.update',
    subjectType: 'referral_settings',
    subjectId: 'default',
    detail: { before, after: body, ...(approval ? { approvedBy: approval.approvedBy, approvalId: approval.approvalId } : {}) },
    at: now,
  });
  return toSettingsView(row);
}

/** A change of the referral settings a second person approved (modules/approvals): written in the requester's name. */
export const referralSettingsApproval: approvals.ApprovalAction = {
  permission: 'referral_settings',
  apply: async (tx, deps, request, approver) => {
    const { before, after } = request.payload as { before: UpdateReferralSettingsBody; after: UpdateReferralSettingsBody };
    const requester = { ...approver, operatorId: request.requestedBy };
    await writeReferralSettings(tx, deps, requester, after, { approvedBy: approver.operatorId, approvalId: request.id, before });
    return { transactionId: null };
  },
};
