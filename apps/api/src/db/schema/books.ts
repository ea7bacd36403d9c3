import { bigint, char, date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerAccounts, ledgerTransactions } from './ledger';

/** Mirrors migrations/1200_ledger_chain.sql (docs/decisions/0028): the ledger's hash chain, append-only. */
export const ledgerChain = pgTable('ledger_chain', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  txId: bigint('tx_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => ledgerTransactions.id),
  prevHash: char('prev_hash', { length: 64 }).notNull(),
  hash: char('hash', { length: 64 }).notNull(),
  headerHash: char('header_hash', { length: 64 }).notNull(),
  entriesHash: char('entries_hash', { length: 64 }).notNull(),
  accountsHash: char('accounts_hash', { length: 64 }).notNull(),
  entryCount: integer('entry_count').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mirrors migrations/1201_ledger_seals.sql: one signed seal per UTC day, append-only. */
export const ledgerSeals = pgTable('ledger_seals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  chainSeq: bigint('chain_seq', { mode: 'number' })
    .notNull()
    .references(() => ledgerChain.seq),
  balancesRoot: char('balances_root', { length: 64 }).notNull(),
  payload: text('payload').notNull(),
  signature: text('signature').notNull(),
  keyId: text('key_id').notNull(),
  publicKey: text('public_key').notNull(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The closing balance of each account that moved on a sealed day (decimal string: platform sums are unbounded). */
export const ledgerSealBalances = pgTable(
  'ledger_seal_balances',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => ledgerSeals.day),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    balance: numeric('balance', { precision: 40, scale: 0 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.accountId] }),
    index('ledger_seal_balances_account_idx').on(table.accountId, table.day.desc()),
  ],
);
