-- The console dashboard's figures (issue 14): hourly buckets that a job fills, never a scan of the
-- whole ledger and never a row every money transaction must update (docs/decisions/0005, 0015).
-- Each run recounts the hours from its mark (minus one hour of margin, so a transaction that
-- committed late is counted) up to now, from the domain tables through their time indexes; hours
-- before the mark are settled and never read again. The recount and the run (dashboard_recount,
-- dashboard_rollup) are repeatable definitions in apps/api/src/modules/dashboard/sql/
-- (docs/decisions/0024).

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

