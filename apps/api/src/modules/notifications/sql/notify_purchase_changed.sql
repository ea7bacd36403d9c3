-- A plan was bought, or a purchase refunded: its member's inbox (notification_add).
--
-- Fired by the trigger on purchases below, inside plan_purchase or the refund's transaction.
create or replace function notify_purchase_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform notification_add(new.user_id, 'purchase', new.id::text, new.paid, new.currency, new.plan_name);
  elsif new.status is distinct from old.status and new.status = 'refunded' then
    perform notification_add(new.user_id, 'refund', new.id::text, new.paid, new.currency, new.plan_name);
  end if;
  return null;
end;
$$;
create or replace trigger notify_purchase_changed after insert or update of status on purchases
  for each row execute function notify_purchase_changed();
