import { z } from 'zod';
import { keysetCursorSchema, pageLimitSchema, singleLineTextSchema } from './common';

/**
 * Bank reconciliation (the console's money desk): statements imported from the bank (CSV or ISO
 * 20022 camt.053), their lines matched to recharge orders and payouts, the queue of lines an
 * operator decides, and the day's view. Amounts are integers of minor units; a bank line's amount is
 * signed (positive came in, negative went out).
 */

/** A calendar day of years 1–9999 (PostgreSQL has no year 0). */
const daySchema = z.iso.date('Use a date such as 2026-11-28.').refine((value) => value >= '0001-01-01', 'Use a date such as 2026-11-28.');

const bankNameSchema = singleLineTextSchema.pipe(z.string().trim().min(1, 'Name the bank.').max(80, 'At most 80 characters.'));
const columnSchema = singleLineTextSchema.pipe(z.string().trim().min(1, 'Choose a column.').max(100, 'At most 100 characters.'));
const optionalColumnSchema = singleLineTextSchema.pipe(z.string().trim().max(100, 'At most 100 characters.')).optional();

/** Which header of a bank's CSV holds what; remembered per bank name for the next import. */
export const bankCsvMappingSchema = z.strictObject({
  date: columnSchema,
  /** One signed amount column, or `credit` and `debit` columns (then `amount` is left out). */
  amount: optionalColumnSchema,
  credit: optionalColumnSchema,
  debit: optionalColumnSchema,
  details: columnSchema,
  reference: optionalColumnSchema,
  counterparty: optionalColumnSchema,
  balance: optionalColumnSchema,
  /** How the dates are written. */
  dateFormat: z.enum(['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY']),
  /** The decimal mark of the amounts: `.` (1,234.56) or `,` (1.234,56). */
  decimalMark: z.enum(['.', ',']),
  delimiter: z.enum([',', ';', '\t']),
});
export type BankCsvMapping = z.infer<typeof bankCsvMappingSchema>;

export const importBankStatementBodySchema = z.strictObject({
  bankName: bankNameSchema,
  format: z.enum(['csv', 'camt053']),
  fileName: singleLineTextSchema.pipe(z.string().trim().min(1, 'Name the file.').max(200, 'At most 200 characters.')),
  content: z.string().min(1, 'Choose the statement file.').max(500_000, 'The file is larger than 500 KB.'),
  /** A CSV statement's columns; when left out, the bank's remembered mapping. */
  mapping: bankCsvMappingSchema.optional(),
  /** The currency of a CSV statement (camt.053 names its own). */
  currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code.').optional(),
});
export type ImportBankStatementBody = z.infer<typeof importBankStatementBodySchema>;

export const BANK_LINE_REASONS = [
  'exact',
  'payout',
  'partial',
  'over_payment',
  'late',
  'unknown_reference',
  'amount_mismatch',
  'already_credited',
  'order_closed',
  'payout_returned',
  'unknown_payout',
  'payout_mismatch',
  'not_applied',
] as const;
export type BankLineReason = (typeof BANK_LINE_REASONS)[number];
/** The queued reasons that are more than a missing match: money may have gone where it should not. */
export const SUSPICIOUS_BANK_LINE_REASONS: readonly BankLineReason[] = ['already_credited', 'payout_returned', 'over_payment', 'order_closed'];

export const bankLineSuggestionSchema = z.strictObject({
  kind: z.enum(['recharge_order', 'withdrawal']),
  id: z.uuid(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  why: z.string(),
});

export const bankLineSchema = z.strictObject({
  id: z.uuid(),
  bankName: z.string(),
  bookedOn: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  details: z.string(),
  counterparty: z.string(),
  reversal: z.boolean(),
  status: z.enum(['matched', 'queued', 'resolved']),
  reason: z.enum(BANK_LINE_REASONS),
  suspicious: z.boolean(),
  resolution: z.enum(['linked', 'credited', 'refunded', 'ignored']).nullable(),
  resolutionNote: z.string().nullable(),
  rechargeOrderId: z.uuid().nullable(),
  withdrawalId: z.uuid().nullable(),
  suggestions: z.array(bankLineSuggestionSchema),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type BankLine = z.infer<typeof bankLineSchema>;

export const bankStatementImportResultSchema = z.strictObject({
  statementId: z.uuid(),
  linesTotal: z.number().int(),
  linesNew: z.number().int(),
  matched: z.number().int(),
  queued: z.number().int(),
});
export type BankStatementImportResult = z.infer<typeof bankStatementImportResultSchema>;

export const bankLineParamsSchema = z.strictObject({ id: z.string().max(100) });

export const resolveBankLineBodySchema = z.strictObject({
  /** link: the line pays an order or payout already settled; credit: credit this order with it; refund: sent back; ignore: not ours. */
  action: z.enum(['link', 'credit', 'refund', 'ignore']),
  /** The recharge order (link, credit) or withdrawal (link) it belongs to. */
  targetId: z.uuid('Choose an order or payout.').optional(),
  reason: singleLineTextSchema.pipe(z.string().trim().min(3, 'Give a reason (3–500 characters).').max(500, 'At most 500 characters.')),
});
export type ResolveBankLineBody = z.infer<typeof resolveBankLineBodySchema>;

export const listBankLinesQuerySchema = z.strictObject({
  status: z.enum(['matched', 'queued', 'resolved']).optional(),
  day: daySchema.optional(),
  cursor: keysetCursorSchema,
  limit: pageLimitSchema,
});
export const bankLinePageSchema = z.strictObject({ items: z.array(bankLineSchema), nextCursor: z.string().nullable() });
export type BankLinePage = z.infer<typeof bankLinePageSchema>;

export const reconciliationDayParamsSchema = z.strictObject({ day: daySchema });
export const reconciliationDaySchema = z.strictObject({
  day: z.string(),
  currency: z.string(),
  /** The bank's closing balance that day, from the latest statement that states one (null: none stated). */
  bankBalance: z.number().int().nullable(),
  /** What the books say the platform holds at the end of that day (the platform cash account, as cash held). */
  platformCash: z.number().int(),
  /** bankBalance − platformCash (null without a bank balance). */
  difference: z.number().int().nullable(),
  counts: z.strictObject({ matched: z.number().int(), queued: z.number().int(), resolved: z.number().int(), suspicious: z.number().int() }),
  totals: z.strictObject({ incoming: z.number().int(), outgoing: z.number().int() }),
  lines: z.array(bankLineSchema),
});
export type ReconciliationDay = z.infer<typeof reconciliationDaySchema>;

export const reconciliationDaysSchema = z.strictObject({
  items: z.array(z.strictObject({ day: z.string(), matched: z.number().int(), queued: z.number().int(), suspicious: z.number().int() })),
});
export type ReconciliationDays = z.infer<typeof reconciliationDaysSchema>;

export const bankCsvMappingListSchema = z.strictObject({
  items: z.array(z.strictObject({ bankName: z.string(), mapping: bankCsvMappingSchema })),
});
export type BankCsvMappingList = z.infer<typeof bankCsvMappingListSchema>;
