import { z } from 'zod';
import { isCountryCode } from '../countries';
import { keysetCursorSchema, singleLineTextSchema, pageLimitSchema } from './common';
import { minorUnitsSchema, positiveMinorUnitsSchema } from './wallet';

/**
 * Withdrawals (docs/product.md "Money flows → Withdrawal"): bank accounts, a quote, the request that puts
 * the amount on hold, its settlement. The member asks for an amount that leaves the wallet; the fee
 * comes out of it and the bank receives the rest (`net`).
 */

/** Most bank accounts one member keeps at once. */
export const BANK_ACCOUNTS_MAX = 5;

export const bankAccountSchema = z.strictObject({
  id: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  country: z.string().length(2),
  /** `•••• 1234`: the full number never reaches a member's screen. */
  maskedNumber: z.string(),
  numberKind: z.enum(['iban', 'account']),
  label: z.string().nullable(),
  isDefault: z.boolean(),
  /** Payouts to a new account wait out the cool-down. */
  usableFrom: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountListSchema = z.strictObject({
  items: z.array(bankAccountSchema),
  max: z.number().int(),
  /** The server's time when answering, so "payouts open at" is right even if the device clock is not. */
  serverTime: z.iso.datetime(),
});

export const createBankAccountBodySchema = z.strictObject({
  holderName: singleLineTextSchema.trim().min(1, 'Enter the account holder’s name.').max(80),
  bankName: singleLineTextSchema.trim().min(1, 'Enter the bank’s name.').max(80),
  /** ISO 3166-1 alpha-2 (COUNTRY_CODES), any case: a name or an unknown code is refused, never guessed. */
  country: z
    .string()
    .max(60)
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().refine(isCountryCode, 'Choose the bank’s country from the list.')),
  /** An IBAN where the country uses them, otherwise the account number; spaces are ignored. */
  number: z
    .string()
    .max(60, 'An account number has at most 34 characters.')
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,34}$/, 'Use 4 to 34 letters and digits.')),
  label: singleLineTextSchema.trim().min(1).max(40).nullable().optional(),
  isDefault: z.boolean().optional(),
});
export type CreateBankAccountBody = z.infer<typeof createBankAccountBodySchema>;

export const updateBankAccountBodySchema = z.strictObject({
  label: singleLineTextSchema.trim().min(1).max(40).nullable().optional(),
  isDefault: z.literal(true).optional(),
});
export type UpdateBankAccountBody = z.infer<typeof updateBankAccountBodySchema>;

export const bankAccountParamsSchema = z.strictObject({ id: z.string().max(100) });

/**
 * A withdrawal's states (the database keeps the transitions, migration 1070; drawn in
 * apps/api/src/ledger/README.md): `pending` waits in the operator's queue and its member may
 * cancel it; `processing` is on its way to the bank (exported in a payout file, or its details
 * revealed to pay by hand): no cancel, an operator may put it back to `pending` with a reason;
 * `paid`, `rejected`, `cancelled` are final.
 */
export const WITHDRAWAL_STATUSES = ['pending', 'processing', 'paid', 'rejected', 'cancelled'] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const withdrawalSchema = z.strictObject({
  id: z.string(),
  currency: z.string().length(3),
  /** What left the wallet (minor units). */
  amount: z.number().int(),
  fee: z.number().int(),
  /** What the bank receives: amount − fee. */
  net: z.number().int(),
  status: withdrawalStatusSchema,
  account: z.strictObject({ holderName: z.string(), bankName: z.string(), maskedNumber: z.string(), label: z.string().nullable() }),
  payoutReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When it went on its way to the bank (processing, and paid or rejected after it); null while it waits. */
  processingAt: z.iso.datetime().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = z.strictObject({ items: z.array(withdrawalSchema), nextCursor: z.string().nullable() });

export const listWithdrawalsQuerySchema = z.strictObject({
  status: withdrawalStatusSchema.optional(),
  cursor: keysetCursorSchema,
  limit: pageLimitSchema,
});

/** The console's queue: `open` (the default) is pending and processing together. */
export const PAYOUT_QUEUE_FILTERS = ['open', ...WITHDRAWAL_STATUSES] as const;
export type PayoutQueueFilter = (typeof PAYOUT_QUEUE_FILTERS)[number];
export const listPayoutQueueQuerySchema = listWithdrawalsQuerySchema.extend({
  status: z.enum(PAYOUT_QUEUE_FILTERS).optional(),
});

export const quoteWithdrawalQuerySchema = z.strictObject({
  amount: z
    .string()
    .regex(/^\d{1,13}$/, 'Enter an amount in minor units.')
    .transform(Number)
    .pipe(positiveMinorUnitsSchema),
});

export const withdrawalQuoteSchema = z.strictObject({
  currency: z.string().length(3),
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  /** How the fee is made: fixed + basis points of the amount, rounded down. */
  feeFixed: z.number().int(),
  feeBp: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  /** What may still be asked for today (UTC day). */
  remainingToday: z.number().int(),
  available: z.number().int(),
  /** What the member owes after a refunded purchase took back a commission: settled from their next earnings, never withdrawn. */
  debt: z.number().int(),
  /** What may leave the wallet now: available − debt (never below 0). */
  withdrawable: z.number().int(),
  enabled: z.boolean(),
  /** How many business days a payout usually takes (the operator's setting). */
  payoutBusinessDays: z.number().int(),
  /** Why this amount cannot be withdrawn now, or null (`debt`: within available, beyond withdrawable). */
  blocked: z.enum(['disabled', 'below_min', 'above_max', 'daily_limit', 'insufficient_funds', 'debt']).nullable(),
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

export const createWithdrawalBodySchema = z.strictObject({
  bankAccountId: z.string().max(100),
  amount: positiveMinorUnitsSchema,
  /** The fee the member was shown (the quote's `fee`): another fee now is a 409 FEE_CHANGED instead of a surprise. */
  expectedFee: minorUnitsSchema.optional(),
});
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBodySchema>;

/** Step-up: the member's password again, valid a few minutes for this session only. */
export const stepUpBodySchema = z.strictObject({ password: z.string().min(1, 'Enter your password.').max(128) });
export const stepUpResultSchema = z.strictObject({ validUntil: z.iso.datetime() });

export const withdrawalParamsSchema = z.strictObject({ id: z.string().max(100) });

// ---------------------------------------------------------------- console

const personSchema = z.strictObject({ id: z.string(), displayName: z.string() });

export const adminWithdrawalSchema = withdrawalSchema.extend({
  member: personSchema,
  /** Who sent it on its way and how: in a payout file (`fileId`), or by revealing its details to pay by hand (`fileId` null). */
  processing: z.strictObject({ at: z.iso.datetime(), by: personSchema, fileId: z.string().nullable() }).nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPageSchema = z.strictObject({
  items: z.array(adminWithdrawalSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});

/** The full bank details of one withdrawal, for paying it; each reveal is audited. */
export const payoutDetailsSchema = z.strictObject({
  holderName: z.string(),
  bankName: z.string(),
  country: z.string(),
  number: z.string(),
  numberKind: z.enum(['iban', 'account']),
  net: z.number().int(),
  currency: z.string().length(3),
});

export const payWithdrawalBodySchema = z.strictObject({
  payoutReference: singleLineTextSchema.trim().min(1, 'Enter the bank’s payout reference.').max(100),
});
export const rejectWithdrawalBodySchema = z.strictObject({
  reason: singleLineTextSchema.trim().min(3, 'Say why, in a few words the member will read.').max(500),
});
/** Back in the queue (processing → pending): on purpose, with the reason the audit log keeps. */
export const requeueWithdrawalBodySchema = z.strictObject({
  reason: singleLineTextSchema.trim().min(3, 'Say why it goes back to the queue.').max(500),
});

const payoutBusinessDaysSchema = z.number().int().min(1, 'At least 1 business day.').max(30, 'At most 30 business days.');

export const withdrawalSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  minAmount: positiveMinorUnitsSchema,
  maxAmount: positiveMinorUnitsSchema,
  dailyMax: positiveMinorUnitsSchema,
  feeFixed: z.number().int().min(0).max(1_000_000_000_000),
  feeBp: z.number().int().min(0, 'At least 0.').max(5000, 'At most 50 %.'),
  cooldownHours: z.number().int().min(0).max(720, 'At most 30 days.'),
  /** How many business days a payout usually takes: what the member reads when confirming. */
  payoutBusinessDays: payoutBusinessDaysSchema,
});
export type WithdrawalSettings = z.infer<typeof withdrawalSettingsSchema>;
/** The settings as the console saves them; without `payoutBusinessDays` it stays as it is. */
export const updateWithdrawalSettingsBodySchema = withdrawalSettingsSchema
  .extend({ payoutBusinessDays: payoutBusinessDaysSchema.optional() })
  .superRefine((value, context) => {
    if (value.maxAmount < value.minAmount)
      context.addIssue({ code: 'custom', path: ['maxAmount'], message: 'Must be at least the minimum.' });
    if (value.dailyMax < value.maxAmount)
      context.addIssue({ code: 'custom', path: ['dailyMax'], message: 'Must be at least the maximum per request.' });
  });

/** Most rows one bank result file may hold, and most withdrawals one export lists. */
export const PAYOUT_FILE_ROWS_MAX = 1000;

/**
 * A payout file as it was exported for the bank: a record of what was sent (its rows are the
 * withdrawals it moved to processing, with the amount each sent), downloadable again with the
 * same rows.
 */
export const payoutFileSchema = z.strictObject({
  id: z.string(),
  createdAt: z.iso.datetime(),
  createdBy: personSchema,
  currency: z.string().length(3),
  rowCount: z.number().int(),
  /** The sum of the amounts it sent (the nets the bank pays). */
  total: z.number().int(),
});
export type PayoutFile = z.infer<typeof payoutFileSchema>;
export const payoutFilePageSchema = z.strictObject({ items: z.array(payoutFileSchema), nextCursor: z.string().nullable() });
export const listPayoutFilesQuerySchema = z.strictObject({
  cursor: keysetCursorSchema,
  limit: pageLimitSchema,
});
export const payoutFileParamsSchema = z.strictObject({ id: z.string().max(100) });

/**
 * The bank's result file: a header `withdrawal_id,outcome,reference` and one row per withdrawal,
 * outcome `paid` (reference = the bank's payout reference) or `rejected` (reference = the reason
 * the member reads). `apply: false` previews what it would do; `apply: true` does it. The same
 * file applied twice changes nothing the second time.
 */
export const importPayoutResultsBodySchema = z.strictObject({
  csv: z.string().min(1, 'Choose the bank’s result file.').max(200_000, 'The file is larger than 200 KB.'),
  apply: z.boolean(),
});
export type UpdateWithdrawalSettingsBody = z.infer<typeof updateWithdrawalSettingsBodySchema>;
export type ImportPayoutResultsBody = z.infer<typeof importPayoutResultsBodySchema>;

export const payoutImportRowSchema = z.strictObject({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  withdrawalId: z.string(),
  outcome: z.string(),
  reference: z.string(),
  /** will_pay / will_reject (preview), paid / rejected (applied), unchanged (done before), error. */
  result: z.enum(['will_pay', 'will_reject', 'paid', 'rejected', 'unchanged', 'error']),
  message: z.string().nullable(),
  /** The payout file that sent this withdrawal, when one did (a withdrawal paid by hand has none). */
  payoutFileId: z.string().nullable(),
});
export const payoutImportResultSchema = z.strictObject({
  applied: z.boolean(),
  rows: z.array(payoutImportRowSchema),
  /** The payout files this result file answers, with how many of their rows it names. */
  files: z.array(payoutFileSchema.extend({ answered: z.number().int() })),
  counts: z.strictObject({ toChange: z.number().int(), unchanged: z.number().int(), errors: z.number().int() }),
});
export type PayoutImportResult = z.infer<typeof payoutImportResultSchema>;
