import type { ReferralSettings, UpdateReferralSettingsBody } from '@orchard/shared';
import { withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { toSettingsView } from './views';

export async function getReferralSettings(deps: ServiceDeps): Promise<ReferralSettings> {
  return toSettingsView(await repo.readSettings(deps.db));
}

/** Takes effect for purchases after it commits; commissions already made keep the rates they were made with. */
export async function updateReferralSettings(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: UpdateReferralSettingsBody,
): Promise<ReferralSettings> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const before = toSettingsView(await repo.readSettings(tx));
    const row = await repo.updateSettings(tx, { ...body, updatedAt: now, updatedBy: actor.operatorId });
    const after = toSettingsView(row);
    await recordConsoleAction(tx, actor, {
      action: 'referral_settings.update',
      subjectType: 'referral_settings',
      subjectId: 'default',
      detail: { before: { ...before, updatedAt: undefined }, after: body },
      at: now,
    });
    return after;
  });
}
