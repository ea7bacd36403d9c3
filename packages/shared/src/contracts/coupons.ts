import { z } from 'zod';
import { isoInstant, keysetCursorSchema, pageLimitSchema, singleLineTextSchema } from './common';
import { minorUnitsSchema, positiveMinorUnitsSchema } from './wallet';

/**
 * Coupons (docs/product.md "Money flows"): the operator's coupons and batches, their redemptions,
 * and a member's own list and redeeming. Beside plans.ts, whose quote and purchase name a coupon.
 */

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
  limit: pageLimitSchema,
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
export const listCouponRedemptionsQuerySchema = z.strictObject({ cursor: keysetCursorSchema, limit: pageLimitSchema });

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
