import { z } from 'zod';
import { keysetCursorSchema, singleLineTextSchema } from './common';

/**
 * The team (docs/product.md `/team/*`): the members a member invited, three levels down, and the
 * commissions they brought. Another member is only ever shown masked (`j•••@example.com`); no
 * other member's id, invite code or full contact reaches a member's screen.
 */

export const teamLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type TeamLevel = z.infer<typeof teamLevelSchema>;

/** A member's commissions by state (minor units). */
export const commissionTotalsSchema = z.strictObject({
  pending: z.number().int(),
  available: z.number().int(),
  /** Held while an operator reviews a referral. */
  onReview: z.number().int(),
  reversed: z.number().int(),
});
export type CommissionTotals = z.infer<typeof commissionTotalsSchema>;

export const teamLevelTotalsSchema = z.strictObject({
  level: teamLevelSchema,
  members: z.number().int(),
  /** What the members on this level paid for plans (refunds taken off). */
  purchasesTotal: z.number().int(),
  commission: commissionTotalsSchema,
});
export type TeamLevelTotals = z.infer<typeof teamLevelTotalsSchema>;

export const teamSummarySchema = z.strictObject({
  currency: z.string().length(3),
  inviteCode: z.string(),
  /** The path of the share link on this app: `/register?ref=CODE`. */
  invitePath: z.string(),
  levels: z.array(teamLevelTotalsSchema),
  totals: z.strictObject({ members: z.number().int(), commission: commissionTotalsSchema }),
  /** The referral rates now, basis points per level (what the next purchase would pay). */
  ratesBp: z.array(z.number().int()),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const listTeamMembersQuerySchema = z.strictObject({
  level: z.enum(['1', '2', '3'], { error: 'Use level 1, 2 or 3.' }).default('1'),
  cursor: keysetCursorSchema,
});
export type ListTeamMembersQuery = z.infer<typeof listTeamMembersQuerySchema>;

export const teamMemberSchema = z.strictObject({
  /** A key for this row on this member's screen only; not the member's id. */
  key: z.string(),
  /** The name they chose: level 1 only (null below). */
  displayName: z.string().nullable(),
  /** Masked email or phone. */
  contact: z.string(),
  /** They closed their account: shown as "former member" (docs/decisions/0035). */
  former: z.boolean(),
  joinedAt: z.iso.datetime(),
  /** What they paid for plans: level 1 only (null below). */
  purchasesTotal: z.number().int().nullable(),
  /** Commission their purchases brought me (pending, on review and available). */
  brought: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMemberPageSchema = z.strictObject({
  level: teamLevelSchema,
  items: z.array(teamMemberSchema),
  nextCursor: z.string().nullable(),
});
export type TeamMemberPage = z.infer<typeof teamMemberPageSchema>;

export const myCommissionStatusSchema = z.enum(['pending', 'available', 'reversed', 'review']);
export type MyCommissionStatus = z.infer<typeof myCommissionStatusSchema>;

export const listMyCommissionsQuerySchema = z.strictObject({
  status: myCommissionStatusSchema.optional(),
  cursor: keysetCursorSchema,
});
export type ListMyCommissionsQuery = z.infer<typeof listMyCommissionsQuerySchema>;

export const myCommissionSchema = z.strictObject({
  id: z.string(),
  level: teamLevelSchema,
  amount: z.number().int(),
  status: myCommissionStatusSchema,
  /** When the purchase that paid it was made. */
  purchasedAt: z.iso.datetime(),
  /** Pending: when it becomes available. */
  releaseAt: z.iso.datetime().nullable(),
  releasedAt: z.iso.datetime().nullable(),
  /** The buyer, masked. */
  from: z.string(),
});
export type MyCommission = z.infer<typeof myCommissionSchema>;

export const myCommissionPageSchema = z.strictObject({
  currency: z.string().length(3),
  items: z.array(myCommissionSchema),
  nextCursor: z.string().nullable(),
});
export type MyCommissionPage = z.infer<typeof myCommissionPageSchema>;

// ---------------------------------------------------------------- console

export const referralSignalKindSchema = z.enum(['same_device', 'same_address', 'registration_burst', 'same_bank_account']);
export type ReferralSignalKind = z.infer<typeof referralSignalKindSchema>;

export const consolePersonSchema = z.strictObject({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'frozen', 'closed']),
  joinedAt: z.iso.datetime(),
});
export type ConsolePerson = z.infer<typeof consolePersonSchema>;

export const referralHoldStatusSchema = z.enum(['open', 'released', 'voided']);
export type ReferralHoldStatus = z.infer<typeof referralHoldStatusSchema>;

export const referralHoldSchema = z.strictObject({
  member: consolePersonSchema,
  upline: consolePersonSchema.nullable(),
  status: referralHoldStatusSchema,
  openedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  reason: z.string().nullable(),
  signals: z.array(
    z.strictObject({
      kind: referralSignalKindSchema,
      /** The upline the signal ties the member to (none for a burst). */
      related: z.strictObject({ id: z.uuid(), displayName: z.string(), level: z.number().int().nullable() }).nullable(),
      detail: z.record(z.string(), z.unknown()),
      at: z.iso.datetime(),
    }),
  ),
  /** The commissions this member's purchases brought that wait on this decision. */
  held: z.strictObject({ count: z.number().int(), total: z.number().int() }),
});
export type ReferralHold = z.infer<typeof referralHoldSchema>;

export const listReferralHoldsQuerySchema = z.strictObject({
  status: z.enum(['open', 'decided']).default('open'),
  cursor: keysetCursorSchema,
});
export type ListReferralHoldsQuery = z.infer<typeof listReferralHoldsQuerySchema>;

export const referralHoldPageSchema = z.strictObject({
  currency: z.string().length(3),
  items: z.array(referralHoldSchema),
  /** Open holds in all (the queue's count). */
  openCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ReferralHoldPage = z.infer<typeof referralHoldPageSchema>;

export const decideReferralHoldBodySchema = z.strictObject({
  decision: z.enum(['release', 'void'], { error: 'Choose release or void.' }),
  reason: singleLineTextSchema.trim().min(3, 'Give a reason of at least 3 characters.').max(500),
});
export type DecideReferralHoldBody = z.infer<typeof decideReferralHoldBodySchema>;

export const referralHoldDecisionSchema = z.strictObject({
  hold: referralHoldSchema,
  /** How many held commissions moved, and their total. */
  commissions: z.number().int(),
  total: z.number().int(),
});
export type ReferralHoldDecision = z.infer<typeof referralHoldDecisionSchema>;

export const memberTreeSchema = z.strictObject({
  currency: z.string().length(3),
  member: consolePersonSchema,
  /** Level 1 (who invited them) to 3. */
  uplines: z.array(consolePersonSchema.extend({ level: teamLevelSchema })),
  levels: z.array(teamLevelTotalsSchema),
  /** The newest members on each level below (up to 10 each). */
  downline: z.array(
    z.strictObject({
      level: teamLevelSchema,
      items: z.array(consolePersonSchema.extend({ purchasesTotal: z.number().int() })),
      more: z.boolean(),
    }),
  ),
  /** Their own purchases and what they brought their uplines. */
  purchasesTotal: z.number().int(),
  hold: z.strictObject({ status: referralHoldStatusSchema, openedAt: z.iso.datetime() }).nullable(),
});
export type MemberTree = z.infer<typeof memberTreeSchema>;
