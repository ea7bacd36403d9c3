-- A ledger account belongs to one owner, has one type and one currency for good: moving an
-- account to another member (or making a wallet a debt account) would move its balance and its
-- whole history with it. Its id and creation time stay too. The cached balance may change, and
-- ledger_account_balance_check holds it to the account's entries at commit. Accounts are never
-- deleted (their entries are history).
--
-- Fired by the triggers on ledger_accounts below.
create or replace function ledger_account_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if new.id is distinct from old.id or new.owner_id is distinct from old.owner_id or new.type is distinct from old.type
       or new.currency is distinct from old.currency or new.created_at is distinct from old.created_at then
      raise exception 'ledger account % keeps its owner, type and currency', old.id
        using errcode = '55000', constraint = 'ledger_accounts_immutable';
    end if;
    return new;
  end if;
  raise exception 'ledger accounts are never deleted' using errcode = '55000', constraint = 'ledger_accounts_immutable';
end;
$$;

create or replace trigger ledger_accounts_immutable before update or delete on ledger_accounts
  for each row execute function ledger_account_guard();
create or replace trigger ledger_accounts_no_truncate before truncate on ledger_accounts
  for each statement execute function ledger_account_guard();
