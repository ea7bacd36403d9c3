-- One run: takes the mark (a second runner on another instance skips), recounts from it (first
-- run: from the oldest record) to now, moves it to the start of the previous hour. Returns whether it ran.
--
-- Called by modules/dashboard/dashboard.ts (the rollup job).
create or replace function dashboard_rollup(p_at timestamptz) returns boolean
language plpgsql as $$
declare
  v_mark dashboard_rollup_mark;
  v_from timestamptz;
begin
  select * into v_mark from dashboard_rollup_mark where id for update skip locked;
  if not found then
    return false;
  end if;
  v_from := coalesce(v_mark.recount_from, date_trunc('hour', least(
    (select min(created_at) from users), (select min(created_at) from recharge_orders), (select min(created_at) from purchases),
    (select min(created_at) from withdrawals), p_at)));
  perform dashboard_recount(v_from, date_trunc('hour', p_at) + interval '1 hour');
  update dashboard_rollup_mark set recount_from = date_trunc('hour', p_at) - interval '1 hour', ran_at = p_at where id;
  return true;
end;
$$;
