-- A member account's cached balance is the sum of its entries. Checked at commit, cheaply: the
-- balance equals the running balance (balance_after) of the account's last entry, or 0 with no
-- entry, one index read; and ledger_entry_guard holds every entry's running balance to the one
-- before it plus its amount. Together: balance = sum of the entries, without summing them. A
-- balance changed by hand, or an update that forgets its entry, is refused at commit.
-- Platform accounts keep no cached balance (null, a CHECK of migration 0200).
--
-- Fired by the constraint trigger on ledger_accounts below, at commit (once per changed row).
create or replace function ledger_account_balance_check() returns trigger language plpgsql as $$
declare
  v_balance bigint;
  v_last bigint;
begin
  select balance into v_balance from ledger_accounts where id = new.id;
  if v_balance is null then
    return null;
  end if;
  select e.balance_after into v_last from ledger_entries e
   where e.account_id = new.id order by e.id desc limit 1;
  if v_balance <> coalesce(v_last, 0) then
    raise exception 'ledger account % has a cached balance of % but its entries come to %', new.id, v_balance, coalesce(v_last, 0)
      using errcode = '23514', constraint = 'ledger_accounts_balance_is_entries';
  end if;
  return null;
end;
$$;

drop trigger if exists ledger_accounts_balance_is_entries on ledger_accounts;
create constraint trigger ledger_accounts_balance_is_entries
  after insert or update of balance on ledger_accounts
  deferrable initially deferred
  for each row execute function ledger_account_balance_check();
