import { createHash } from 'node:crypto';
import type { ApprovalRequest } from '@orchard/shared';
import { AppError } from '../../errors';
import type { ServiceDeps } from '../../lib/service-deps';
import type { ConsoleActor } from '../audit/index';
import { approvalOn, requestApproval, samePayload } from './service';

/** The money settings whose every change waits for a second person while approval is on (docs/decisions/0039). */
export type SettingsKind = 'withdrawal_settings' | 'referral_settings';

/**
 * A change to a money setting while two-person approval is on (a threshold is set): recorded as a
 * request with the settings before and after, and nothing changes; null when it may be made now
 * (approval is off, or nothing would change). A setting has no amount to compare with the
 * threshold, so every change waits (the request's amount is 0); the same change asked again while
 * it waits is the same request.
 */
export async function requestSettingsChange(
  deps: ServiceDeps,
  actor: ConsoleActor,
  kind: SettingsKind,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<{ approval: ApprovalRequest; replayed: boolean } | null> {
  if (samePayload(change.before, change.after) || !(await approvalOn(deps))) return null;
  const digest = createHash('sha256').update(JSON.stringify(change)).digest('hex');
  return requestApproval(deps, actor, {
    kind,
    payload: change,
    amount: 0,
    subjectUserId: null,
    key: `${kind}:${digest}`,
    whileWaiting: true,
  });
}

/**
 * An approved settings change applies only over the settings it was asked against: changed since
 * (by anyone), the approval fails with this reason and changes nothing.
 */
export function assertSettingsUnchanged(current: Record<string, unknown>, before: Record<string, unknown>): void {
  if (!samePayload(current, before)) {
    throw new AppError('CONFLICT', 'The settings changed since this was asked for. Ask again from the settings as they are now.');
  }
}
