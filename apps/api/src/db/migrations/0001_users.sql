-- Members and operators. Email is stored lower-cased, phone in E.164; at least one is present.
create table users (
  id uuid primary key default gen_random_uuid(),
  email text unique,
  phone text unique,
  display_name text not null check (length(display_name) between 1 and 60),
  password_hash text not null,
  role text not null default 'member' check (role in ('member', 'operator')),
  status text not null default 'active' check (status in ('active', 'frozen')),
  invite_code text not null unique check (length(invite_code) = 8),
  -- The member who invited this one (level 1). Set at registration and never changed.
  referrer_id uuid references users (id),
  created_at timestamptz not null default now(),
  check (email is not null or phone is not null),
  check (referrer_id is null or referrer_id <> id)
);
create index users_referrer_id_idx on users (referrer_id);

-- Who did what, when, with before and after. Rows are only ever inserted.
create table audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid references users (id),
  action text not null,
  subject_type text,
  subject_id text,
  ip text,
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_created_at_idx on audit_log (created_at desc);
create index audit_log_actor_idx on audit_log (actor_id, created_at desc);
