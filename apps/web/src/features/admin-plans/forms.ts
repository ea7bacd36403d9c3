import { z } from 'zod';
import {
  createCouponBodySchema,
  generateCouponsBodySchema,
  updateCouponBodySchema,
  updateReferralSettingsBodySchema,
  upsertPlanBodySchema,
  type AdminCoupon,
  type AdminPlan,
  type CouponKind,
  type ReferralSettings,
  type TranslatedLanguage,
} from '@orchard/shared';
import {
  basisPointsToPercent,
  isoToLocalInput,
  localInputToIso,
  minorToMoneyInput,
  moneyInputToMinor,
  percentToBasisPoints,
  wholeNumberInput,
} from './logic';
import type { useAdminPlansMessages } from './messages';

/*
 * The console forms of this feature: what the operator types (text, as the inputs hold it) turned
 * into the API's bodies, which the contract's own schema then checks field by field, so the form
 * and the server say the same words. Form field names are the body's, so the server's field
 * messages land on them too.
 */

export type Translate = ReturnType<typeof useAdminPlansMessages>['t'];

type Parsed<T> = T | null;

/** A text field read by `read`: its value (null when empty), or an issue with `message` when unreadable. */
function textAs<T>(read: (text: string) => Parsed<T> | undefined, message: string) {
  return z.string().transform((text, context): Parsed<T> => {
    const value = read(text);
    if (value !== undefined) return value;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

const money = (digits: number, t: Translate) => textAs((text) => moneyInputToMinor(text, digits), t('common.amountInvalid'));
const whole = (t: Translate) => textAs(wholeNumberInput, t('common.wholeNumber'));
const instant = (t: Translate) => textAs(localInputToIso, t('common.dateInvalid'));
const optionalText = z.string().transform((text) => text.trim() || null);

/** Where a contract issue lands on the form: its first path segment, or a list's own field with the line named. */
type Placement = (issue: z.core.$ZodIssue) => { field: string; message: string };

const firstSegment: Placement = (issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message });

/**
 * A contract issue's message, or ours where the contract left zod's generic one ("Too small:
 * expected number to be >=1") for a bound.
 */
function issueMessage(issue: z.core.$ZodIssue, t: Translate): string {
  const generic = /^Too (small|big)/.test(issue.message);
  if (generic && issue.code === 'too_small')
    return issue.origin === 'string'
      ? t('common.atLeastCharacters', { min: Number(issue.minimum) })
      : t('common.atLeast', { min: Number(issue.minimum) });
  if (generic && issue.code === 'too_big')
    return issue.origin === 'string'
      ? t('common.atMostCharacters', { max: Number(issue.maximum) })
      : t('common.atMost', { max: Number(issue.maximum) });
  return issue.message;
}

/** Checks `body` with the contract; its issues become the form's, on the fields `place` says. */
function checkWith<S extends z.ZodType>(schema: S, body: unknown, context: z.RefinementCtx, t: Translate, place: Placement = firstSegment) {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as z.output<S>;
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const { field, message } = place({ ...issue, message: issueMessage(issue, t) } as z.core.$ZodIssue);
    // One message per field: the first is the one to fix first.
    if (seen.has(field)) continue;
    seen.add(field);
    context.addIssue({ code: 'custom', message, path: field ? [field] : [] });
  }
  return z.NEVER;
}

/** The non-empty lines of a textarea, each with its line number as the operator sees it. */
export function numberedLines(text: string): Array<{ line: number; text: string }> {
  return text
    .split(/\r?\n/)
    .map((value, index) => ({ line: index + 1, text: value.trim() }))
    .filter((entry) => entry.text);
}

// ---------------------------------------------------------------- plan

/** A plan's texts in one other language, as the form holds them (benefits one per line). */
const planTextsForm = z.strictObject({ name: z.string(), description: z.string(), benefits: z.string(), badge: z.string() });
const TRANSLATED = ['es', 'zh'] as const satisfies readonly TranslatedLanguage[];

export function planFormSchema(digits: number, t: Translate) {
  return z
    .strictObject({
      name: z.string(),
      description: z.string(),
      benefits: z.string(),
      translations: z.strictObject({ es: planTextsForm, zh: planTextsForm }),
      price: money(digits, t),
      durationDays: whole(t),
      badge: optionalText,
      perMemberLimit: whole(t),
      stock: whole(t),
      saleStartsAt: instant(t),
      saleEndsAt: instant(t),
      active: z.boolean(),
      sortOrder: whole(t),
    })
    .transform(({ benefits, translations, price, durationDays, sortOrder, ...values }, context) => {
      const lines = numberedLines(benefits);
      const translatedLines = Object.fromEntries(TRANSLATED.map((language) => [language, numberedLines(translations[language].benefits)]));
      if (price === null) context.addIssue({ code: 'custom', message: t('common.amountInvalid'), path: ['price'] });
      if (durationDays === null) context.addIssue({ code: 'custom', message: t('common.wholeNumber'), path: ['durationDays'] });
      if (price === null || durationDays === null) return z.NEVER;
      const body = {
        ...values,
        benefits: lines.map((entry) => entry.text),
        // Every language's fields as typed; the server keeps only those with text (the rest fall back to English).
        translations: Object.fromEntries(
          TRANSLATED.map((language) => {
            const texts = translations[language];
            return [
              language,
              {
                name: texts.name,
                description: texts.description,
                benefits: translatedLines[language]!.map((entry) => entry.text),
                badge: texts.badge.trim() || null,
              },
            ];
          }),
        ),
        price,
        durationDays,
        sortOrder: sortOrder ?? 0,
      };
      const onLine = (field: string, numbered: ReturnType<typeof numberedLines>, index: number, message: string) => ({
        field,
        message: `${t('common.line', { line: numbered[index]?.line ?? index + 1 })} ${message}`,
      });
      return checkWith(upsertPlanBodySchema, body, context, t, (issue) => {
        const [head, language, field, index] = issue.path;
        if (head === 'benefits' && typeof language === 'number') return onLine('benefits', lines, language, issue.message);
        if (head === 'translations' && typeof language === 'string' && field === 'benefits' && typeof index === 'number')
          return onLine(`translations.${language}.benefits`, translatedLines[language] ?? [], index, issue.message);
        // A translation's field by its full name (translations.es.name), as the form names it.
        if (head === 'translations') return { field: issue.path.slice(0, 3).map(String).join('.'), message: issue.message };
        return firstSegment(issue);
      });
    });
}
export type PlanFormValues = z.input<ReturnType<typeof planFormSchema>>;

export function planFormDefaults(plan: AdminPlan | null, digits: number): PlanFormValues {
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    benefits: plan?.benefits.join('\n') ?? '',
    translations: Object.fromEntries(
      TRANSLATED.map((language) => {
        const texts = plan?.translations[language];
        return [
          language,
          {
            name: texts?.name ?? '',
            description: texts?.description ?? '',
            benefits: texts?.benefits?.join('\n') ?? '',
            badge: texts?.badge ?? '',
          },
        ];
      }),
    ) as PlanFormValues['translations'],
    price: plan ? minorToMoneyInput(plan.price, digits) : '',
    durationDays: number(plan?.durationDays ?? 30),
    badge: plan?.badge ?? '',
    perMemberLimit: number(plan?.perMemberLimit),
    stock: number(plan?.stock),
    saleStartsAt: isoToLocalInput(plan?.saleStartsAt),
    saleEndsAt: isoToLocalInput(plan?.saleEndsAt),
    active: plan?.active ?? true,
    sortOrder: number(plan?.sortOrder ?? 0),
  };
}

// ---------------------------------------------------------------- coupons

export type CouponFormMode = 'create' | 'edit' | 'generate';

/** The terms every coupon form has; `value` is a whole percent or an amount, by kind. */
function couponTerms(digits: number, t: Translate) {
  return {
    kind: z.enum(['percent_off', 'amount_off', 'wallet_credit']),
    value: z.string(),
    maxDiscount: money(digits, t),
    minSpend: money(digits, t),
    planIds: z.array(z.string()),
    startsAt: instant(t),
    endsAt: instant(t),
    totalCap: whole(t),
    perMemberCap: whole(t),
    assignedMemberId: optionalText,
    active: z.boolean(),
  };
}

export function couponFormSchema(mode: CouponFormMode, digits: number, t: Translate) {
  return z
    .strictObject({ ...couponTerms(digits, t), code: z.string(), count: whole(t), prefix: z.string() })
    .transform(({ code, count, prefix, kind, value, maxDiscount, minSpend, planIds, perMemberCap, ...terms }, context) => {
      const isPercent = kind === 'percent_off';
      const amount = isPercent ? wholeNumberInput(value) : moneyInputToMinor(value, digits);
      if (amount === null || amount === undefined || amount < 1) {
        context.addIssue({
          code: 'custom',
          path: ['value'],
          message: isPercent ? t('couponForm.percentInvalid') : t('common.amountInvalid'),
        });
        return z.NEVER;
      }
      // Fields the kind does not use are hidden, and sent as "not set" whatever they held before.
      const isCredit = kind === 'wallet_credit';
      const fields = {
        ...terms,
        kind,
        value: amount,
        maxDiscount: isPercent ? maxDiscount : null,
        minSpend: isCredit ? 0 : (minSpend ?? 0),
        planIds: isCredit ? [] : planIds,
        perMemberCap: perMemberCap ?? 1,
      };
      if (mode === 'generate') {
        if (count === null) {
          context.addIssue({ code: 'custom', path: ['count'], message: t('common.wholeNumber') });
          return z.NEVER;
        }
        return { mode, body: checkWith(generateCouponsBodySchema, { ...fields, count, prefix }, context, t) } as const;
      }
      if (mode === 'create') return { mode, body: checkWith(createCouponBodySchema, { ...fields, code }, context, t) } as const;
      return { mode, body: checkWith(updateCouponBodySchema, fields, context, t) } as const;
    });
}
export type CouponFormValues = z.input<ReturnType<typeof couponFormSchema>>;

export function couponFormDefaults(coupon: AdminCoupon | null, digits: number): CouponFormValues {
  const amount = (value: number | null | undefined) => (value ? minorToMoneyInput(value, digits) : '');
  const kind: CouponKind = coupon?.kind ?? 'percent_off';
  return {
    code: coupon?.code ?? '',
    count: '10',
    prefix: '',
    kind,
    value: coupon ? (kind === 'percent_off' ? String(coupon.value) : minorToMoneyInput(coupon.value, digits)) : '',
    maxDiscount: amount(coupon?.maxDiscount),
    minSpend: amount(coupon?.minSpend),
    planIds: coupon?.planIds ?? [],
    startsAt: isoToLocalInput(coupon?.startsAt),
    endsAt: isoToLocalInput(coupon?.endsAt),
    totalCap: coupon?.totalCap ? String(coupon.totalCap) : '',
    perMemberCap: String(coupon?.perMemberCap ?? 1),
    assignedMemberId: coupon?.assignedMemberId ?? '',
    active: coupon?.active ?? true,
  };
}

// ---------------------------------------------------------------- referral settings

export function referralFormSchema(t: Translate) {
  const percent = z.string().transform((text, context) => {
    const basisPoints = percentToBasisPoints(text);
    if (basisPoints !== null) return basisPoints;
    context.addIssue({ code: 'custom', message: t('referrals.percentInvalid') });
    return z.NEVER;
  });
  const days = z.string().transform((text, context) => {
    const value = wholeNumberInput(text);
    if (value !== null && value !== undefined) return value;
    context.addIssue({ code: 'custom', message: t('common.wholeNumber') });
    return z.NEVER;
  });
  return z
    .strictObject({
      level1Bp: percent,
      level2Bp: percent,
      level3Bp: percent,
      capBp: percent,
      requireActivePlan: z.boolean(),
      holdDays: days,
      refundWindowDays: days,
    })
    .transform((body, context) => checkWith(updateReferralSettingsBodySchema, body, context, t));
}
export type ReferralFormValues = z.input<ReturnType<typeof referralFormSchema>>;

export function referralFormDefaults(settings: ReferralSettings): ReferralFormValues {
  return {
    level1Bp: basisPointsToPercent(settings.level1Bp),
    level2Bp: basisPointsToPercent(settings.level2Bp),
    level3Bp: basisPointsToPercent(settings.level3Bp),
    capBp: basisPointsToPercent(settings.capBp),
    requireActivePlan: settings.requireActivePlan,
    holdDays: String(settings.holdDays),
    refundWindowDays: String(settings.refundWindowDays),
  };
}
