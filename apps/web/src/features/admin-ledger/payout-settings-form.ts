import { z } from 'zod';
import { updateWithdrawalSettingsBodySchema, type UpdateWithdrawalSettingsBody, type WithdrawalSettings } from '@orchard/shared';
import {
  AMOUNT_MAX_MINOR_CEILING,
  basisPointsToPercentText,
  minorToDecimalString,
  moneyTextToMinor,
  percentTextToBasisPoints,
} from '@orchard/shared/money';
import type { SettingChange } from '../../components/ui/changes-sheet';
import type { AdminLedgerT } from './messages';

/*
 * The withdrawal settings as an operator reads and types them: amounts in the currency's major
 * units with its decimals ("10.00"), the fee as a percentage ("1.5"). The API keeps integers
 * (minor units, basis points); the conversion happens here, at the form's edge, with the shared
 * money helpers, and refuses what it would have to round.
 */

/** The contract's bounds, in the units the form speaks. */
const FEE_MAX_BP = 5_000;
const COOLDOWN_MAX_HOURS = 720;
const BUSINESS_DAYS = { min: 1, max: 30 };

const MONEY_FIELDS = ['minAmount', 'maxAmount', 'dailyMax', 'feeFixed'] as const;
/** Every setting in the order the form and its confirm sheet list them. */
const SETTING_FIELDS = ['enabled', ...MONEY_FIELDS, 'feeBp', 'cooldownHours', 'payoutBusinessDays'] as const;
type SettingField = (typeof SETTING_FIELDS)[number];

export interface SettingsFormat {
  /** Minor units → "$10.00" in the person's language. */
  money: (minor: number) => string;
  /** Basis points → "1.5%". */
  percent: (basisPoints: number) => string;
}

export function payoutSettingsFormSchema(digits: number, t: AdminLedgerT, format: SettingsFormat) {
  const text = <T>(read: (value: string) => T | null, message: string) =>
    z.string().transform((value, context) => {
      const parsed = read(value);
      if (parsed !== null) return parsed;
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
  const amount = (min: number) =>
    text(
      (value) => {
        const minor = moneyTextToMinor(value, digits);
        return minor !== null && minor >= min ? minor : null;
      },
      t('payoutSettings.amountInvalid', { example: format.money(1_050), max: format.money(AMOUNT_MAX_MINOR_CEILING) }),
    );
  const whole = (min: number, max: number) =>
    text(
      (value) => (/^\d{1,4}$/.test(value.trim()) && Number(value) >= min && Number(value) <= max ? Number(value) : null),
      t('payoutSettings.wholeInvalid', { min, max }),
    );
  return z
    .strictObject({
      enabled: z.boolean(),
      minAmount: amount(1),
      maxAmount: amount(1),
      dailyMax: amount(1),
      feeFixed: amount(0),
      feeBp: text(
        (value) => percentTextToBasisPoints(value, FEE_MAX_BP),
        t('payoutSettings.percentInvalid', { max: format.percent(FEE_MAX_BP) }),
      ),
      cooldownHours: whole(0, COOLDOWN_MAX_HOURS),
      payoutBusinessDays: whole(BUSINESS_DAYS.min, BUSINESS_DAYS.max),
    })
    .transform((body, context): UpdateWithdrawalSettingsBody => {
      // The contract's own cross-checks (maximum ≥ minimum, daily ≥ maximum), worded for the form.
      const checks: Array<[boolean, SettingField, string]> = [
        [body.maxAmount < body.minAmount, 'maxAmount', t('payoutSettings.maxBelowMin')],
        [body.dailyMax < body.maxAmount, 'dailyMax', t('payoutSettings.dailyBelowMax')],
      ];
      for (const [failed, field, message] of checks) if (failed) context.addIssue({ code: 'custom', path: [field], message });
      const parsed = updateWithdrawalSettingsBodySchema.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message });
        return z.NEVER;
      }
      return parsed.data;
    });
}
type PayoutSettingsFormValues = z.input<ReturnType<typeof payoutSettingsFormSchema>>;

/** The saved settings as the form shows them: "10.00" (the currency's decimals), "1.5". */
export function payoutSettingsFormDefaults(settings: WithdrawalSettings, digits: number): PayoutSettingsFormValues {
  return {
    enabled: settings.enabled,
    minAmount: minorToDecimalString(settings.minAmount, digits),
    maxAmount: minorToDecimalString(settings.maxAmount, digits),
    dailyMax: minorToDecimalString(settings.dailyMax, digits),
    feeFixed: minorToDecimalString(settings.feeFixed, digits),
    feeBp: basisPointsToPercentText(settings.feeBp),
    cooldownHours: String(settings.cooldownHours),
    payoutBusinessDays: String(settings.payoutBusinessDays),
  };
}

/** What a save would change, in words ("Minimum withdrawal: $10.00 → $15.00"); unchanged settings are left out. */
export function settingChanges(
  before: WithdrawalSettings,
  after: UpdateWithdrawalSettingsBody,
  t: AdminLedgerT,
  format: SettingsFormat,
): SettingChange[] {
  const say = (field: SettingField, value: number | boolean): string => {
    if (typeof value === 'boolean') return t(value ? 'payoutSettings.open' : 'payoutSettings.closed');
    if (field === 'feeBp') return format.percent(value);
    if (field === 'cooldownHours') return t('payoutSettings.hours', { count: value });
    if (field === 'payoutBusinessDays') return t('payoutSettings.businessDays', { count: value });
    return format.money(value);
  };
  return SETTING_FIELDS.flatMap((field) => {
    const next = after[field] ?? before[field];
    if (next === before[field]) return [];
    return [{ field, label: t(`payoutSettings.${field}`), before: say(field, before[field]), after: say(field, next) }];
  });
}
