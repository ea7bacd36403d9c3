-- The console's second factor (issue 30): every console role (operator, support, finance) proves a
-- second factor before the console answers. A session is "second-factor verified" from the moment
-- its holder entered a TOTP code or a recovery code, or used a passkey; until then every /admin
-- request answers SECOND_FACTOR_REQUIRED.
alter table sessions add column second_factor_at timestamptz;

-- One authenticator app (RFC 6238, SHA-1, 6 digits, 30 s) per console account. The secret is set
-- up unconfirmed and counts only once a code from it was entered (confirmed_at).
create table console_totp (
  user_id uuid primary key references users (id) on delete cascade,
  -- RFC 4648 base32, at least 128 bits.
  secret text not null check (secret ~ '^[A-Z2-7]{26,128}$'),
  created_at timestamptz not null,
  confirmed_at timestamptz,
  -- The newest 30-second step a code was accepted for: a code is never accepted twice, nor an
  -- older one after it (RFC 6238 section 5.2).
  last_used_step bigint not null default 0 check (last_used_step >= 0)
);

-- Ten one-time recovery codes per console account, made when the authenticator is confirmed. A code
-- reads `xxxx-xxxx-xxxx`: its first group names the row (lookup), the whole code is argon2-hashed.
create table console_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  lookup text not null check (lookup ~ '^[a-z2-9]{4}$'),
  code_hash text not null,
  created_at timestamptz not null,
  used_at timestamptz,
  unique (user_id, lookup)
);
