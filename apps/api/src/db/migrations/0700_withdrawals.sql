-- Withdrawals (SPEC.md "Money flows → Withdrawal"; docs/decisions/0013): bank accounts, the
-- operator's settings, requests that put the amount on hold at once, and their settlement (paid,
-- rejected, cancelled). The request and the settlement are database functions, one call each,
-- like the purchase (docs/decisions/0012).
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

-- The fee of a withdrawal of p_amount under the settings: fixed + basis points, rounded down.
create function withdrawal_fee(p_amount bigint, p_settings withdrawal_settings) returns bigint
language sql immutable as $$
  select p_settings.fee_fixed + (p_amount * p_settings.fee_bp) / 10000;
$$;

-- Requests a withdrawal: checks the switch, the member, the account's owner and cool-down, the
-- amount's range and the daily maximum (a conditional write on the member's day row), then puts
-- the amount on hold and writes the withdrawal, all in this one call. The member's
-- Idempotency-Key is stored on the withdrawal: the same key gives the same withdrawal back, the
-- same key for another account or amount is refused.
create function withdrawal_request(
  p_user uuid, p_session uuid, p_account uuid, p_amount bigint, p_request_key text, p_currency char(3),
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out replayed boolean, out withdrawal withdrawals
)
language plpgsql as $$
declare
  v_settings withdrawal_settings;
  v_account bank_accounts;
  v_fee bigint;
  v_id uuid := gen_random_uuid();
  v_accounts record;
  v_posted jsonb;
  v_day date := (p_at at time zone 'UTC')::date;
  v_used bigint;
begin
  perform pg_advisory_xact_lock(727274701, hashtext(p_user::text || ':' || p_request_key));
  select * into withdrawal from withdrawals where user_id = p_user and request_key = p_request_key;
  if found then
    if withdrawal.bank_account_id <> p_account or withdrawal.amount <> p_amount then
      perform money_refuse('IDEMPOTENCY_KEY_REUSED');
    end if;
    replayed := true;
    return;
  end if;

  if not exists (select 1 from sessions s where s.id = p_session and s.user_id = p_user and s.step_up_until > p_at) then
    perform money_refuse('STEP_UP_REQUIRED');
  end if;
  select * into v_settings from withdrawal_settings;
  if not v_settings.enabled then
    perform money_refuse('WITHDRAWALS_DISABLED');
  end if;
  if exists (select 1 from users u where u.id = p_user and u.status <> 'active') then
    perform money_refuse('ACCOUNT_FROZEN');
  end if;
  select * into v_account from bank_accounts where id = p_account and user_id = p_user and removed_at is null;
  if not found then
    perform money_refuse('BANK_ACCOUNT_NOT_FOUND');
  end if;
  if v_account.usable_from > p_at then
    perform money_refuse('BANK_ACCOUNT_COOLING_DOWN', jsonb_build_object('usableFrom', v_account.usable_from));
  end if;
  v_fee := withdrawal_fee(p_amount, v_settings);
  if p_amount < v_settings.min_amount or p_amount > v_settings.max_amount or v_fee >= p_amount then
    perform money_refuse('WITHDRAWAL_AMOUNT_OUT_OF_RANGE',
      jsonb_build_object('min', greatest(v_settings.min_amount, v_settings.fee_fixed + 1), 'max', v_settings.max_amount));
  end if;

  insert into withdrawal_daily_totals (user_id, day, total) values (p_user, v_day, p_amount)
    on conflict (user_id, day) do update set total = withdrawal_daily_totals.total + p_amount
    where withdrawal_daily_totals.total + p_amount <= v_settings.daily_max
    returning total into v_used;
  if v_used is null or v_used > v_settings.daily_max then
    select coalesce(max(total), 0) into v_used from withdrawal_daily_totals where user_id = p_user and day = v_day;
    perform money_refuse('WITHDRAWAL_DAILY_LIMIT', jsonb_build_object('remaining', greatest(0, v_settings.daily_max - v_used)));
  end if;

  select * into v_accounts from ledger_member_accounts(p_user, p_currency);
  v_posted := ledger_post(
    'withdrawal_hold', 'withdrawal-hold:' || v_id, array[v_accounts.available, v_accounts.on_hold], array[-p_amount, p_amount],
    'Withdrawal requested', jsonb_build_object('withdrawalId', v_id), null, p_at, p_amount_max, p_balance_max);
  insert into withdrawals (id, user_id, request_key, bank_account_id, account_snapshot, currency, amount, fee, net, status,
                           hold_transaction_id, created_at)
    values (v_id, p_user, p_request_key, p_account,
            jsonb_build_object('holderName', v_account.holder_name, 'bankName', v_account.bank_name, 'country', v_account.country,
                               'number', v_account.number, 'numberKind', v_account.number_kind, 'label', v_account.label),
            p_currency, p_amount, v_fee, p_amount - v_fee, 'pending', (v_posted ->> 'id')::bigint, p_at)
    returning * into withdrawal;
  replayed := false;
end;
$$;

-- Settles a pending withdrawal once: 'paid' (with the payout reference), 'rejected' (with a reason)
-- or 'cancelled' (by its member: p_member names them, and another member's withdrawal is not
-- found). The row lock and the one ledger key `withdrawal-settle:<id>` let exactly one outcome
-- through, however many arrive at once; the same outcome again returns the withdrawal as it is.
create function withdrawal_settle(
  p_id uuid, p_outcome text, p_member uuid, p_operator uuid, p_reference text, p_reason text,
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out replayed boolean, out withdrawal withdrawals
)
language plpgsql as $$
declare
  v_accounts record;
  v_posted jsonb;
begin
  select * into withdrawal from withdrawals where id = p_id and (p_member is null or user_id = p_member) for update;
  if not found then
    perform money_refuse('WITHDRAWAL_NOT_FOUND');
  end if;
  if withdrawal.status <> 'pending' then
    if withdrawal.status = p_outcome and (p_outcome <> 'paid' or withdrawal.payout_reference = p_reference) then
      replayed := true;
      return;
    end if;
    perform money_refuse('WITHDRAWAL_NOT_PENDING', jsonb_build_object('status', withdrawal.status));
  end if;
  select * into v_accounts from ledger_member_accounts(withdrawal.user_id, withdrawal.currency);
  if p_outcome = 'paid' then
    v_posted := ledger_post(
      'withdrawal_paid', 'withdrawal-settle:' || withdrawal.id,
      case when withdrawal.fee > 0
        then array[v_accounts.on_hold, ledger_platform_account('platform_cash', withdrawal.currency),
                   ledger_platform_account('platform_fee_revenue', withdrawal.currency)]
        else array[v_accounts.on_hold, ledger_platform_account('platform_cash', withdrawal.currency)] end,
      case when withdrawal.fee > 0 then array[-withdrawal.amount, withdrawal.net, withdrawal.fee]
        else array[-withdrawal.amount, withdrawal.net] end,
      'Withdrawal paid', jsonb_build_object('withdrawalId', withdrawal.id, 'payoutReference', p_reference),
      null, p_at, p_amount_max, p_balance_max);
  elsif p_outcome in ('rejected', 'cancelled') then
    v_posted := ledger_post(
      'withdrawal_release', 'withdrawal-settle:' || withdrawal.id, array[v_accounts.on_hold, v_accounts.available],
      array[-withdrawal.amount, withdrawal.amount],
      case when p_outcome = 'rejected' then 'Withdrawal rejected' else 'Withdrawal cancelled' end,
      jsonb_build_object('withdrawalId', withdrawal.id), null, p_at, p_amount_max, p_balance_max);
    -- A withdrawal that did not happen gives its day's allowance back.
    update withdrawal_daily_totals set total = greatest(0, total - withdrawal.amount)
     where user_id = withdrawal.user_id and day = (withdrawal.created_at at time zone 'UTC')::date;
  else
    raise exception 'unknown withdrawal outcome %', p_outcome;
  end if;
  update withdrawals
     set status = p_outcome, settle_transaction_id = (v_posted ->> 'id')::bigint, resolved_at = p_at, resolved_by = p_operator,
         payout_reference = case when p_outcome = 'paid' then p_reference end,
         reject_reason = case when p_outcome = 'rejected' then p_reason end
   where id = withdrawal.id
  returning * into withdrawal;
  replayed := false;
end;
$$;
