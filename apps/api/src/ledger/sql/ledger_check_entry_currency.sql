-- An entry's account and its transaction share one currency.
--
-- Fired by the constraint trigger on ledger_entries below, at commit.
create or replace function ledger_check_entry_currency() returns trigger language plpgsql as $$
begin
  if (select count(distinct a.currency) from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where e.transaction_id = new.transaction_id) > 1 then
    raise exception 'ledger transaction % mixes currencies', new.transaction_id
      using errcode = '23514', constraint = 'ledger_transaction_one_currency';
  end if;
  return null;
end;
$$;

drop trigger if exists ledger_entries_one_currency on ledger_entries;
create constraint trigger ledger_entries_one_currency
  after insert on ledger_entries
  deferrable initially deferred
  for each row execute function ledger_check_entry_currency();
