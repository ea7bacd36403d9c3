-- A referral review opened or was decided: the console's queues.
--
-- Fired by the trigger on referral_holds below.
create or replace function live_hold_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    perform live_notify(null, 'queues');
  end if;
  return null;
end;
$$;
create or replace trigger live_hold_changed after insert or update of status on referral_holds
  for each row execute function live_hold_changed();
