-- The hash chain and the sealed days are append-only (docs/decisions/0028): a link, a seal or a
-- sealed balance is never changed or removed. Bound here (refuse_change.sql) to ledger_chain
-- (migration 1200), ledger_seals and ledger_seal_balances (migration 1201), as
-- `<table>_append_only` and `<table>_no_truncate`.
select refuse_change_bind(target, 'append_only', 'is append-only: its rows are never changed or removed')
  from unnest(array['ledger_chain', 'ledger_seals', 'ledger_seal_balances']) as target;

-- The function these triggers called before refuse_change served every record table.
drop function if exists ledger_chain_refuse_change();
