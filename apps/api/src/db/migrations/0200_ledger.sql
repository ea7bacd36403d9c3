-- The ledger (docs/product.md "One ledger"): accounts, transactions and their entries in integer minor
-- units. Amounts are signed: a positive entry raises what the platform owes a member (or its
-- revenue), a negative one lowers it. Every balance is the sum of its entries; the entries of
-- one transaction sum to zero, so the sum of all balances is zero (the trial balance).
--
-- Only apps/api/src/ledger writes these tables. The triggers that keep every transaction balanced,
-- in one currency and immutable are repeatable definitions in apps/api/src/ledger/sql/
-- (docs/decisions/0024).

create table ledger_accounts (
  id bigint generated always as identity primary key,
  -- The member who owns it; null for platform accounts.
  owner_id uuid references users (id),
  type text not null check (type in (
    'member_available', 'member_on_hold',
    'platform_cash', 'platform_plan_revenue', 'platform_commission_expense',
    'platform_promotions_expense', 'platform_fee_revenue', 'platform_adjustments'
  )),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  -- Cached balance of a member account, updated in the same database transaction as its
  -- entries. Platform accounts are hot (every recharge and purchase touches them), so they keep
  -- no cached row to contend on: their balance is the sum of their entries (balance is null).
  balance bigint,
  created_at timestamptz not null default now(),
  check ((owner_id is null) = (type like 'platform\_%')),
  check ((type like 'platform\_%') = (balance is null)),
  constraint ledger_accounts_member_balance_not_negative check (balance is null or balance >= 0),
  unique nulls not distinct (owner_id, type, currency)
);

create table ledger_transactions (
  id bigint generated always as identity primary key,
  kind text not null check (kind in (
    'recharge', 'adjustment_credit', 'adjustment_debit',
    'plan_purchase', 'withdrawal_hold', 'withdrawal_paid', 'withdrawal_release',
    'coupon_credit', 'reversal'
  )),
  -- Makes a business effect happen at most once (e.g. `recharge:<order id>`), whatever races.
  idempotency_key text unique check (length(idempotency_key) between 1 and 200),
  memo text not null default '' check (length(memo) <= 500),
  -- Business references (order id, operator id, plan id …) for the statement and audits.
  refs jsonb not null default '{}'::jsonb,
  reverses_id bigint references ledger_transactions (id),
  created_at timestamptz not null
);
create index ledger_transactions_created_at_idx on ledger_transactions (created_at);

create table ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger_transactions (id),
  account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount <> 0),
  -- Member accounts: the account's balance right after this entry (the statement's running
  -- balance). Entries of one account are written while its row is locked, so ids follow order.
  balance_after bigint,
  created_at timestamptz not null
);
create index ledger_entries_account_idx on ledger_entries (account_id, id desc);
create index ledger_entries_transaction_idx on ledger_entries (transaction_id);

-- Idempotency-Key records (docs/product.md "Safe to retry"), shared by every instance.
create table idempotency_keys (
  -- Whose key it is: the member's (or operator's) user id.
  scope text not null,
  key text not null check (length(key) between 1 and 200),
  -- Method, route and a hash of the parameters and body: a reused key with another request is refused.
  request_hash text not null,
  state text not null check (state in ('running', 'done')),
  response_status integer,
  response_body text,
  response_type text,
  created_at timestamptz not null,
  locked_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (scope, key)
);
create index idempotency_keys_expires_at_idx on idempotency_keys (expires_at);

-- Recharge: channels the operator configures, orders members create.
create table payment_channels (
  code text primary key check (code ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
  kind text not null check (kind in ('bank_transfer', 'gateway')),
  name text not null check (length(name) between 1 and 80),
  -- Shown to the member on the confirm page (bank details, what to write in the memo).
  instructions text not null default '' check (length(instructions) <= 4000),
  -- Gateway: where the member pays; {orderId}, {reference}, {amount}, {currency} are filled in.
  payment_url_template text check (payment_url_template is null or payment_url_template ~ '^https?://'),
  -- Gateway: HMAC-SHA256 key of its webhook. Never sent to a browser.
  webhook_secret text,
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null,
  presets jsonb not null default '[]'::jsonb,
  enabled boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (max_amount >= min_amount),
  check (kind = 'bank_transfer' or (payment_url_template is not null and webhook_secret is not null))
);

create table recharge_orders (
  -- Random uuid: unguessable, so an id alone reveals nothing.
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  channel_code text not null references payment_channels (code),
  amount bigint not null check (amount > 0),
  currency char(3) not null,
  -- Short code the member writes in the transfer memo.
  reference text not null unique,
  status text not null check (status in ('awaiting_payment', 'submitted', 'credited', 'rejected', 'expired', 'cancelled')),
  payer_reference text check (length(payer_reference) <= 100),
  -- Set when something needs an operator's eyes (e.g. the gateway reported another amount).
  review_note text,
  reject_reason text check (length(reject_reason) <= 500),
  -- The member's Idempotency-Key for creating it: a retried create returns this order.
  created_at timestamptz not null,
  expires_at timestamptz not null,
  submitted_at timestamptz,
  resolved_at timestamptz,
  resolved_by uuid references users (id),
  ledger_transaction_id bigint unique references ledger_transactions (id),
  gateway_payment_reference text,
  check ((status = 'credited') = (ledger_transaction_id is not null))
);
create index recharge_orders_user_idx on recharge_orders (user_id, created_at desc, id desc);
create index recharge_orders_open_idx on recharge_orders (status, expires_at) where status in ('awaiting_payment', 'submitted');

-- Every gateway event seen, so a retried or replayed delivery changes nothing.
create table payment_webhook_events (
  channel_code text not null references payment_channels (code),
  event_id text not null check (length(event_id) between 1 and 200),
  order_id uuid references recharge_orders (id),
  outcome text not null,
  received_at timestamptz not null,
  primary key (channel_code, event_id)
);
