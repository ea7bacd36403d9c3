-- A table whose rows are a record (the ledger's entries and transactions, its hash chain and sealed
-- days, the payout files) refuses UPDATE, DELETE and TRUNCATE with SQLSTATE 55000. One trigger
-- function for all of them; each table's refusal keeps its own words, the trigger's argument,
-- said after the table's name ("ledger_entries rows are immutable; …").
create or replace function refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% %', tg_table_name, tg_argv[0]
    using errcode = '55000';
end;
$$;
