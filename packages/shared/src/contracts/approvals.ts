import { z } from 'zod';
import { singleLineTextSchema } from './common';
import { minorUnitsSchema } from './wallet';

/**
 * Two-person approval (the console's money desk): a money action over the operator's threshold is
 * not done when it is asked for; it becomes an approval request that another console person
 * approves (the action runs then, once) or rejects, before it expires. Amounts are integers of
 * minor units.
 */

/** What a request would do. More kinds join as more money actions are gated. */
export const APPROVAL_KINDS = [
  'adjustment',
  'refund_override',
  'payout_results',
  'withdrawal_settings',
  'referral_settings',
  'second_factor_reset',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/**
 * requested: waiting for a second person; applied: approved, and the action ran in the same
 * transaction; failed: approved, but the action was refused (the reason says why); rejected: a
 * second person said no; expired: nobody decided in time.
 */
export const APPROVAL_STATES = ['requested', 'applied', 'failed', 'rejected', 'expired'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

const personSchema = z.strictObject({ id: z.uuid(), name: z.string() });

/** A balance adjustment's details, as the request keeps them. */
const adjustmentPayloadSchema = z.strictObject({
  direction: z.enum(['credit', 'debit']),
  amount: z.number().int(),
  reason: z.string(),
});

/**
 * A refund override's details: the purchase, and the claw-back debt it would create (the request's
 * amount, as reckoned when it was asked; the approved refund takes back what it finds then).
 */
const refundOverridePayloadSchema = z.strictObject({
  purchaseId: z.uuid(),
  planName: z.string(),
  reason: z.string(),
});

/** A bank result file's details: the file as it was sent, and how many withdrawals it would settle then. */
const payoutResultsPayloadSchema = z.strictObject({
  csv: z.string(),
  rows: z.number().int(),
});

/**
 * A money setting's change (withdrawal or referral settings): every field before and after, as the
 * API keeps them (minor units, basis points, days, hours). Its request's amount is 0: while approval
 * is on, every change of a money setting waits for a second person.
 */
const settingsChangeSchema = z.strictObject({
  before: z.record(z.string(), z.union([z.number(), z.boolean()])),
  after: z.record(z.string(), z.union([z.number(), z.boolean()])),
});

export const approvalRequestSchema = z.strictObject({
  id: z.uuid(),
  kind: z.enum(APPROVAL_KINDS),
  state: z.enum(APPROVAL_STATES),
  /** The money at stake, compared with the threshold. */
  amount: z.number().int(),
  currency: z.string(),
  fractionDigits: z.number().int(),
  /** The member the action is about. */
  subject: personSchema.nullable(),
  adjustment: adjustmentPayloadSchema.nullable(),
  refundOverride: refundOverridePayloadSchema.nullable(),
  payoutResults: payoutResultsPayloadSchema.nullable(),
  settingsChange: settingsChangeSchema.nullable(),
  /** A console account's second factor to reset (the account is the subject): why. */
  secondFactorReset: z.strictObject({ reason: z.string() }).nullable(),
  requestedBy: personSchema,
  requestedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  decidedBy: personSchema.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** A rejection's reason, or why an approved action was refused. */
  reason: z.string().nullable(),
  /** The ledger transaction the applied action wrote. */
  transactionId: z.string().nullable(),
  /** Whether the signed-in console person may approve or reject it now. */
  canDecide: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** The console's answer when an action was sent for approval instead of done (HTTP 202). */
export const sentForApprovalSchema = z.strictObject({ approval: approvalRequestSchema });
export type SentForApproval = z.infer<typeof sentForApprovalSchema>;

export const listApprovalsQuerySchema = z.strictObject({
  /** `waiting` (the default): requests still to decide; `mine`: the signed-in person's own, in every state; or one state. */
  state: z.enum(['waiting', 'mine', ...APPROVAL_STATES]).default('waiting'),
});
export type ListApprovalsQuery = z.infer<typeof listApprovalsQuerySchema>;

export const approvalListSchema = z.strictObject({ items: z.array(approvalRequestSchema) });

export const approvalParamsSchema = z.strictObject({ id: z.uuid('No such approval request.') });

export const rejectApprovalBodySchema = z.strictObject({
  reason: singleLineTextSchema.pipe(z.string().trim().min(3, 'Give a reason of at least 3 characters.').max(500)),
});
export type RejectApprovalBody = z.infer<typeof rejectApprovalBodySchema>;

/** How many requests wait for the signed-in console person (not their own, kinds their role may approve). */
export const approvalsWaitingSchema = z.strictObject({ count: z.number().int() });

export const approvalSettingsSchema = z.strictObject({
  /** An action moving more than this needs a second person; null: none does. */
  threshold: minorUnitsSchema.nullable(),
  currency: z.string(),
  fractionDigits: z.number().int(),
  /** How long a request waits before it expires. */
  expiresAfterHours: z.number().int(),
});
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

export const updateApprovalSettingsBodySchema = z.strictObject({
  threshold: minorUnitsSchema.nullable(),
  expiresAfterHours: z.number().int().min(1, 'At least 1 hour.').max(168, 'At most 168 hours (a week).'),
});
export type UpdateApprovalSettingsBody = z.infer<typeof updateApprovalSettingsBodySchema>;
