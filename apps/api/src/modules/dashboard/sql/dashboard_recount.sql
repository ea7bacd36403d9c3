-- Recounts [p_from, p_to) hour by hour into dashboard_hourly (rows for empty hours removed).
--
-- Called by dashboard_rollup.
create or replace function dashboard_recount(p_from timestamptz, p_to timestamptz) returns void
language plpgsql as $$
begin
  delete from dashboard_hourly where hour >= p_from and hour < p_to;
  insert into dashboard_hourly (hour, metric, count, amount)
  select date_trunc('hour', t.at), t.metric, count(*), coalesce(sum(t.amount), 0)
    from (
      select created_at as at, 'members' as metric, 0::bigint as amount from users
       where role = 'member' and created_at >= p_from and created_at < p_to
      union all
      select resolved_at, 'deposits', amount from recharge_orders
       where status = 'credited' and resolved_at >= p_from and resolved_at < p_to
      union all
      select created_at, 'purchases', paid from purchases where created_at >= p_from and created_at < p_to
      union all
      select refunded_at, 'refunds', paid from purchases where refunded_at >= p_from and refunded_at < p_to
      union all
      select created_at, 'commissions_earned', amount from commissions
       where status <> 'skipped' and created_at >= p_from and created_at < p_to
      union all
      select released_at, 'commissions_released', amount from commissions where released_at >= p_from and released_at < p_to
      union all
      select resolved_at, 'payouts', amount from withdrawals where status = 'paid' and resolved_at >= p_from and resolved_at < p_to
    ) t
   group by 1, 2;
end;
$$;
