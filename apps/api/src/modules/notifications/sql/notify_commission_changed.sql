-- A commission became pending (held for its period), was released, or was voided (the purchase
-- refunded): its beneficiary's inbox (notification_add). Skipped lines have no beneficiary to tell.
--
-- Fired by the trigger on commissions below, inside plan_purchase, commission_release or the refund.
create or replace function notify_commission_changed() returns trigger language plpgsql as $$
declare
  v_kind text;
  v_currency text;
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then
    return null;
  end if;
  v_kind := case new.status
    when 'pending' then 'commission_pending'
    when 'available' then 'commission_released'
    when 'reversed' then 'commission_voided'
  end;
  if v_kind is null or new.beneficiary_id is null or new.amount <= 0 then
    return null;
  end if;
  select currency into v_currency from purchases where id = new.purchase_id;
  perform notification_add(new.beneficiary_id, v_kind, new.id::text, new.amount, v_currency, new.level::text);
  return null;
end;
$$;
create or replace trigger notify_commission_changed after insert or update of status on commissions
  for each row execute function notify_commission_changed();
