import { z } from 'zod';

/**
 * What keeps an account open ("Close my account", docs/decisions/0035): each is a state someone
 * else still moves or money still in the account. Closing is possible only with none.
 */
export const CLOSURE_BLOCKERS = [
  'console_account',
  'frozen',
  'balance',
  'on_hold',
  'commission_pending',
  'debt',
  'withdrawal_open',
  'recharge_open',
  'referral_hold',
] as const;
export type ClosureBlocker = (typeof CLOSURE_BLOCKERS)[number];

/** GET /me/closure: whether this account may be closed now, and if not, why. */
export const closureStatusSchema = z.strictObject({
  closable: z.boolean(),
  blockers: z.array(z.enum(CLOSURE_BLOCKERS)),
});
export type ClosureStatus = z.infer<typeof closureStatusSchema>;

/** POST /me/closure: the member types CLOSE to confirm (after the password step-up). */
export const closeAccountBodySchema = z.strictObject({
  confirm: z.literal('CLOSE', { error: 'Type CLOSE to confirm.' }),
});
export type CloseAccountBody = z.infer<typeof closeAccountBodySchema>;

/** GET /admin/closures: closed accounts as support sees them: when, never who. */
export const accountClosureSchema = z.strictObject({ pseudonym: z.string(), closedAt: z.iso.datetime() });
export const accountClosureListSchema = z.strictObject({
  items: z.array(accountClosureSchema),
  total: z.number().int(),
});
export type AccountClosureList = z.infer<typeof accountClosureListSchema>;
