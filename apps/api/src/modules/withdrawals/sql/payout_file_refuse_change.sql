-- A payout file is a record of what was sent to the bank: its row and its lines are never changed
-- or removed (a withdrawal sent again is a line of a new file). Bound here (the ledger's
-- refuse_change.sql) to payout_files and payout_file_rows, as `<table>_immutable` and
-- `<table>_no_truncate`.
select refuse_change_bind(target, 'immutable', 'rows are a record of what was sent to the bank and never change')
  from unnest(array['payout_files', 'payout_file_rows']) as target;

-- The function these triggers called before refuse_change served every record table.
drop function if exists payout_file_refuse_change();
