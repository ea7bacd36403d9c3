-- The ledger's clock: the one place a posting time comes from (docs/decisions/0026).
--
-- ledger_now() is the database clock, now() (the start of the database transaction). A caller
-- cannot choose the time of a ledger transaction or entry: the columns default to ledger_now()
-- and the guards refuse any other value (ledger_transaction_guard, ledger_entry_guard).
--
-- The test clock goes through here too. Only a session started with the test clock on
-- (`orchard.test_clock = on`: the test databases' connections and a server run with TEST_CLOCK,
-- db/client.ts) reads the app clock a money function was given: ledger_now(p_app_clock) keeps it
-- for the rest of the database transaction and ledger_now() returns it. Anywhere else the app
-- clock is ignored: both return now().
--
-- Called by ledger_post, every money function (with the app clock it was given) and the guards.
drop function if exists ledger_now();
create or replace function ledger_now(p_app_clock timestamptz default null) returns timestamptz
language plpgsql volatile as $$
begin
  if current_setting('orchard.test_clock', true) is distinct from 'on' then
    return now();
  end if;
  if p_app_clock is not null then
    perform set_config('orchard.test_now', p_app_clock::text, true);
  end if;
  return coalesce(nullif(current_setting('orchard.test_now', true), '')::timestamptz, now());
end;
$$;

alter table ledger_transactions alter column created_at set default ledger_now();
alter table ledger_entries alter column created_at set default ledger_now();
