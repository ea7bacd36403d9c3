import { z } from 'zod';
import { keysetCursorSchema, multiLineTextSchema, singleLineTextSchema } from './common';
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

const limitQuery = z
  .string()
  .regex(/^(?:[1-9]|[1-9]\d|100)$/, 'Use a whole number from 1 to 100.')
  .optional();
/** Years 1–9999 once in UTC: what a timestamptz and the API's ISO output both hold (an offset may move 9999-12-31 past it). */
const INSTANT_MIN_MS = Date.parse('0001-01-01T00:00:00Z');
const isoInstant = z.iso.datetime({ offset: true, message: 'Use an ISO date-time such as 2026-12-01T00:00:00Z.' }).refine((value) => {
  const at = Date.parse(value);
  return at >= INSTANT_MIN_MS && at < Date.UTC(10000, 0, 1);
}, 'Use a date between the years 1 and 9999.');

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

// ---------------------------------------------------------------- coupons

export const COUPON_KINDS = ['percent_off', 'amount_off', 'wallet_credit'] as const;
export const couponKindSchema = z.enum(COUPON_KINDS);
export type CouponKind = z.infer<typeof couponKindSchema>;

/** Codes are case-insensitive: stored and compared upper-case. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(3, 'A code has at least 3 characters.')
  .max(32, 'A code has at most 32 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only.')
  .transform((value) => value.toUpperCase());

/** Why a coupon does not apply (quote, purchase, redeem). */
export const COUPON_REFUSALS = [
  'not_found',
  'inactive',
  'not_started',
  'expired',
  'below_minimum',
  'not_for_plan',
  'cap_reached',
  'member_cap_reached',
  'not_yours',
  'wrong_kind',
] as const;
export const couponRefusalSchema = z.enum(COUPON_REFUSALS);
export type CouponRefusal = z.infer<typeof couponRefusalSchema>;

export const adminCouponSchema = z.strictObject({
  id: z.uuid(),
  code: z.string(),
  kind: couponKindSchema,
  /** percent_off: whole percent 1–100; amount_off and wallet_credit: minor units. */
  value: z.number().int(),
  /** percent_off only: the most it takes off, in minor units; null = no maximum. */
  maxDiscount: z.number().int().nullable(),
  /** Plan price at least this (minor units) for the coupon to apply; 0 = any. */
  minSpend: z.number().int(),
  /** Plans it applies to; empty = every plan. */
  planIds: z.array(z.uuid()),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  /** Redemptions in all; null = no cap. */
  totalCap: z.number().int().nullable(),
  perMemberCap: z.number().int(),
  /** Only this member may use it; null = anyone. */
  assignedMemberId: z.uuid().nullable(),
  active: z.boolean(),
  redeemedCount: z.number().int(),
  /** Shared by the codes of one generated batch. */
  batch: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

const couponFieldsSchema = z.strictObject({
  kind: couponKindSchema,
  value: positiveMinorUnitsSchema,
  maxDiscount: positiveMinorUnitsSchema.nullable().default(null),
  minSpend: minorUnitsSchema.default(0),
  planIds: z.array(z.uuid('Not a plan id.')).max(50).default([]),
  startsAt: isoInstant.nullable().default(null),
  endsAt: isoInstant.nullable().default(null),
  totalCap: z.number().int().min(1).max(1_000_000).nullable().default(null),
  perMemberCap: z.number().int().min(1).max(100).default(1),
  assignedMemberId: z.uuid('Not a member id.').nullable().default(null),
  active: z.boolean().default(true),
});

function refineCoupon(value: z.infer<typeof couponFieldsSchema>, context: z.RefinementCtx) {
  if (value.kind === 'percent_off' && value.value > 100)
    context.addIssue({ code: 'custom', path: ['value'], message: 'A percentage from 1 to 100.' });
  if (value.kind !== 'percent_off' && value.maxDiscount !== null)
    context.addIssue({ code: 'custom', path: ['maxDiscount'], message: 'Only a percentage coupon has a maximum discount.' });
  if (value.kind === 'wallet_credit' && (value.planIds.length > 0 || value.minSpend > 0))
    context.addIssue({ code: 'custom', path: ['planIds'], message: 'A wallet credit is not tied to plans or a minimum spend.' });
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt))
    context.addIssue({ code: 'custom', path: ['endsAt'], message: 'It must end after it starts.' });
}

export const createCouponBodySchema = couponFieldsSchema.extend({ code: couponCodeSchema }).superRefine(refineCoupon);
export type CreateCouponBody = z.infer<typeof createCouponBodySchema>;
/** The code stays as it is once created (members may have saved it). */
export const updateCouponBodySchema = couponFieldsSchema.superRefine(refineCoupon);
export type UpdateCouponBody = z.infer<typeof updateCouponBodySchema>;

export const COUPON_BATCH_MAX = 500;
export const generateCouponsBodySchema = couponFieldsSchema
  .extend({
    count: z.number().int().min(1).max(COUPON_BATCH_MAX, `At most ${COUPON_BATCH_MAX} codes at once.`),
    /** Codes are PREFIX + 8 random characters without look-alikes. */
    prefix: z
      .string()
      .trim()
      .max(12)
      .regex(/^[A-Za-z0-9]*$/, 'Letters and digits only.')
      .transform((value) => value.toUpperCase())
      .default(''),
  })
  .superRefine(refineCoupon);
export type GenerateCouponsBody = z.infer<typeof generateCouponsBodySchema>;
export const generatedCouponsSchema = z.strictObject({ batch: z.string(), codes: z.array(z.string()) });

export const couponParamsSchema = z.strictObject({ id: z.string().max(100) });
export const listCouponsQuerySchema = z.strictObject({
  /** Part of a code. */
  q: singleLineTextSchema.trim().max(32).optional(),
  kind: couponKindSchema.optional(),
  batch: singleLineTextSchema.trim().max(40).optional(),
  cursor: keysetCursorSchema,
  limit: limitQuery,
});
export const adminCouponPageSchema = z.strictObject({
  items: z.array(adminCouponSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});

export const couponRedemptionSchema = z.strictObject({
  id: z.uuid(),
  member: z.strictObject({ id: z.uuid(), displayName: z.string() }),
  /** The purchase it discounted (plan coupons) or null (wallet credit). */
  purchaseId: z.uuid().nullable(),
  amount: z.number().int(),
  status: z.enum(['applied', 'returned']),
  createdAt: z.iso.datetime(),
});
export const couponRedemptionPageSchema = z.strictObject({ items: z.array(couponRedemptionSchema), nextCursor: z.string().nullable() });
export const listCouponRedemptionsQuerySchema = z.strictObject({ cursor: keysetCursorSchema, limit: limitQuery });

/** A coupon in the member's own list on /coupon: saved by them or assigned to them. */
export const myCouponSchema = z.strictObject({
  code: z.string(),
  kind: couponKindSchema,
  value: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  minSpend: z.number().int(),
  /** Names of the plans it applies to; empty = every plan. */
  plans: z.array(z.strictObject({ id: z.uuid(), name: z.string() })),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  state: z.enum(['available', 'used', 'expired']),
  /** Uses left for this member (per-member cap minus uses). */
  usesLeft: z.number().int(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type MyCoupon = z.infer<typeof myCouponSchema>;
export const myCouponListSchema = z.strictObject({ items: z.array(myCouponSchema), serverTime: z.iso.datetime() });

export const redeemCouponBodySchema = z.strictObject({ code: couponCodeSchema });
export const redeemCouponResultSchema = z.discriminatedUnion('outcome', [
  /** A wallet-credit code: the amount is in the wallet now. */
  z.strictObject({ outcome: z.literal('credited'), amount: z.number().int(), currency: z.string().length(3) }),
  /** A plan coupon: kept in the member's list for checkout. */
  z.strictObject({ outcome: z.literal('saved'), coupon: myCouponSchema }),
]);
export type RedeemCouponResult = z.infer<typeof redeemCouponResultSchema>;

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
  limit: limitQuery,
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
  limit: limitQuery,
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
