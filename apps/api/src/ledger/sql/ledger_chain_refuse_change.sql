-- The hash chain is append-only (docs/decisions/0028): a link is never changed or removed.
--
-- Fired by the triggers on ledger_chain below (table: migration 1200).
create or replace function ledger_chain_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger_chain is append-only: a link is never changed or removed'
    using errcode = '55000';
end;
$$;

create or replace trigger ledger_chain_append_only before update or delete on ledger_chain
  for each row execute function ledger_chain_refuse_change();
create or replace trigger ledger_chain_no_truncate before truncate on ledger_chain
  for each statement execute function ledger_chain_refuse_change();
