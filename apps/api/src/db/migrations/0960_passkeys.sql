-- Passkeys (WebAuthn): a member signs in with one, and confirms a withdrawal with one instead of
-- the password (the step-up). Only the public key is kept; the private key never leaves the
-- member's device.
create table passkeys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  -- The authenticator's credential id (base64url), as the browser names it at every use.
  credential_id text not null unique check (length(credential_id) between 1 and 1400),
  public_key bytea not null,
  -- The signature counter the authenticator reported last (0 for authenticators that keep none).
  sign_count bigint not null default 0 check (sign_count >= 0),
  transports text[] not null default '{}',
  -- 'singleDevice' or 'multiDevice' (synced), and whether it is backed up: shown to the member.
  device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
  backed_up boolean not null,
  name text not null check (length(name) between 1 and 60),
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index passkeys_user_idx on passkeys (user_id, created_at);

-- A challenge is issued by one request and answered by the next, possibly on another instance:
-- kept here, used once (deleted by the answer), good for a few minutes.
create table webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  purpose text not null check (purpose in ('register', 'sign_in', 'step_up')),
  -- Registration and step-up belong to a signed-in member and their session; sign-in to nobody yet.
  user_id uuid references users (id) on delete cascade,
  session_id uuid references sessions (id) on delete cascade,
  challenge text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  check ((purpose = 'sign_in') = (user_id is null))
);
create index webauthn_challenges_expires_idx on webauthn_challenges (expires_at);
