import { z } from 'zod';
import { AMOUNT_MAX_MINOR_CEILING, BALANCE_MAX_MINOR_CEILING } from '../money';
import { multiLineTextSchema, singleLineTextSchema, pageLimitSchema } from './common';

const AMOUNT_TOO_LARGE = `At most ${AMOUNT_MAX_MINOR_CEILING} minor units per movement.`;
/** An amount to move: an integer of minor units (cents), never a float, at most the hard ceiling (the server may set a lower one). */
export const minorUnitsSchema = z.number().int().min(0).max(AMOUNT_MAX_MINOR_CEILING, AMOUNT_TOO_LARGE);
export const positiveMinorUnitsSchema = z.number().int().min(1).max(AMOUNT_MAX_MINOR_CEILING, AMOUNT_TOO_LARGE);
/** A member balance: never negative, never above the ceiling the database enforces. */
export const balanceMinorUnitsSchema = z.number().int().min(0).max(BALANCE_MAX_MINOR_CEILING);
/** A sum over many accounts (trial balance, report figures) may pass 2^53: exact, as a decimal string of minor units. */
export const minorUnitsTextSchema = z.string().regex(/^-?\d+$/, 'A whole number of minor units.');

/** Moved to ./common; re-exported so existing imports keep working. */
export { multiLineTextSchema, singleLineTextSchema };

/** Why an entry exists; the statement filters on it. */
export const LEDGER_TRANSACTION_TYPES = [
  'recharge',
  'adjustment_credit',
  'adjustment_debit',
  'plan_purchase',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_release',
  'coupon_credit',
  'commission_release',
  'refund',
  'reversal',
] as const;
export const ledgerTransactionTypeSchema = z.enum(LEDGER_TRANSACTION_TYPES);
export type LedgerTransactionType = z.infer<typeof ledgerTransactionTypeSchema>;

export const walletSchema = z.strictObject({
  currency: z.string().length(3),
  /** Decimal places of the currency's minor unit (2 for USD). */
  fractionDigits: z.number().int().min(0).max(3),
  available: balanceMinorUnitsSchema,
  onHold: balanceMinorUnitsSchema,
  /** What the member owes after a refunded purchase took back a commission (positive): settled from their next earnings, never withdrawn. */
  debt: balanceMinorUnitsSchema,
});
export type Wallet = z.infer<typeof walletSchema>;

export const statementEntrySchema = z.strictObject({
  id: z.string(),
  transactionId: z.string(),
  type: ledgerTransactionTypeSchema,
  /**
   * commission_pending: commissions waiting out the holding period; debt: what the member owes
   * after a claw-back (its balance after is ≤ 0: a refund takes it down, later commissions settle it).
   */
  account: z.enum(['available', 'on_hold', 'commission_pending', 'debt']),
  /** Signed: positive adds to the account, negative takes from it. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  memo: z.string(),
  /** The recharge order, plan purchase, withdrawal … this entry belongs to, when there is one. */
  reference: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/** The instants a filter may name: years 1970 to 9999 (UTC), which Date, the API and PostgreSQL all agree on. */
const EARLIEST = 0;
const END_OF_9999 = Date.UTC(10000, 0, 1);
const DAY = 86_400_000;

/** Milliseconds of an ISO date or date-time (a bare date is midnight UTC), or NaN. */
function instantOf(value: string): number {
  return Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
}

/**
 * A date (`2026-01-31`) or ISO date-time in years 1970–9999. `inclusiveEnd`: the value is the
 * inclusive end of a range, so a bare date stands for its whole day and must end within 9999.
 */
export const isoDateOrDateTime = (inclusiveEnd: boolean) =>
  z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/,
      'Use a date such as 2026-01-31 or an ISO date-time.',
    )
    .refine((value) => !Number.isNaN(instantOf(value)), 'Not a real date.')
    .refine((value) => {
      const at = instantOf(value);
      const end = inclusiveEnd ? at + (value.length === 10 ? DAY : 1) : at;
      return Number.isNaN(at) || (at >= EARLIEST && end < END_OF_9999);
    }, 'Use a date from 1970-01-01 to 9999-12-30.');

/** One value or several of `values`, separated by commas (a statement's filter). */
const commaListOf = (values: readonly string[], separated: string, unknown: string) =>
  z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, separated)
    .refine((value) => value.split(',').every((part) => values.includes(part)), unknown)
    .optional();

/** Both statements' date filter. */
const dateRange = {
  /** Inclusive; a date alone means the start of that day (UTC). */
  from: isoDateOrDateTime(false).optional(),
  /** Inclusive; a date alone means the whole of that day (UTC). */
  to: isoDateOrDateTime(true).optional(),
};

/** Both statements' page: the last row's id as the cursor, and a page size. */
const statementPage = {
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'Not a valid cursor.')
    .optional(),
  limit: pageLimitSchema,
};

/** Filters of the statement and its CSV export. Query strings are strings: numbers are parsed, not coerced. */
export const statementFilterQuerySchema = z.strictObject({
  /** One type or several separated by commas. */
  type: commaListOf(LEDGER_TRANSACTION_TYPES, 'Use transaction types separated by commas.', 'Unknown transaction type.'),
  account: z.enum(['available', 'on_hold', 'commission_pending', 'debt']).optional(),
  ...dateRange,
});

export const listTransactionsQuerySchema = statementFilterQuerySchema.extend({
  ...statementPage,
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

export const statementPageSchema = z.strictObject({
  items: z.array(statementEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type StatementPage = z.infer<typeof statementPageSchema>;

/**
 * What a member reads on their statement: one money event, however many ledger transactions it
 * took (a withdrawal's hold and its payout or return, a commission's pending credit and its
 * release). The entries behind it come with it for the detail sheet.
 */
export const STATEMENT_EVENT_KINDS = [
  'recharge',
  'purchase',
  'commission',
  'withdrawal',
  'adjustment',
  'refund',
  'coupon_credit',
  'debt_settled',
  'reversal',
] as const;
export const statementEventKindSchema = z.enum(STATEMENT_EVENT_KINDS);
export type StatementEventKind = z.infer<typeof statementEventKindSchema>;

/**
 * The event's state now. completed: done in one movement (recharge, adjustment, coupon credit …);
 * a purchase is completed or refunded; a commission pending, review, available or reversed; a
 * withdrawal requested, processing, paid or returned (rejected or cancelled: the money came back).
 */
export const STATEMENT_EVENT_STATES = [
  'completed',
  'refunded',
  'pending',
  'review',
  'available',
  'reversed',
  'requested',
  'processing',
  'paid',
  'returned',
] as const;
export const statementEventStateSchema = z.enum(STATEMENT_EVENT_STATES);
export type StatementEventState = z.infer<typeof statementEventStateSchema>;

export const statementEventSchema = z.strictObject({
  /** The money object it is about: `withdrawal:<id>`, `commission:<purchase id>`, `adjustment:<transaction id>` … */
  id: z.string(),
  kind: statementEventKindSchema,
  state: statementEventStateSchema,
  /** Signed from the member's point of view: + money to them, − money from them (a withdrawal is its whole amount). */
  amount: z.number().int(),
  /**
   * The running available balance after this event as it stands now: the current available balance
   * less what every newer event has added since. A returned withdrawal or a reversed commission adds
   * nothing, so each line's balance is the previous line's plus this line's effect on what is available.
   */
  availableAfter: z.number().int(),
  /** What this event moves into or out of the available balance, now (0 for a pending commission or a returned withdrawal). */
  availableEffect: z.number().int(),
  /** Held out of the available balance by this event now (an open withdrawal), else 0. */
  held: z.number().int().min(0),
  /** The order reference, plan, payout reference … when there is one. */
  reference: z.string().nullable(),
  /** The first movement's memo, in English (the web translates it). */
  memo: z.string(),
  /** When it started (its place in the statement) and when it last moved. */
  occurredAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Its steps, oldest first: requested → processing → paid, pending → available … */
  timeline: z.array(z.strictObject({ state: statementEventStateSchema, at: z.iso.datetime() })),
  /** The member's ledger entries behind it, oldest first, each with its account and that account's balance after. */
  entries: z.array(statementEntrySchema),
});
export type StatementEvent = z.infer<typeof statementEventSchema>;

/** Filters of the event statement and its CSV export. */
/** Balances at an instant: what the entries dated strictly before it sum to (a date alone: the start of that day, UTC). */
export const balancesAtQuerySchema = z.strictObject({ at: isoDateOrDateTime(false) });
export type BalancesAtQuery = z.infer<typeof balancesAtQuerySchema>;

/** A member's balances at an instant (`at`, ISO). */
export const balancesAtSchema = walletSchema.extend({ at: z.string() });
export type BalancesAt = z.infer<typeof balancesAtSchema>;

/** The statement period's filter (the same dates as the statement's). */
export const periodBalancesQuerySchema = z.strictObject({ ...dateRange });

/** A statement period's opening (at its start; null without one) and closing (at its end, or now) balances. */
export const periodBalancesSchema = z.strictObject({ opening: balancesAtSchema.nullable(), closing: balancesAtSchema });
export type PeriodBalances = z.infer<typeof periodBalancesSchema>;

/** Any ledger account's balance at an instant, for the console's ledger access. */
export const accountBalanceAtSchema = z.strictObject({
  accountId: z.string(),
  ownerId: z.string().nullable(),
  type: z.string(),
  currency: z.string().length(3),
  fractionDigits: z.number().int().min(0).max(3),
  at: z.string(),
  balance: minorUnitsTextSchema,
  /** The sealed day whose closing balance it started from (a platform account), or null. */
  sealedDay: z.string().nullable(),
});
export type AccountBalanceAtView = z.infer<typeof accountBalanceAtSchema>;

export const statementEventFilterQuerySchema = z.strictObject({
  /** One event kind or several separated by commas. */
  kind: commaListOf(STATEMENT_EVENT_KINDS, 'Use event kinds separated by commas.', 'Unknown event kind.'),
  ...dateRange,
});
export type StatementEventFilterQuery = z.infer<typeof statementEventFilterQuerySchema>;

export const listStatementEventsQuerySchema = statementEventFilterQuerySchema.extend({
  ...statementPage,
});
export type ListStatementEventsQuery = z.infer<typeof listStatementEventsQuerySchema>;

export const statementEventPageSchema = z.strictObject({
  items: z.array(statementEventSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type StatementEventPage = z.infer<typeof statementEventPageSchema>;

/** Operator: credit or debit a member's available balance, with a mandatory reason. */
export const adjustBalanceBodySchema = z.strictObject({
  direction: z.enum(['credit', 'debit']),
  amount: positiveMinorUnitsSchema,
  reason: singleLineTextSchema.trim().min(3, 'Give a reason of at least 3 characters.').max(500),
});
export type AdjustBalanceBody = z.infer<typeof adjustBalanceBodySchema>;

export const adjustmentResultSchema = z.strictObject({
  transactionId: z.string(),
  userId: z.uuid(),
  direction: z.enum(['credit', 'debit']),
  amount: z.number().int(),
  /** The balances the adjustment moved (an adjustment never touches what is owed). */
  wallet: walletSchema.omit({ debt: true }),
});
export type AdjustmentResult = z.infer<typeof adjustmentResultSchema>;

/** A member account whose balance differs from the business rows it stands for (ledger integrity report). */
const bookMismatchSchema = z.strictObject({
  memberId: z.string().nullable(),
  currency: z.string(),
  balance: minorUnitsTextSchema,
  expected: minorUnitsTextSchema,
});

export const ledgerReportSchema = z.strictObject({
  ok: z.boolean(),
  generatedAt: z.iso.datetime(),
  transactionCount: z.number().int(),
  entryCount: z.number().int(),
  /** Every money figure of the report is a decimal string of minor units: sums, and values read next to them. */
  unbalancedTransactions: z.array(
    z.strictObject({ transactionId: z.number().int(), entryCount: z.number().int(), sum: minorUnitsTextSchema }),
  ),
  balanceMismatches: z.array(
    z.strictObject({
      accountId: z.number().int(),
      ownerId: z.string().nullable(),
      type: z.string(),
      cached: minorUnitsTextSchema,
      fromEntries: minorUnitsTextSchema,
    }),
  ),
  negativeBalances: z.array(
    z.strictObject({ accountId: z.number().int(), ownerId: z.string().nullable(), type: z.string(), balance: minorUnitsTextSchema }),
  ),
  runningBalanceBreaks: z.array(
    z.strictObject({
      entryId: z.number().int(),
      accountId: z.number().int(),
      balanceAfter: minorUnitsTextSchema.nullable(),
      expected: minorUnitsTextSchema,
    }),
  ),
  /** Commissions whose state disagrees with the buyer's referral hold (on review without an open hold, pending under an open or voided one). */
  holdDisagreements: z.array(
    z.strictObject({
      commissionId: z.string(),
      memberId: z.string(),
      status: z.string(),
      hold: z.enum(['none', 'open', 'released', 'voided']),
    }),
  ),
  /** Money on hold that differs from the pending and processing withdrawals (per member; memberId null: a currency's total). */
  onHoldMismatches: z.array(bookMismatchSchema),
  /** Commissions pending accounts that differ from the pending and on-review commissions (same shape). */
  commissionPendingMismatches: z.array(bookMismatchSchema),
  /** The hash chain (docs/decisions/0028): how many links were recomputed, and the head they reach. */
  chain: z.strictObject({
    links: z.number().int(),
    head: z.strictObject({ seq: z.string(), txId: z.string(), hash: z.string() }).nullable(),
  }),
  /** The first place the chain does not hold (at most one: what follows a break is not checked). */
  chainBreaks: z.array(z.strictObject({ seq: z.string().nullable(), txId: z.string(), problem: z.string(), detail: z.string() })),
  /** The sealed days checked, and what the first one that does not hold says is wrong. */
  seals: z.strictObject({ count: z.number().int(), lastDay: z.iso.date().nullable() }),
  sealBreaks: z.array(
    z.strictObject({
      day: z.iso.date(),
      problem: z.enum(['key', 'signature', 'previous', 'chain', 'balance', 'root', 'backdated']),
      detail: z.string(),
    }),
  ),
  trialBalance: z.array(
    z.strictObject({
      currency: z.string(),
      accounts: z.array(z.strictObject({ type: z.string(), balance: minorUnitsTextSchema })),
      memberLiabilities: minorUnitsTextSchema,
      platformTotal: minorUnitsTextSchema,
      total: minorUnitsTextSchema,
    }),
  ),
});
export type LedgerReport = z.infer<typeof ledgerReportSchema>;
