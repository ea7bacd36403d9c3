import type { ReferralSettings, UpdateReferralSettingsBody } from '@orchard/shared';
import type { SettingChange } from '../../components/ui/changes-sheet';
import { formatBasisPoints } from './logic';
import type { AdminPlansT } from './messages';

const FIELDS = ['level1Bp', 'level2Bp', 'level3Bp', 'capBp', 'holdDays', 'refundWindowDays', 'requireActivePlan'] as const;
const LABELS = {
  level1Bp: 'referrals.level1',
  level2Bp: 'referrals.level2',
  level3Bp: 'referrals.level3',
  capBp: 'referrals.cap',
  holdDays: 'referrals.holdDays',
  refundWindowDays: 'referrals.refundWindowDays',
  requireActivePlan: 'referrals.onlyActive',
} as const;

/** What a save of the referral settings would change, in words ("Level 1: 10% → 12.5%"); the rest left out. */
export function referralChanges(
  before: ReferralSettings,
  after: UpdateReferralSettingsBody,
  t: AdminPlansT,
  locale?: string,
): SettingChange[] {
  const say = (field: (typeof FIELDS)[number], value: number | boolean): string => {
    if (typeof value === 'boolean') return t(value ? 'referrals.yes' : 'referrals.no');
    if (field === 'holdDays' || field === 'refundWindowDays') return t('referrals.days', { count: value });
    return formatBasisPoints(value, locale);
  };
  return FIELDS.flatMap((field) =>
    after[field] === before[field]
      ? []
      : [{ field, label: t(LABELS[field]), before: say(field, before[field]), after: say(field, after[field]) }],
  );
}
