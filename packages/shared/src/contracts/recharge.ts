import { z } from 'zod';
import { keysetCursorSchema, pageLimitSchema } from './common';
import { minorUnitsSchema, multiLineTextSchema, positiveMinorUnitsSchema, singleLineTextSchema } from './wallet';

export const paymentChannelKindSchema = z.enum(['bank_transfer', 'gateway']);
export const paymentChannelCodeSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'Use 2–40 lower-case letters, digits and dashes.');

/** A channel as a member sees it on /recharge. */
export const rechargeChannelSchema = z.strictObject({
  code: z.string(),
  kind: paymentChannelKindSchema,
  /** Members get the kind in plain words ("Bank transfer"); the operator's own name only reaches the console. */
  name: z.string(),
  instructions: z.string(),
  currency: z.string().length(3),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  /** Suggested amounts for the chips. */
  presets: z.array(z.number().int()),
});
export type RechargeChannel = z.infer<typeof rechargeChannelSchema>;
export const rechargeChannelListSchema = z.strictObject({ items: z.array(rechargeChannelSchema) });

/** A channel as the operator configures it; the webhook secret is write-only. */
export const paymentChannelSchema = rechargeChannelSchema.extend({
  paymentUrlTemplate: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;
export const paymentChannelListSchema = z.strictObject({ items: z.array(paymentChannelSchema) });

export const upsertPaymentChannelBodySchema = z
  .strictObject({
    kind: paymentChannelKindSchema,
    name: singleLineTextSchema.trim().min(1).max(80),
    instructions: multiLineTextSchema.max(4000).default(''),
    /**
     * Gateway: the payment page; {orderId}, {reference}, {amount} and {currency} are filled in. An
     * http(s) address, or a path on this site (the demo checkout's `/demo-gateway/checkout?…`); never
     * `//host`, which would be another site.
     */
    paymentUrlTemplate: z
      .string()
      .regex(/^(https?:\/\/\S+|\/(?![/\\])\S*)$/, 'Use an http(s) address, or a path on this site starting with /.')
      .max(2000)
      .nullable()
      .optional(),
    /** Gateway: the shared HMAC secret (at least 16 characters). Omit to keep the current one. */
    webhookSecret: singleLineTextSchema.min(16, 'Use at least 16 characters.').max(200).optional(),
    minAmount: positiveMinorUnitsSchema,
    maxAmount: positiveMinorUnitsSchema,
    presets: z.array(positiveMinorUnitsSchema).max(8).default([]),
    enabled: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(1000).default(0),
  })
  .superRefine((value, context) => {
    if (value.maxAmount < value.minAmount)
      context.addIssue({ code: 'custom', path: ['maxAmount'], message: 'Must be at least the minimum.' });
    for (const preset of value.presets) {
      if (preset < value.minAmount || preset > value.maxAmount) {
        context.addIssue({ code: 'custom', path: ['presets'], message: 'Every preset must lie between the minimum and the maximum.' });
        break;
      }
    }
    if (value.kind === 'gateway' && !value.paymentUrlTemplate) {
      context.addIssue({ code: 'custom', path: ['paymentUrlTemplate'], message: 'A gateway needs a payment page address.' });
    }
  });
export type UpsertPaymentChannelBody = z.infer<typeof upsertPaymentChannelBodySchema>;

export const RECHARGE_ORDER_STATUSES = ['awaiting_payment', 'submitted', 'credited', 'rejected', 'expired', 'cancelled'] as const;
export const rechargeOrderStatusSchema = z.enum(RECHARGE_ORDER_STATUSES);
export type RechargeOrderStatus = z.infer<typeof rechargeOrderStatusSchema>;

export const createRechargeOrderBodySchema = z.strictObject({
  channel: paymentChannelCodeSchema,
  amount: positiveMinorUnitsSchema,
});
export type CreateRechargeOrderBody = z.infer<typeof createRechargeOrderBodySchema>;

export const rechargeOrderSchema = z.strictObject({
  id: z.uuid(),
  /** Short code for the transfer memo. */
  reference: z.string(),
  /** name: for members the kind in plain words, for the console the operator's name of the channel. */
  channel: z.strictObject({ code: z.string(), name: z.string(), kind: paymentChannelKindSchema }),
  amount: z.number().int(),
  currency: z.string().length(3),
  status: rechargeOrderStatusSchema,
  payerReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Payment instructions (bank transfer) of the channel. */
  instructions: z.string(),
  /** Gateway: where to pay. */
  paymentUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  /** The server's time when answering, so a countdown is right even if the device clock is not. */
  serverTime: z.iso.datetime(),
});
export type RechargeOrder = z.infer<typeof rechargeOrderSchema>;

export const listRechargeOrdersQuerySchema = z.strictObject({
  status: rechargeOrderStatusSchema.optional(),
  cursor: keysetCursorSchema,
  limit: pageLimitSchema,
});
export const rechargeOrderPageSchema = z.strictObject({ items: z.array(rechargeOrderSchema), nextCursor: z.string().nullable() });

export const rechargeOrderParamsSchema = z.strictObject({ id: z.string().max(100) });

export const submitRechargePaymentBodySchema = z.strictObject({
  payerReference: singleLineTextSchema.trim().min(1, "Enter the payer's reference.").max(100),
});

/** Operator review queue: the order plus who it belongs to and why it needs a look. */
export const rechargeReviewSchema = rechargeOrderSchema.extend({
  member: z.strictObject({ id: z.uuid(), displayName: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  reviewNote: z.string().nullable(),
});
export const rechargeReviewPageSchema = z.strictObject({
  items: z.array(rechargeReviewSchema),
  nextCursor: z.string().nullable(),
  /** How many orders wait in all (every page), so the console shows the queue's exact size. */
  total: z.number().int(),
});
/** What the operator's order list shows: the review queue (default), every order, or one status. */
export const RECHARGE_REVIEW_FILTERS = ['review', 'all', ...RECHARGE_ORDER_STATUSES] as const;
export const rechargeReviewFilterSchema = z.enum(RECHARGE_REVIEW_FILTERS);
export type RechargeReviewFilter = z.infer<typeof rechargeReviewFilterSchema>;
export const listRechargeReviewsQuerySchema = z.strictObject({
  status: rechargeReviewFilterSchema.optional(),
  /** One member's orders (the console's member page). */
  member: z.uuid('Not a member id.').optional(),
  cursor: keysetCursorSchema,
  limit: pageLimitSchema,
});

/** Optional; a request without a body is fine. */
export const creditRechargeOrderBodySchema = z.strictObject({ note: singleLineTextSchema.trim().max(500).optional() }).nullish();
export const rejectRechargeOrderBodySchema = z.strictObject({
  reason: singleLineTextSchema.trim().min(3, 'Give a reason of at least 3 characters.').max(500),
});

/** What a payment gateway posts to /api/v1/webhooks/payments/{channel} (see WEBHOOK.md). */
export const paymentWebhookEventSchema = z.strictObject({
  id: singleLineTextSchema.min(1).max(200),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  data: z.strictObject({
    orderId: z.uuid().optional(),
    reference: singleLineTextSchema.max(40).optional(),
    amount: minorUnitsSchema,
    currency: z.string().regex(/^[A-Z]{3}$/),
    paymentReference: singleLineTextSchema.max(200).optional(),
  }),
});
export type PaymentWebhookEvent = z.infer<typeof paymentWebhookEventSchema>;
export const paymentWebhookResultSchema = z.strictObject({
  received: z.literal(true),
  outcome: z.enum(['credited', 'duplicate', 'flagged', 'ignored']),
});
