-- "Download my data" (modules/data-export): each download a member asks for is a single-use link.
-- Only the token's SHA-256 is kept; the link works once (used_at) and until expires_at. The rows
-- also count the requests for the rate limit (a few per day).
create table data_exports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  token_hash text not null unique check (length(token_hash) = 64),
  created_at timestamptz not null,
  expires_at timestamptz not null check (expires_at > created_at),
  used_at timestamptz
);
create index data_exports_user_idx on data_exports (user_id, created_at desc);
