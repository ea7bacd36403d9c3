-- Plans, purchases, three-level commissions, coupons and referral settings (issue 11).
-- The rules that keep money and counts right live here as constraints: the services only ever
-- move them by conditional updates that these checks back up.

-- Ledger: two more member accounts and two more kinds of transaction.
--   member_commission_pending: commissions waiting out the holding period (balance >= 0);
--   member_debt: what a member owes after a refund took back a commission already released
--     (balance <= 0; settled first from the member's next released commissions).
alter table ledger_accounts drop constraint ledger_accounts_type_check;
alter table ledger_accounts add constraint ledger_accounts_type_check check (type in (
  'member_available', 'member_on_hold', 'member_commission_pending', 'member_debt',
  'platform_cash', 'platform_plan_revenue', 'platform_commission_expense',
  'platform_promotions_expense', 'platform_fee_revenue', 'platform_adjustments'
));
alter table ledger_accounts drop constraint ledger_accounts_member_balance_not_negative;
alter table ledger_accounts add constraint ledger_accounts_member_balance_not_negative
  check (balance is null or balance >= 0 or type = 'member_debt');
alter table ledger_accounts add constraint ledger_accounts_debt_not_positive
  check (type <> 'member_debt' or (balance <= 0 and balance >= -1000000000000000));

alter table ledger_transactions drop constraint ledger_transactions_kind_check;
alter table ledger_transactions add constraint ledger_transactions_kind_check check (kind in (
  'recharge', 'adjustment_credit', 'adjustment_debit',
  'plan_purchase', 'commission_release', 'refund',
  'withdrawal_hold', 'withdrawal_paid', 'withdrawal_release',
  'coupon_credit', 'reversal'
));

-- One row: the operator's referral settings. Rates are basis points of the price actually paid.
create table referral_settings (
  id boolean primary key default true check (id),
  level1_bp integer not null default 1000 check (level1_bp between 0 and 10000),
  level2_bp integer not null default 500 check (level2_bp between 0 and 10000),
  level3_bp integer not null default 200 check (level3_bp between 0 and 10000),
  cap_bp integer not null default 3000 check (cap_bp between 0 and 5000),
  require_active_plan boolean not null default true,
  hold_days integer not null default 7 check (hold_days between 0 and 90),
  refund_window_days integer not null default 7 check (refund_window_days between 0 and 365),
  updated_at timestamptz not null default now(),
  updated_by uuid references users (id),
  check (level1_bp + level2_bp + level3_bp <= 10000)
);
insert into referral_settings (id) values (true);

create table plans (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 80),
  description text not null default '' check (length(description) <= 2000),
  benefits jsonb not null default '[]'::jsonb
    check (jsonb_typeof(benefits) = 'array' and jsonb_array_length(benefits) <= 12),
  price bigint not null check (price between 1 and 1000000000000),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  duration_days integer not null check (duration_days between 1 and 3650),
  badge text check (badge is null or length(badge) between 1 and 24),
  per_member_limit integer check (per_member_limit is null or per_member_limit between 1 and 1000),
  -- Units in stock in all (rows of plan_stock_units); null = not limited.
  stock integer check (stock is null or stock between 0 and 100000),
  sale_starts_at timestamptz,
  sale_ends_at timestamptz,
  active boolean not null default true,
  sort_order integer not null default 0 check (sort_order between 0 and 1000),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (sale_starts_at is null or sale_ends_at is null or sale_ends_at > sale_starts_at)
);
create index plans_listing_idx on plans (sort_order, created_at) where active;

-- Stock as one row per unit: a purchase claims a free unit with FOR UPDATE SKIP LOCKED, so
-- purchases of a hot plan with stock take different rows and never queue on the plan.
create table plan_stock_units (
  plan_id uuid not null references plans (id),
  unit integer not null check (unit between 1 and 1000000),
  purchase_id uuid,
  primary key (plan_id, unit)
);
create index plan_stock_units_free_idx on plan_stock_units (plan_id, unit) where purchase_id is null;
create unique index plan_stock_units_purchase_idx on plan_stock_units (purchase_id) where purchase_id is not null;

create table coupons (
  id uuid primary key default gen_random_uuid(),
  -- Compared case-insensitively: stored upper-case.
  code text not null unique check (code ~ '^[A-Z0-9_-]{3,44}$'),
  kind text not null check (kind in ('percent_off', 'amount_off', 'wallet_credit')),
  -- percent_off: whole percent; the others: minor units.
  value bigint not null check (value between 1 and 1000000000000),
  max_discount bigint check (max_discount is null or max_discount between 1 and 1000000000000),
  min_spend bigint not null default 0 check (min_spend between 0 and 1000000000000),
  plan_ids uuid[] not null default '{}' check (cardinality(plan_ids) <= 50),
  starts_at timestamptz,
  ends_at timestamptz,
  total_cap integer check (total_cap is null or total_cap between 1 and 1000000),
  per_member_cap integer not null default 1 check (per_member_cap between 1 and 100),
  assigned_member_id uuid references users (id),
  active boolean not null default true,
  -- Uses that were not returned; the conditional update that raises it is the total cap's guard.
  redeemed_count integer not null default 0 check (redeemed_count >= 0),
  batch text check (batch is null or length(batch) between 1 and 40),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (kind <> 'percent_off' or value <= 100),
  check (kind = 'percent_off' or max_discount is null),
  check (total_cap is null or redeemed_count <= total_cap),
  check (starts_at is null or ends_at is null or ends_at > starts_at)
);
create index coupons_batch_idx on coupons (batch) where batch is not null;
create index coupons_assigned_idx on coupons (assigned_member_id) where assigned_member_id is not null;
create index coupons_listing_idx on coupons (created_at desc, id desc);

-- A member's relation to a coupon: saved on /coupon (saved_at) and/or used (uses, capped).
create table coupon_member_uses (
  coupon_id uuid not null references coupons (id),
  user_id uuid not null references users (id),
  uses integer not null default 0 check (uses >= 0),
  saved_at timestamptz,
  last_used_at timestamptz,
  primary key (coupon_id, user_id)
);
create index coupon_member_uses_user_idx on coupon_member_uses (user_id);

create table purchases (
  id uuid primary key,
  user_id uuid not null references users (id),
  plan_id uuid not null references plans (id),
  -- The member's Idempotency-Key: a retry, a double tap or a second device gives this purchase back.
  request_key text not null check (length(request_key) between 1 and 200),
  -- What was bought, as it was then (the plan may be edited later).
  plan_name text not null,
  duration_days integer not null check (duration_days between 1 and 3650),
  currency char(3) not null,
  price bigint not null check (price between 1 and 1000000000000),
  discount bigint not null check (discount >= 0 and discount <= price),
  paid bigint not null check (paid = price - discount),
  coupon_id uuid references coupons (id),
  coupon_code text,
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  status text not null check (status in ('active', 'refunded')),
  refunded_at timestamptz,
  refund_reason text check (refund_reason is null or length(refund_reason) between 1 and 500),
  refunded_by uuid references users (id),
  ledger_transaction_id bigint not null unique references ledger_transactions (id),
  refund_transaction_id bigint unique references ledger_transactions (id),
  created_at timestamptz not null,
  unique (user_id, request_key),
  check ((status = 'refunded') = (refunded_at is not null)),
  check ((status = 'refunded') = (refund_transaction_id is not null))
);
create index purchases_user_idx on purchases (user_id, created_at desc, id desc);
create index purchases_listing_idx on purchases (created_at desc, id desc);
create index purchases_plan_idx on purchases (plan_id, created_at desc);
create index purchases_active_idx on purchases (user_id, ends_at) where status = 'active';

-- How many of a plan each member bought (refunds give one back): the per-member limit's guard.
create table plan_member_counts (
  plan_id uuid not null references plans (id),
  user_id uuid not null references users (id),
  bought integer not null check (bought >= 0),
  primary key (plan_id, user_id)
);

create table coupon_redemptions (
  id uuid primary key default gen_random_uuid(),
  coupon_id uuid not null references coupons (id),
  user_id uuid not null references users (id),
  -- The purchase it discounted; null for a wallet credit.
  purchase_id uuid unique references purchases (id),
  amount bigint not null check (amount between 0 and 1000000000000),
  status text not null check (status in ('applied', 'returned')),
  ledger_transaction_id bigint references ledger_transactions (id),
  created_at timestamptz not null,
  returned_at timestamptz,
  check ((status = 'returned') = (returned_at is not null))
);
create index coupon_redemptions_coupon_idx on coupon_redemptions (coupon_id, created_at desc, id desc);

-- Up to one row per level of a purchase: a level pays at most once. A level that pays nothing
-- says why (skipped). The rate used is kept, so a later settings change never rewrites history.
create table commissions (
  id uuid primary key default gen_random_uuid(),
  purchase_id uuid not null references purchases (id),
  level smallint not null check (level between 1 and 3),
  beneficiary_id uuid references users (id),
  rate_bp integer not null check (rate_bp between 0 and 10000),
  amount bigint not null check (amount >= 0),
  status text not null check (status in ('pending', 'available', 'reversed', 'skipped')),
  skip_reason text check (skip_reason in ('no_upline', 'no_active_plan', 'frozen', 'cap', 'zero_amount')),
  release_at timestamptz,
  released_at timestamptz,
  reversed_at timestamptz,
  created_at timestamptz not null,
  unique (purchase_id, level),
  check ((status = 'skipped') = (skip_reason is not null)),
  check (status = 'skipped' or (amount > 0 and beneficiary_id is not null and release_at is not null)),
  check ((status = 'available') = (released_at is not null) or status = 'reversed')
);
create index commissions_due_idx on commissions (release_at) where status = 'pending';
create index commissions_beneficiary_idx on commissions (beneficiary_id, created_at desc) where beneficiary_id is not null;
