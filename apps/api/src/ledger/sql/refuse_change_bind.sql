-- Binds refuse_change (refuse_change.sql) to a record table: `<table>_<name>` before each row's
-- update or delete, and `<table>_no_truncate` before a truncate, the refusal in `words`. Called by
-- the files that bind their module's record tables: ledger_refuse_change.sql,
-- ledger_chain_refuse_change.sql and withdrawals' payout_file_refuse_change.sql.
create or replace function refuse_change_bind(target text, name text, words text) returns void language plpgsql as $$
begin
  execute format(
    'create or replace trigger %I before update or delete on %I for each row execute function refuse_change(%L)',
    target || '_' || name, target, words);
  execute format(
    'create or replace trigger %I before truncate on %I for each statement execute function refuse_change(%L)',
    target || '_no_truncate', target, words);
end;
$$;
