-- A recharge order or a withdrawal changed state: its member, and the console's queues.
--
-- Fired by the triggers on recharge_orders and withdrawals below.
create or replace function live_order_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    perform live_notify(new.user_id, case tg_table_name when 'recharge_orders' then 'order' else 'withdrawal' end);
    perform live_notify(null, 'queues');
  end if;
  return null;
end;
$$;
create or replace trigger live_order_changed after insert or update of status on recharge_orders
  for each row execute function live_order_changed();
create or replace trigger live_withdrawal_changed after insert or update of status on withdrawals
  for each row execute function live_order_changed();
