-- A recharge order was credited or rejected: its member's inbox (notification_add).
--
-- Fired by the trigger on recharge_orders below, in the transaction that credits or rejects it.
create or replace function notify_recharge_changed() returns trigger language plpgsql as $$
begin
  if new.status is distinct from old.status and new.status in ('credited', 'rejected') then
    perform notification_add(new.user_id, 'recharge_' || new.status, new.id::text, new.amount, new.currency, new.reference);
  end if;
  return null;
end;
$$;
create or replace trigger notify_recharge_changed after update of status on recharge_orders
  for each row execute function notify_recharge_changed();
