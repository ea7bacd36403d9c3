-- Counts a withdrawal against the member's daily maximum: a conditional write on their day row of
-- withdrawal_daily_totals (the guard, locked until the end of the transaction), or
-- WITHDRAWAL_DAILY_LIMIT with what is left of the day.
--
-- Called by withdrawal_request.
create or replace function withdrawal_request_day(p_user uuid, p_day date, p_amount bigint, p_daily_max bigint) returns void
language plpgsql as $$
declare
  v_used bigint;
begin
  insert into withdrawal_daily_totals (user_id, day, total) values (p_user, p_day, p_amount)
    on conflict (user_id, day) do update set total = withdrawal_daily_totals.total + p_amount
    where withdrawal_daily_totals.total + p_amount <= p_daily_max
    returning total into v_used;
  if v_used is null or v_used > p_daily_max then
    select coalesce(max(total), 0) into v_used from withdrawal_daily_totals where user_id = p_user and day = p_day;
    perform money_refuse('WITHDRAWAL_DAILY_LIMIT', jsonb_build_object('remaining', greatest(0, p_daily_max - v_used)));
  end if;
end;
$$;
