-- History is never rewritten: corrections are new (reversing) transactions.
--
-- Fired by the triggers on ledger_entries and ledger_transactions below.
create or replace function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% rows are immutable; post a reversing transaction instead', tg_table_name
    using errcode = '55000';
end;
$$;

create or replace trigger ledger_entries_immutable before update or delete on ledger_entries
  for each row execute function ledger_refuse_change();
create or replace trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function ledger_refuse_change();
create or replace trigger ledger_transactions_immutable before update or delete on ledger_transactions
  for each row execute function ledger_refuse_change();
create or replace trigger ledger_transactions_no_truncate before truncate on ledger_transactions
  for each statement execute function ledger_refuse_change();
