-- The ledger's hash chain (docs/decisions/0028): one link per committed ledger transaction, in
-- transaction id order, each hashing its transaction's canonical form (packages/shared/src/books)
-- and the link before it. Written only by the chain job (apps/api/src/ledger/chain.ts), after the
-- money moved and off its path: no posting waits for it. Append-only (the trigger in
-- ledger/sql/ledger_chain_refuse_change.sql refuses UPDATE, DELETE and TRUNCATE).
create table ledger_chain (
  seq bigint primary key check (seq >= 1),
  tx_id bigint not null unique references ledger_transactions (id),
  prev_hash char(64) not null check (prev_hash ~ '^[0-9a-f]{64}$'),
  hash char(64) not null check (hash ~ '^[0-9a-f]{64}$'),
  -- The hashes of the transaction's three parts (header, entries, accounts) and its entry count:
  -- a broken link says which part changed.
  header_hash char(64) not null,
  entries_hash char(64) not null,
  accounts_hash char(64) not null,
  entry_count integer not null check (entry_count >= 0),
  linked_at timestamptz not null default now()
);
