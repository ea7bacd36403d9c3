-- A transaction's entries sum to zero and there are at least two: checked at commit, so the
-- ledger code may insert the transaction row first and its entries after.
--
-- Fired by the constraint triggers on ledger_transactions and ledger_entries below, at commit.
create or replace function ledger_check_transaction_balanced() returns trigger language plpgsql as $$
declare
  tx_id bigint;
  entry_count integer;
  entry_sum numeric;
begin
  -- Separate branches: plpgsql resolves every field a statement names, even in an untaken CASE arm.
  if tg_table_name = 'ledger_entries' then
    tx_id := new.transaction_id;
  else
    tx_id := new.id;
  end if;
  select count(*), coalesce(sum(amount), 0) into entry_count, entry_sum
    from ledger_entries where transaction_id = tx_id;
  if entry_count < 2 or entry_sum <> 0 then
    raise exception 'ledger transaction % is unbalanced (% entries, sum %)', tx_id, entry_count, entry_sum
      using errcode = '23514', constraint = 'ledger_transaction_balanced';
  end if;
  return null;
end;
$$;

drop trigger if exists ledger_transactions_balanced on ledger_transactions;
create constraint trigger ledger_transactions_balanced
  after insert on ledger_transactions
  deferrable initially deferred
  for each row execute function ledger_check_transaction_balanced();

drop trigger if exists ledger_entries_balanced on ledger_entries;
create constraint trigger ledger_entries_balanced
  after insert on ledger_entries
  deferrable initially deferred
  for each row execute function ledger_check_transaction_balanced();
