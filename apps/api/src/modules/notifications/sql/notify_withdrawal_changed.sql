-- A withdrawal went to the bank, was paid, or was returned to the wallet (rejected): its member's
-- inbox (notification_add). A withdrawal sent again after being put back in the queue is a new
-- `processing` (its ref carries when it was sent).
--
-- Fired by the trigger on withdrawals below, in the operator's or the payout file's transaction.
create or replace function notify_withdrawal_changed() returns trigger language plpgsql as $$
begin
  if new.status is not distinct from old.status then
    return null;
  end if;
  if new.status = 'processing' then
    perform notification_add(new.user_id, 'withdrawal_processing',
      new.id::text || '@' || coalesce(extract(epoch from new.processing_at)::bigint::text, '0'), new.net, new.currency, null);
  elsif new.status = 'paid' then
    perform notification_add(new.user_id, 'withdrawal_paid', new.id::text, new.net, new.currency, null);
  elsif new.status = 'rejected' then
    perform notification_add(new.user_id, 'withdrawal_returned', new.id::text, new.amount, new.currency, null);
  end if;
  return null;
end;
$$;
create or replace trigger notify_withdrawal_changed after update of status on withdrawals
  for each row execute function notify_withdrawal_changed();
