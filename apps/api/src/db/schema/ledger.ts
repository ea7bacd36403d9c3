import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, memberId, randomId } from './columns';
import { users } from './users';

/**
 * Mirrors migrations/0200_ledger.sql; the SQL file is the source of truth for constraints (the
 * triggers: ledger/sql/).
 */

export const LEDGER_ACCOUNT_TYPES = [
  'member_available',
  'member_on_hold',
  /** Commissions waiting out the holding period (0500). */
  'member_commission_pending',
  /** What the member owes after a released commission was taken back; never above zero (0500). */
  'member_debt',
  'platform_cash',
  'platform_plan_revenue',
  'platform_commission_expense',
  'platform_promotions_expense',
  'platform_fee_revenue',
  'platform_adjustments',
] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

export const LEDGER_TRANSACTION_KINDS = [
  'recharge',
  'adjustment_credit',
  'adjustment_debit',
  'plan_purchase',
  'commission_release',
  'refund',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_release',
  'coupon_credit',
  'reversal',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid('owner_id').references(() => users.id),
    type: text('type', { enum: LEDGER_ACCOUNT_TYPES }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    balance: bigint('balance', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique().on(table.ownerId, table.type, table.currency).nullsNotDistinct(),
    // 0202: BALANCE_MAX_MINOR_CEILING (packages/shared/src/money.ts).
    check('ledger_accounts_member_balance_max', sql`${table.balance} is null or ${table.balance} <= 1000000000000000`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    memo: text('memo').notNull().default(''),
    refs: jsonb('refs').$type<Record<string, string>>().notNull().default({}),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().default(sql`ledger_now()`),
  },
  (table) => [index('ledger_transactions_created_at_idx').on(table.createdAt)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: at('created_at').notNull().default(sql`ledger_now()`),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id.desc()),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    // 1210: balances at a point in time (ledger/balance-at.ts).
    index('ledger_entries_account_time_idx').on(table.accountId, table.createdAt, table.id),
    // 0202 (NOT VALID: history is immutable): AMOUNT_MAX_MINOR_CEILING and BALANCE_MAX_MINOR_CEILING.
    check('ledger_entries_amount_max', sql`${table.amount} between -1000000000000 and 1000000000000`),
    check('ledger_entries_balance_after_max', sql`${table.balanceAfter} is null or ${table.balanceAfter} <= 1000000000000000`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: at('created_at').notNull(),
    lockedAt: at('locked_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index('idempotency_keys_expires_at_idx').on(table.expiresAt)],
);

export const PAYMENT_CHANNEL_KINDS = ['bank_transfer', 'gateway'] as const;

export const paymentChannels = pgTable(
  'payment_channels',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: PAYMENT_CHANNEL_KINDS }).notNull(),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    paymentUrlTemplate: text('payment_url_template'),
    webhookSecret: text('webhook_secret'),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    presets: jsonb('presets')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // 0202: AMOUNT_MAX_MINOR_CEILING.
    check('payment_channels_amount_max', sql`${table.maxAmount} <= 1000000000000`),
    // 1030: an http(s) address, or a path on this site (the demo checkout), never `//host`.
    check(
      'payment_channels_payment_url_template_check',
      sql`${table.paymentUrlTemplate} is null or ${table.paymentUrlTemplate} ~ '^(https?://|/($|[^/\\\\]))'`,
    ),
  ],
);

export const RECHARGE_ORDER_STATUSES = ['awaiting_payment', 'submitted', 'credited', 'rejected', 'expired', 'cancelled'] as const;
export type RechargeOrderStatus = (typeof RECHARGE_ORDER_STATUSES)[number];

export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: randomId(),
    userId: memberId(),
    channelCode: text('channel_code')
      .notNull()
      .references(() => paymentChannels.code),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: RECHARGE_ORDER_STATUSES }).notNull(),
    payerReference: text('payer_reference'),
    reviewNote: text('review_note'),
    rejectReason: text('reject_reason'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    submittedAt: at('submitted_at'),
    resolvedAt: at('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' })
      .unique()
      .references(() => ledgerTransactions.id),
    gatewayPaymentReference: text('gateway_payment_reference'),
    /** The member's Idempotency-Key of the create (0201): a retried create returns this order. */
    createKey: text('create_key'),
    /** Set when the gateway reported another payment for this already credited order (0201). */
    flaggedAt: at('flagged_at'),
    /** The operator's Idempotency-Key of the credit (0930): a retried credit returns this order. */
    creditKey: text('credit_key'),
  },
  (table) => [
    index('recharge_orders_user_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    unique('recharge_orders_user_create_key_unique').on(table.userId, table.createKey),
    // 0202: AMOUNT_MAX_MINOR_CEILING.
    check('recharge_orders_amount_max', sql`${table.amount} <= 1000000000000`),
  ],
);

export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    channelCode: text('channel_code')
      .notNull()
      .references(() => paymentChannels.code),
    eventId: text('event_id').notNull(),
    orderId: uuid('order_id').references(() => rechargeOrders.id),
    outcome: text('outcome').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.channelCode, table.eventId] })],
);
