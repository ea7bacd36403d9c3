import { z } from 'zod';
import { isoInstant, keysetCursorSchema, multiLineTextSchema, singleLineTextSchema, pageLimitSchema } from './common';
import { couponCodeSchema, couponRefusalSchema } from './coupons';
import { translatedLanguageSchema, translationsSchema } from './content';
import { isoDateOrDateTime, minorUnitsSchema, positiveMinorUnitsSchema } from './wallet';

/**
 * Plans, purchases, coupons and referral settings (docs/product.md "Money flows"). Plans are memberships
 * with stated benefits: no field describes a return, yield or payout (docs/product.md "Honest money"), and
 * the operator's texts are checked for such wording before they are stored.
 */

/** Words that would describe a plan as an investment; refused in every operator-written plan text. */
export const RETURN_WORDING =
  /\binvest\w*|\bprofit\w*|\breturns?\b|\byield\w*|\binterest\b|\bpayouts?\b|\bdividend\w*|\bguarantee\w*|\bearn(s|ed|ings)?\b|\bper day\b|\bdaily (income|bonus|reward)\w*|\broi\b|\bapy\b|\bapr\b/i;
/** The same in the other languages a plan is written in (docs/decisions/0024). */
export const RETURN_WORDING_ES =
  /\binvers(ión|iones|ionista|ionistas|or|ores)\b|\binvertir\b|\brentabilidad\b|\brendimientos?\b|\bganancias?\b|\bgarantizad[oa]s?\b|\btasa de interés\b|\bintereses\b|\bdividendos?\b/i;
export const RETURN_WORDING_ZH = /投资|收益|回报|利息|利润|分红|保本|理财/;
const HONEST = 'Describe the membership, not a return: words such as return, yield, profit, earn or payout are not allowed.';
/** Every plan text, in whichever language it is written, is checked for the words of all three. */
const promisesReturn = (value: string) => [RETURN_WORDING, RETURN_WORDING_ES, RETURN_WORDING_ZH].some((words) => words.test(value));
const honestText = <T extends z.ZodString>(schema: T) => schema.refine((value) => !promisesReturn(value), HONEST);

/** Most a plan may have in stock: stock is kept as one row per unit so purchases never queue on the plan. */
export const PLAN_STOCK_MAX = 100_000;
export const PLAN_DURATION_DAYS_MAX = 3650;
export const PLAN_BENEFITS_MAX = 12;
export const PLAN_PER_MEMBER_LIMIT_MAX = 1000;

// ---------------------------------------------------------------- plans

export const planParamsSchema = z.strictObject({ id: z.string().max(100) });

/** A plan as a member sees it on /plan and /plan/{id}. */
export const planSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  price: z.number().int(),
  currency: z.string().length(3),
  durationDays: z.number().int(),
  badge: z.string().nullable(),
  /** How many of this plan one member may buy (refunded purchases do not count); null = no limit. */
  perMemberLimit: z.number().int().nullable(),
  /** Units in stock in all; null = not limited. */
  stock: z.number().int().nullable(),
  /** Units left; null when not limited. */
  remainingStock: z.number().int().nullable(),
  saleStartsAt: z.iso.datetime().nullable(),
  saleEndsAt: z.iso.datetime().nullable(),
  /** Purchases of this plan the asking member has made (refunded ones not counted). */
  boughtByMe: z.number().int(),
  /** Whether it can be bought now: active, within its sale window, in stock. */
  onSale: z.boolean(),
  serverTime: z.iso.datetime(),
  /** The texts shown in the default language because the asked language has none for them (docs/decisions/0024). */
  untranslated: z.array(z.enum(['name', 'description', 'benefits', 'badge'])),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.strictObject({ items: z.array(planSchema), serverTime: z.iso.datetime() });
export type PlanList = z.infer<typeof planListSchema>;

const planTextsSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  badge: z.string().nullable(),
});

/** A plan as the operator manages it: its own texts are the default language's, `translations` the others'. */
export const adminPlanSchema = planSchema.omit({ boughtByMe: true, untranslated: true }).extend({
  translations: translationsSchema(planTextsSchema.partial()),
  missingLanguages: z.array(translatedLanguageSchema),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** Purchases not refunded. */
  soldCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanListSchema = z.strictObject({ items: z.array(adminPlanSchema) });

const planName = honestText(singleLineTextSchema.trim().max(80, 'Use at most 80 characters.'));
const planDescription = honestText(multiLineTextSchema.trim().max(2000, 'Use at most 2,000 characters.'));
const planBenefits = z
  .array(honestText(singleLineTextSchema.trim().min(1, 'A benefit cannot be empty.').max(120)))
  .max(PLAN_BENEFITS_MAX, `At most ${PLAN_BENEFITS_MAX} benefits.`);
const planBadge = honestText(singleLineTextSchema.trim().max(24, 'Use at most 24 characters.'));

export const upsertPlanBodySchema = z
  .strictObject({
    name: planName.min(1, 'Give the plan a name.'),
    description: planDescription.default(''),
    benefits: planBenefits.default([]),
    /** The plan's texts in the other languages; a field left out shows the default language's. */
    translations: translationsSchema(
      z.strictObject({
        name: planName.optional(),
        description: planDescription.optional(),
        benefits: planBenefits.optional(),
        badge: planBadge.nullable().optional(),
      }),
    ).default({}),
    price: positiveMinorUnitsSchema,
    durationDays: z.number().int().min(1, 'At least 1 day.').max(PLAN_DURATION_DAYS_MAX, `At most ${PLAN_DURATION_DAYS_MAX} days.`),
    badge: planBadge.min(1).nullable().default(null),
    perMemberLimit: z.number().int().min(1).max(PLAN_PER_MEMBER_LIMIT_MAX).nullable().default(null),
    stock: z.number().int().min(0).max(PLAN_STOCK_MAX, `At most ${PLAN_STOCK_MAX} units.`).nullable().default(null),
    saleStartsAt: isoInstant.nullable().default(null),
    saleEndsAt: isoInstant.nullable().default(null),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(1000).default(0),
  })
  .superRefine((value, context) => {
    if (value.saleStartsAt && value.saleEndsAt && Date.parse(value.saleEndsAt) <= Date.parse(value.saleStartsAt))
      context.addIssue({ code: 'custom', path: ['saleEndsAt'], message: 'The sale must end after it starts.' });
  });
export type UpsertPlanBody = z.infer<typeof upsertPlanBodySchema>;

// ---------------------------------------------------------------- quote and purchase

export const quotePurchaseQuerySchema = z.strictObject({ coupon: couponCodeSchema.optional() });

export const purchaseQuoteSchema = z.strictObject({
  planId: z.uuid(),
  currency: z.string().length(3),
  price: z.number().int(),
  discount: z.number().int(),
  toPay: z.number().int(),
  /** The member's available balance now. */
  available: z.number().int(),
  /** What is missing to pay (0 when the balance covers it). */
  shortfall: z.number().int(),
  coupon: z
    .strictObject({
      code: z.string(),
      applies: z.boolean(),
      reason: couponRefusalSchema.nullable(),
      /** Why it does not apply, in words. */
      message: z.string().nullable(),
    })
    .nullable(),
  /** Why the plan cannot be bought now, if it cannot. */
  blocked: z.enum(['not_on_sale', 'sold_out', 'limit_reached']).nullable(),
});
export type PurchaseQuote = z.infer<typeof purchaseQuoteSchema>;

export const purchasePlanBodySchema = z.strictObject({
  coupon: couponCodeSchema.optional(),
  /** What the member saw as "to pay"; a different price now is a 409 PRICE_CHANGED instead of a surprise. */
  expectedToPay: minorUnitsSchema.optional(),
});
export type PurchasePlanBody = z.infer<typeof purchasePlanBodySchema>;

export const PURCHASE_STATUSES = ['active', 'expired', 'refunded'] as const;
export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES);
export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;

export const purchaseSchema = z.strictObject({
  id: z.uuid(),
  plan: z.strictObject({ id: z.uuid(), name: z.string(), durationDays: z.number().int() }),
  currency: z.string().length(3),
  price: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  couponCode: z.string().nullable(),
  status: purchaseStatusSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  refundedAt: z.iso.datetime().nullable(),
  refundReason: z.string().nullable(),
  serverTime: z.iso.datetime(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const listMyPurchasesQuerySchema = z.strictObject({
  status: purchaseStatusSchema.optional(),
  cursor: keysetCursorSchema,
  limit: pageLimitSchema,
});
export const purchasePageSchema = z.strictObject({ items: z.array(purchaseSchema), nextCursor: z.string().nullable() });
export type PurchasePage = z.infer<typeof purchasePageSchema>;

// ---------------------------------------------------------------- commissions (console view of a purchase)

/** `review`: held while an operator reviews a referral (the team issue's fraud holds). */
export const COMMISSION_STATUSES = ['pending', 'available', 'reversed', 'skipped', 'review'] as const;
export const COMMISSION_SKIP_REASONS = [
  'no_upline',
  'no_active_plan',
  'frozen',
  'cap',
  'zero_amount',
  'self_referral',
  'amount_limit',
  'balance_limit',
] as const;
export const commissionSchema = z.strictObject({
  level: z.number().int().min(1).max(3),
  beneficiary: z.strictObject({ id: z.uuid(), displayName: z.string() }).nullable(),
  /** The rate used, in basis points (1000 = 10 %), kept as it was at the purchase. */
  rateBp: z.number().int(),
  amount: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  skipReason: z.enum(COMMISSION_SKIP_REASONS).nullable(),
  releaseAt: z.iso.datetime().nullable(),
  releasedAt: z.iso.datetime().nullable(),
  /**
   * A pending commission whose release failed (null otherwise): why the last attempt failed (a
   * refusal's code such as BALANCE_LIMIT, or the database's error), how many attempts failed, and
   * when the release job tries again.
   */
  releaseFailure: z
    .strictObject({ error: z.string(), failures: z.number().int(), failedAt: z.iso.datetime(), nextAttemptAt: z.iso.datetime() })
    .nullable(),
});
export type Commission = z.infer<typeof commissionSchema>;

export const PURCHASE_COMMISSION_FILTERS = ['release_failed'] as const;

export const adminPurchaseSchema = purchaseSchema.extend({
  member: z.strictObject({ id: z.uuid(), displayName: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  commissions: z.array(commissionSchema),
  /** Whether a refund can be made without the override (inside the window, no commission released yet). */
  refundableWithoutOverride: z.boolean(),
  refundWindowEndsAt: z.iso.datetime(),
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;
export const listPurchasesQuerySchema = z.strictObject({
  member: z.uuid('Not a member id.').optional(),
  plan: z.uuid('Not a plan id.').optional(),
  status: purchaseStatusSchema.optional(),
  /** Inclusive, a date (2026-01-31, UTC) or date-time. */
  from: isoDateOrDateTime(false).optional(),
  to: isoDateOrDateTime(true).optional(),
  /** `release_failed`: purchases with a pending commission whose release failed. */
  commission: z.enum(PURCHASE_COMMISSION_FILTERS, 'Not a commission filter.').optional(),
  cursor: keysetCursorSchema,
  limit: pageLimitSchema,
});
export const adminPurchasePageSchema = z.strictObject({
  items: z.array(adminPurchaseSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});

export const refundPurchaseBodySchema = z.strictObject({
  reason: singleLineTextSchema.trim().min(3, 'Give a reason of at least 3 characters.').max(500),
  /** Needed past the refund window or once a commission of it was released (claw-back). */
  override: z.boolean().default(false),
});
export type RefundPurchaseBody = z.infer<typeof refundPurchaseBodySchema>;

// ---------------------------------------------------------------- referral settings

const basisPoints = z.number().int().min(0, 'At least 0.').max(10_000, 'At most 100 %.');
export const referralSettingsSchema = z.strictObject({
  /** Commission rates of levels 1–3 in basis points of the price paid (1000 = 10 %). */
  level1Bp: z.number().int(),
  level2Bp: z.number().int(),
  level3Bp: z.number().int(),
  /** Most all levels together may receive from one purchase, in basis points of the price paid. */
  capBp: z.number().int(),
  /** Pay only uplines who hold an active plan at the moment of the purchase. */
  requireActivePlan: z.boolean(),
  /** Days a commission waits in pending before it becomes available (0 = at once). */
  holdDays: z.number().int(),
  /** Days after a purchase the operator may refund it without the override. */
  refundWindowDays: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;
export const updateReferralSettingsBodySchema = z
  .strictObject({
    level1Bp: basisPoints,
    level2Bp: basisPoints,
    level3Bp: basisPoints,
    capBp: z.number().int().min(0, 'At least 0.').max(5_000, 'At most 50 %.'),
    requireActivePlan: z.boolean(),
    holdDays: z.number().int().min(0).max(90, 'At most 90 days.'),
    refundWindowDays: z.number().int().min(0).max(365, 'At most 365 days.'),
  })
  .superRefine((value, context) => {
    if (value.level1Bp + value.level2Bp + value.level3Bp > 10_000)
      context.addIssue({ code: 'custom', path: ['level1Bp'], message: 'The three rates together cannot pass 100 %.' });
  });
export type UpdateReferralSettingsBody = z.infer<typeof updateReferralSettingsBodySchema>;

// ---------------------------------------------------------------- member commission summary (/home)

export const commissionSummarySchema = z.strictObject({
  currency: z.string().length(3),
  /** Commissions waiting out the holding period. */
  pending: z.number().int(),
  /** Commissions released to the wallet, in all. */
  released: z.number().int(),
  /** What the member owes from commissions taken back after a refund; settled from their next commissions. */
  debt: z.number().int(),
  /** When the next pending commission becomes available. */
  nextReleaseAt: z.iso.datetime().nullable(),
});
export type CommissionSummary = z.infer<typeof commissionSummarySchema>;
