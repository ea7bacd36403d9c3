-- A ledger transaction is dated by the ledger's clock (ledger_now.sql): the column defaults to it
-- and any other value, a backdated one or a date in the future, is refused.
--
-- Fired by the trigger on ledger_transactions below.
create or replace function ledger_transaction_guard() returns trigger language plpgsql as $$
begin
  if new.created_at is distinct from ledger_now() then
    raise exception 'a ledger transaction is dated by the ledger clock (%), not %', ledger_now(), new.created_at
      using errcode = '23514', constraint = 'ledger_transactions_dated_by_ledger_now';
  end if;
  return new;
end;
$$;

create or replace trigger ledger_transactions_dated before insert on ledger_transactions
  for each row execute function ledger_transaction_guard();
