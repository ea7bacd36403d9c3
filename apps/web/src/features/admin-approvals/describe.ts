import { formatMoney, formatPercent } from '../../lib/format';
import type { ApprovalRequest } from './api';
import type { AdminApprovalsMessages, AdminApprovalsT } from './messages';

/**
 * What a request would do, in words: "Adjust Ana’s wallet by +$1,500.00", "Refund Ana’s Gold
 * membership, leaving uplines a debt of $20.00", "Change the withdrawal settings".
 */
export function describeApproval(t: AdminApprovalsT, request: ApprovalRequest): string {
  const amount = formatMoney(request.amount, { currency: request.currency });
  const member = request.subject?.name ?? '';
  switch (request.kind) {
    case 'refund_override':
      return t('describe.refund', { member, plan: request.refundOverride?.planName ?? '', amount });
    case 'payout_results':
      return t('describe.payoutResults', { amount, rows: request.payoutResults?.rows ?? 0 });
    case 'withdrawal_settings':
      return t('describe.withdrawalSettings');
    case 'referral_settings':
      return t('describe.referralSettings');
    case 'second_factor_reset':
      return t('describe.secondFactorReset', { member });
    default:
      return t(request.adjustment?.direction === 'debit' ? 'describe.debit' : 'describe.credit', { member, amount });
  }
}

type Field = keyof AdminApprovalsMessages['fields'];
const MONEY: readonly string[] = ['minAmount', 'maxAmount', 'dailyMax', 'feeFixed'];
const SHARE: readonly string[] = ['feeBp', 'level1Bp', 'level2Bp', 'level3Bp', 'capBp'];
const COUNTS: Partial<Record<Field, 'describe.hours' | 'describe.days' | 'describe.businessDays'>> = {
  cooldownHours: 'describe.hours',
  holdDays: 'describe.days',
  refundWindowDays: 'describe.days',
  payoutBusinessDays: 'describe.businessDays',
};

/** One setting's value in words: money in the currency, shares as percentages, periods with their unit; never minor units or basis points. */
function settingValue(t: AdminApprovalsT, field: string, value: number | boolean, currency: string): string {
  if (typeof value === 'boolean')
    return field === 'enabled' ? t(value ? 'describe.on' : 'describe.off') : t(value ? 'describe.yes' : 'describe.no');
  if (MONEY.includes(field)) return formatMoney(value, { currency });
  if (SHARE.includes(field)) return formatPercent(value);
  const unit = COUNTS[field as Field];
  return unit ? t(unit, { count: value }) : String(value);
}

/** The lines under a request: its reason, or each changed setting "Minimum withdrawal: $10.00 → $15.00". */
export function approvalDetails(t: AdminApprovalsT, request: ApprovalRequest): string[] {
  const reason = request.adjustment?.reason ?? request.refundOverride?.reason ?? request.secondFactorReset?.reason;
  if (reason) return [t('describe.reason', { reason })];
  const change = request.settingsChange;
  if (!change) return [];
  return Object.keys(change.after)
    .filter((field) => change.before[field] !== change.after[field])
    .map((field) =>
      t('describe.change', {
        field: field in FIELD_NAMES ? t(`fields.${field as Field}`) : field,
        before: change.before[field] === undefined ? '—' : settingValue(t, field, change.before[field], request.currency),
        after: settingValue(t, field, change.after[field]!, request.currency),
      }),
    );
}

const FIELD_NAMES: Record<Field, true> = {
  enabled: true,
  minAmount: true,
  maxAmount: true,
  dailyMax: true,
  feeFixed: true,
  feeBp: true,
  cooldownHours: true,
  payoutBusinessDays: true,
  level1Bp: true,
  level2Bp: true,
  level3Bp: true,
  capBp: true,
  requireActivePlan: true,
  holdDays: true,
  refundWindowDays: true,
};
