import { bigint, char, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './ledger';

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
