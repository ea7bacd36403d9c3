-- The console dashboard's figures (issue 14): hourly buckets that a job fills, never a scan of the
-- whole ledger and never a row every money transaction must update (docs/decisions/0005, 0015).
-- Each run recounts the hours from its mark (minus one hour of margin, so a transaction that
-- committed late is counted) up to now, from the domain tables through their time indexes; hours
-- before the mark are settled and never read again.

create table dashboard_hourly (
  hour timestamptz not null,
  metric text not null check (metric in ('members', 'deposits', 'purchases', 'refunds', 'commissions_earned', 'commissions_released', 'payouts')),
  count bigint not null check (count >= 0),
  amount bigint not null check (amount >= 0),
  primary key (metric, hour)
);

-- One row: the start of the oldest hour the next run recounts.
create table dashboard_rollup_mark (
  id boolean primary key default true check (id),
  recount_from timestamptz,
  ran_at timestamptz
);
insert into dashboard_rollup_mark (id) values (true);

-- The time indexes the recount reads (some lists had only their own order).
create index if not exists users_created_at_idx on users (created_at);
create index if not exists recharge_orders_credited_idx on recharge_orders (resolved_at) where status = 'credited';
create index if not exists purchases_created_at_idx on purchases (created_at);
create index if not exists purchases_refunded_idx on purchases (refunded_at) where refunded_at is not null;
create index if not exists commissions_created_at_idx on commissions (created_at) where status <> 'skipped';
create index if not exists commissions_released_idx on commissions (released_at) where released_at is not null;
create index if not exists withdrawals_paid_idx on withdrawals (resolved_at) where status = 'paid';

-- Recounts [p_from, p_to) hour by hour into dashboard_hourly (rows for empty hours removed).
create function dashboard_recount(p_from timestamptz, p_to timestamptz) returns void
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

-- One run: takes the mark (a second runner on another instance skips), recounts from it (first
-- run: from the oldest record) to now, moves it to the start of the previous hour. Returns whether it ran.
create function dashboard_rollup(p_at timestamptz) returns boolean
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
