-- The hash chain and the sealed days are append-only (docs/decisions/0028): a link, a seal or a
-- sealed balance is never changed or removed.
--
-- Fired by the triggers on ledger_chain (migration 1200), ledger_seals and ledger_seal_balances
-- (migration 1201) below.
create or replace function ledger_chain_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: its rows are never changed or removed', tg_table_name
    using errcode = '55000';
end;
$$;

create or replace trigger ledger_chain_append_only before update or delete on ledger_chain
  for each row execute function ledger_chain_refuse_change();
create or replace trigger ledger_chain_no_truncate before truncate on ledger_chain
  for each statement execute function ledger_chain_refuse_change();
create or replace trigger ledger_seals_append_only before update or delete on ledger_seals
  for each row execute function ledger_chain_refuse_change();
create or replace trigger ledger_seals_no_truncate before truncate on ledger_seals
  for each statement execute function ledger_chain_refuse_change();
create or replace trigger ledger_seal_balances_append_only before update or delete on ledger_seal_balances
  for each row execute function ledger_chain_refuse_change();
create or replace trigger ledger_seal_balances_no_truncate before truncate on ledger_seal_balances
  for each statement execute function ledger_chain_refuse_change();
