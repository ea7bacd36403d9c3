-- Content the operator edits and members read (issue 14): announcements for the /home marquee,
-- promotions with an image and a countdown, help articles with full-text search, the support
-- contacts, and the versioned terms, privacy and about pages. Bodies are Markdown; the API renders
-- them to safe HTML (raw HTML off, unsafe links refused).

create table content_images (
  id uuid primary key default gen_random_uuid(),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea not null,
  size integer not null check (size between 1 and 1048576),
  created_at timestamptz not null,
  created_by uuid references users (id),
  check (octet_length(bytes) = size)
);

create table announcements (
  id uuid primary key default gen_random_uuid(),
  text text not null check (length(text) between 1 and 280),
  starts_at timestamptz not null,
  ends_at timestamptz,
  -- Higher first in the marquee.
  priority integer not null default 0 check (priority between -1000 and 1000),
  active boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (ends_at is null or ends_at > starts_at)
);
create index announcements_window_idx on announcements (starts_at, ends_at) where active;

create table promotions (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(title) between 1 and 120),
  body_md text not null check (length(body_md) <= 10000),
  image_id uuid references content_images (id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  plan_id uuid references plans (id),
  coupon_code text check (coupon_code is null or length(coupon_code) between 1 and 40),
  -- The one featured on /home: the highest priority running now.
  priority integer not null default 0 check (priority between -1000 and 1000),
  active boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (ends_at > starts_at)
);
create index promotions_window_idx on promotions (ends_at, starts_at) where active;

create table help_articles (
  id uuid primary key default gen_random_uuid(),
  category text not null check (category in ('getting_started', 'wallet', 'plans', 'team', 'withdrawals', 'account')),
  title text not null check (length(title) between 1 and 160),
  body_md text not null check (length(body_md) <= 20000),
  sort_order integer not null default 0,
  published boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- PostgreSQL full-text search (works the same on the embedded database): the title weighs more.
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body_md), 'B')
  ) stored
);
create index help_articles_search_idx on help_articles using gin (search);
create index help_articles_list_idx on help_articles (category, sort_order) where published;

-- One row: how members reach support (shown on /help-center).
create table support_contacts (
  id boolean primary key default true check (id),
  email text check (email is null or length(email) between 3 and 254),
  phone text check (phone is null or length(phone) between 3 and 40),
  hours text check (hours is null or length(hours) between 1 and 120),
  updated_at timestamptz not null default now(),
  updated_by uuid references users (id)
);
insert into support_contacts (id) values (true);

-- The terms, privacy notice and about-the-operator page: every published version kept, the newest shown.
create table legal_documents (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('terms', 'privacy', 'about')),
  version integer not null check (version >= 1),
  body_md text not null check (length(body_md) between 1 and 50000),
  published_at timestamptz not null,
  published_by uuid references users (id),
  unique (kind, version)
);
