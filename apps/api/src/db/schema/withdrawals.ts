import { bigint, boolean, char, date, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './ledger';
import { at, memberId } from './columns';
import { users } from './users';

/**
 * Mirrors migrations/0700_withdrawals.sql and 1070_withdrawal_processing.sql; the SQL files are the
 * source of truth for constraints (the functions: modules/withdrawals/sql/).
 */

export const withdrawalSettings = pgTable('withdrawal_settings', {
  id: boolean('id').primaryKey().default(true),
  enabled: boolean('enabled').notNull(),
  minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
  dailyMax: bigint('daily_max', { mode: 'number' }).notNull(),
  feeFixed: bigint('fee_fixed', { mode: 'number' }).notNull(),
  feeBp: integer('fee_bp').notNull(),
  cooldownHours: integer('cooldown_hours').notNull(),
  /** Migration 1040: how many business days a payout usually takes (what the member is told). */
  payoutBusinessDays: integer('payout_business_days').notNull(),
  updatedAt: at('updated_at').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
});

export const bankAccounts = pgTable('bank_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: memberId(),
  holderName: text('holder_name').notNull(),
  bankName: text('bank_name').notNull(),
  country: char('country', { length: 2 }).notNull(),
  number: text('number').notNull(),
  numberKind: text('number_kind', { enum: ['iban', 'account'] }).notNull(),
  numberHash: text('number_hash').notNull(),
  label: text('label'),
  isDefault: boolean('is_default').notNull().default(false),
  usableFrom: at('usable_from').notNull(),
  createdAt: at('created_at').notNull(),
  removedAt: at('removed_at'),
});

export interface AccountSnapshot {
  holderName: string;
  bankName: string;
  country: string;
  number: string;
  numberKind: 'iban' | 'account';
  label: string | null;
}

export const withdrawals = pgTable('withdrawals', {
  id: uuid('id').primaryKey(),
  userId: memberId(),
  requestKey: text('request_key').notNull(),
  bankAccountId: uuid('bank_account_id')
    .notNull()
    .references(() => bankAccounts.id),
  accountSnapshot: jsonb('account_snapshot').$type<AccountSnapshot>().notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  fee: bigint('fee', { mode: 'number' }).notNull(),
  net: bigint('net', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['pending', 'processing', 'paid', 'rejected', 'cancelled'] }).notNull(),
  payoutReference: text('payout_reference'),
  rejectReason: text('reject_reason'),
  holdTransactionId: bigint('hold_transaction_id', { mode: 'number' })
    .notNull()
    .references(() => ledgerTransactions.id),
  settleTransactionId: bigint('settle_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  createdAt: at('created_at').notNull(),
  resolvedAt: at('resolved_at'),
  resolvedBy: uuid('resolved_by').references(() => users.id),
  /** Sent on its way to the bank (processing): when, by whom, in which payout file (null: revealed to pay by hand). */
  processingAt: at('processing_at'),
  processingBy: uuid('processing_by').references(() => users.id),
  processingFileId: uuid('processing_file_id').references(() => payoutFiles.id),
});

/** A payout file exported for the bank: a record of what was sent (never changed). */
export const payoutFiles = pgTable('payout_files', {
  id: uuid('id').primaryKey(),
  createdAt: at('created_at').notNull(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  currency: char('currency', { length: 3 }).notNull(),
  rowCount: integer('row_count').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

export const payoutFileRows = pgTable(
  'payout_file_rows',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => payoutFiles.id),
    line: integer('line').notNull(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    memberName: text('member_name').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.line] })],
);

export const withdrawalDailyTotals = pgTable(
  'withdrawal_daily_totals',
  {
    userId: memberId(),
    day: date('day').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
