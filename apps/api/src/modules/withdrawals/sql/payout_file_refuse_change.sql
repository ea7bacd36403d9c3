-- A payout file is a record of what was sent to the bank: its row and its lines are never changed
-- or removed (a withdrawal sent again is a line of a new file).
--
-- Fired by the triggers on payout_files and payout_file_rows below.
create or replace function payout_file_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% rows are a record of what was sent to the bank and never change', tg_table_name
    using errcode = '55000';
end;
$$;

create or replace trigger payout_files_immutable before update or delete on payout_files
  for each row execute function payout_file_refuse_change();
create or replace trigger payout_files_no_truncate before truncate on payout_files
  for each statement execute function payout_file_refuse_change();
create or replace trigger payout_file_rows_immutable before update or delete on payout_file_rows
  for each row execute function payout_file_refuse_change();
create or replace trigger payout_file_rows_no_truncate before truncate on payout_file_rows
  for each statement execute function payout_file_refuse_change();
