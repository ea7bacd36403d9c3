-- Accounts and sessions (issue 3). Every secret (session token, code, link token) is stored only
-- as its SHA-256 hash, so a copy of the database does not sign anyone in.

-- Signed-in browsers. A session ends when revoked, idle for 7 days or 30 days after creation.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user_id_idx on sessions (user_id) where revoked_at is null;

-- 6-digit codes: registration (the pending account waits in `registration` until the code is
-- entered, so an address is never taken by someone who cannot read it) and password reset.
create table verification_codes (
  id uuid primary key default gen_random_uuid(),
  purpose text not null check (purpose in ('register', 'password_reset')),
  channel text not null check (channel in ('email', 'sms')),
  destination text not null,
  user_id uuid references users (id) on delete cascade,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null,
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  voided_at timestamptz,
  registration jsonb
);
create index verification_codes_destination_idx on verification_codes (purpose, destination, created_at desc);

-- Single-use sign-in links (15 minutes), requested by the member or issued by an operator.
create table sign_in_links (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  issued_by uuid references users (id),
  redirect text
);

-- Messages to members. Written in the same transaction as what caused them and delivered by a
-- worker afterwards, so a slow or failing mail server never fails a request.
create table outbox (
  id bigint generated always as identity primary key,
  kind text not null,
  channel text not null check (channel in ('email', 'sms')),
  destination text not null,
  subject text not null,
  body text not null,
  -- The code or token inside subject/body; blanked out of both once delivered, so the operator's
  -- outbox view does not hand out working secrets that already reached the member.
  secret text,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'logged', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index outbox_due_idx on outbox (next_attempt_at) where status in ('pending', 'sending');
create index outbox_created_idx on outbox (created_at desc);

-- Fixed-window counters for rate limits when REDIS_URL is not set. A window starts at its first hit.
create table rate_limit_counters (
  key text primary key,
  count integer not null,
  reset_at timestamptz not null
);
create index rate_limit_counters_reset_idx on rate_limit_counters (reset_at);

create index users_display_name_idx on users (lower(display_name));
