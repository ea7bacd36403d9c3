-- Balances at a point in time (docs/decisions/0028): an account's balance at an instant is the
-- running balance of its last entry dated before it, one probe of this index; a platform account's
-- (no running balance) is its last sealed closing plus a range of this index since that day.
create index ledger_entries_account_time_idx on ledger_entries (account_id, created_at, id);
