-- Sealed days (docs/decisions/0028): once a UTC day is over and the hash chain covers it, the seal
-- job (modules/books) records each account's closing balance and signs, with the operator's
-- Ed25519 key, the chain's head, a Merkle root of the member balances and the platform balances.
-- One row per day (the primary key makes sealing idempotent on several instances); append-only
-- (ledger/sql/ledger_chain_refuse_change.sql binds the refusal to both tables).
create table ledger_seals (
  day date primary key,
  chain_seq bigint not null references ledger_chain (seq),
  balances_root char(64) not null,
  -- The signed payload (canonical JSON, packages/shared/src/books/seal.ts) and its signature.
  payload text not null,
  signature text not null,
  key_id text not null,
  -- The raw Ed25519 public key (base64url) that verifies the signature.
  public_key text not null,
  sealed_at timestamptz not null default now()
);

-- The closing balance of each account that moved on `day` (an account that did not move keeps
-- its last sealed row). Member accounts: the running balance of their last entry; platform
-- accounts: the previous closing plus the day's entries (numeric: a platform sum is unbounded).
create table ledger_seal_balances (
  day date not null references ledger_seals (day),
  account_id bigint not null references ledger_accounts (id),
  balance numeric(40, 0) not null,
  primary key (day, account_id)
);
create index ledger_seal_balances_account_idx on ledger_seal_balances (account_id, day desc);
