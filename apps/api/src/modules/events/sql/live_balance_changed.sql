-- A member's balance moved (any ledger posting on one of their accounts).
--
-- Fired by the trigger on ledger_accounts below.
create or replace function live_balance_changed() returns trigger language plpgsql as $$
begin
  if new.owner_id is not null and new.balance is distinct from old.balance then
    perform live_notify(new.owner_id, 'balance');
  end if;
  return null;
end;
$$;
create or replace trigger live_balance_changed after update of balance on ledger_accounts
  for each row execute function live_balance_changed();
