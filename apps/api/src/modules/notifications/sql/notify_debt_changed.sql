-- A member's debt grew (a released commission taken back by a refund beyond their balance): their
-- inbox (notification_add), once per database transaction and account.
--
-- Fired by the trigger on ledger_accounts below, inside the ledger posting's transaction.
create or replace function notify_debt_changed() returns trigger language plpgsql as $$
begin
  if new.type = 'member_debt' and new.owner_id is not null and abs(coalesce(new.balance, 0)) > abs(coalesce(old.balance, 0)) then
    perform notification_add(new.owner_id, 'debt', new.id::text || '@' || txid_current()::text,
      abs(coalesce(new.balance, 0)) - abs(coalesce(old.balance, 0)), new.currency, null);
  end if;
  return null;
end;
$$;
create or replace trigger notify_debt_changed after update of balance on ledger_accounts
  for each row execute function notify_debt_changed();
