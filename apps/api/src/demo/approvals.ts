import type { ConsoleActor } from '../modules/audit/index';
import { adjustBalance } from '../modules/admin-ledger/index';
import { approve, updateApprovalSettings } from '../modules/approvals/index';
import { getWithdrawalSettings, updateWithdrawalSettings } from '../modules/withdrawals/index';
import type { ManualClock } from '../lib/clock';
import type { ServiceDeps } from '../lib/service-deps';

const HOUR = 3_600_000;

/**
 * Two-person approval in the demo (docs/decisions/0033): the threshold at 1,000.00, then three large
 * adjustments: one a second operator approved (it moved money, both names on it), one that expired
 * unanswered, and one the second operator asked for that waits for the demo operator, so the console
 * shows "waiting for your approval". Last, the second operator asks to raise the minimum withdrawal
 * by 5.00: a money setting, so it waits too (docs/decisions/0039), shown before → after. Told after
 * the story, each at its time; only the approved one posts, after everything else the story posted.
 */
export async function seedDemoApprovals(
  deps: ServiceDeps & { clock: ManualClock },
  operator: ConsoleActor,
  approver: ConsoleActor,
  members: { approved: string; expired: string; waiting: string },
  now: Date,
): Promise<void> {
  const { clock } = deps;
  const later = (target: number) => clock.set(new Date(Math.max(target, clock.now().getTime() + 60_000)));
  await updateApprovalSettings(deps, operator, { threshold: 100_000, expiresAfterHours: 24 });
  // Asked for two days ago, never decided: expired (no money moved, so the clock may go back for it).
  clock.set(new Date(now.getTime() - 50 * HOUR));
  await adjustBalance(
    deps,
    approver,
    members.expired,
    { direction: 'credit', amount: 200_000, reason: 'Compensation asked for by phone, never confirmed in writing' },
    'demo-approval:expired',
  );
  later(now.getTime() - 3 * HOUR);
  const asked = await adjustBalance(
    deps,
    operator,
    members.approved,
    { direction: 'credit', amount: 120_000, reason: 'Refund of a bank charge taken twice, shown on the member’s statement' },
    'demo-approval:approved',
  );
  later(now.getTime() - 2 * HOUR);
  if (asked.sent) await approve(deps, approver, asked.sent.approval.id);
  later(now.getTime() - 20 * 60_000);
  await adjustBalance(
    deps,
    approver,
    members.waiting,
    { direction: 'credit', amount: 150_000, reason: 'Goodwill for the payment outage during the plan sale' },
    'demo-approval:waiting',
  );
  later(now.getTime() - 10 * 60_000);
  const settings = await getWithdrawalSettings(deps);
  await updateWithdrawalSettings(deps, approver, { ...settings, minAmount: settings.minAmount + 500 });
}
