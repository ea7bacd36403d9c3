-- History is never rewritten: corrections are new (reversing) transactions. The entries and the
-- transactions refuse every change (refuse_change.sql), as `ledger_entries_immutable`,
-- `ledger_transactions_immutable` and their `_no_truncate` triggers.
select refuse_change_bind(target, 'immutable', 'rows are immutable; post a reversing transaction instead')
  from unnest(array['ledger_entries', 'ledger_transactions']) as target;

-- The function these triggers called before refuse_change served every record table.
drop function if exists ledger_refuse_change();
