-- Withdrawals (docs/product.md "Money flows → Withdrawal"; docs/decisions/0013): bank accounts, the
-- operator's settings, requests that put the amount on hold at once, and their settlement (paid,
-- rejected, cancelled). The request and the settlement are database functions, one call each,
-- like the purchase (docs/decisions/0012): withdrawal_fee, withdrawal_request and withdrawal_settle,
-- repeatable definitions in apps/api/src/modules/withdrawals/sql/ (docs/decisions/0024).
--
-- Amounts: the member asks for an amount A that leaves the wallet; the fee F is taken out of it
-- and the bank receives the net N = A - F. Hold: available -A, on hold +A. Paid: on hold -A,
-- platform cash +N, fee revenue +F. Rejected or cancelled: on hold -A, available +A. Pay and
-- release share one ledger key per withdrawal, so at most one of them can ever be posted.

create table withdrawal_settings (
  id boolean primary key default true check (id),
  enabled boolean not null default true,
  min_amount bigint not null default 1000 check (min_amount between 1 and 1000000000000),
  max_amount bigint not null default 1000000 check (max_amount between 1 and 1000000000000),
  daily_max bigint not null default 2000000 check (daily_max between 1 and 1000000000000),
  fee_fixed bigint not null default 100 check (fee_fixed between 0 and 1000000000000),
  -- Basis points of the amount, rounded down.
  fee_bp integer not null default 100 check (fee_bp between 0 and 5000),
  cooldown_hours integer not null default 24 check (cooldown_hours between 0 and 720),
  updated_at timestamptz not null default now(),
  updated_by uuid references users (id),
  check (max_amount >= min_amount)
);
insert into withdrawal_settings (id) values (true);

create table bank_accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  holder_name text not null check (length(holder_name) between 1 and 80),
  bank_name text not null check (length(bank_name) between 1 and 80),
  country char(2) not null check (country ~ '^[A-Z]{2}$'),
  -- An IBAN (checked, electronic format) or a plain account number, upper-case, no spaces.
  number text not null check (number ~ '^[A-Z0-9]{4,34}$'),
  number_kind text not null check (number_kind in ('iban', 'account')),
  -- sha256 of the number: compares accounts (e.g. with an upline's) without reading numbers.
  number_hash text not null check (length(number_hash) = 64),
  label text check (label is null or length(label) between 1 and 40),
  is_default boolean not null default false,
  -- A new account receives payouts only after the cool-down.
  usable_from timestamptz not null,
  created_at timestamptz not null,
  removed_at timestamptz
);
create index bank_accounts_user_idx on bank_accounts (user_id, created_at) where removed_at is null;
create unique index bank_accounts_one_default_idx on bank_accounts (user_id) where is_default and removed_at is null;
create index bank_accounts_number_hash_idx on bank_accounts (number_hash) where removed_at is null;

create table withdrawals (
  id uuid primary key,
  user_id uuid not null references users (id),
  -- The member's Idempotency-Key: a retry, a double tap or a second device gives this one back.
  request_key text not null check (length(request_key) between 1 and 200),
  bank_account_id uuid not null references bank_accounts (id),
  -- The account as it was when requested: editing or removing it later changes nothing here.
  account_snapshot jsonb not null,
  currency char(3) not null,
  amount bigint not null check (amount between 1 and 1000000000000),
  fee bigint not null check (fee >= 0 and fee < amount),
  net bigint not null check (net = amount - fee),
  status text not null check (status in ('pending', 'paid', 'rejected', 'cancelled')),
  payout_reference text check (payout_reference is null or length(payout_reference) between 1 and 100),
  reject_reason text check (reject_reason is null or length(reject_reason) between 1 and 500),
  hold_transaction_id bigint not null unique references ledger_transactions (id),
  settle_transaction_id bigint unique references ledger_transactions (id),
  created_at timestamptz not null,
  resolved_at timestamptz,
  resolved_by uuid references users (id),
  unique (user_id, request_key),
  check ((status = 'pending') = (settle_transaction_id is null)),
  check ((status = 'pending') = (resolved_at is null)),
  check ((status = 'paid') = (payout_reference is not null)),
  check ((status = 'rejected') = (reject_reason is not null))
);
create index withdrawals_user_idx on withdrawals (user_id, created_at desc, id desc);
create index withdrawals_queue_idx on withdrawals (created_at, id) where status = 'pending';

-- What each member has asked to withdraw per UTC day (rejected and cancelled ones give it back):
-- the daily maximum's guard, a conditional write on the member's own row.
create table withdrawal_daily_totals (
  user_id uuid not null references users (id),
  day date not null,
  total bigint not null check (total >= 0),
  primary key (user_id, day)
);

-- Step-up: a password entered again a few minutes ago, for this session only.
alter table sessions add column step_up_until timestamptz;

