-- Notifications (modules/notifications, docs/decisions/0034): the member's inbox, their email
-- preferences, the daily digest's one row per member per day, the key that signs unsubscribe
-- links, the "important" switch of announcements, and the headers an outgoing email carries.
--
-- An inbox row is written by the event source's own trigger, in the transaction that moved the
-- money (modules/notifications/sql/), once per (member, kind, source): `ref` names the source row.
-- `email_due` is set in that same transaction when the member's preferences ask for an email; the
-- mailer job turns it into an outbox row and clears it in one transaction of its own.
create table notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id),
  kind text not null check (kind in (
    'recharge_credited', 'recharge_rejected', 'purchase', 'refund', 'commission_pending', 'commission_released',
    'commission_voided', 'withdrawal_processing', 'withdrawal_paid', 'withdrawal_returned', 'debt', 'announcement')),
  ref text not null check (length(ref) between 1 and 100),
  amount bigint check (amount is null or amount >= 0),
  currency char(3),
  detail text check (detail is null or length(detail) <= 280),
  created_at timestamptz not null,
  read_at timestamptz,
  email_due boolean not null default false,
  unique (user_id, kind, ref)
);
create index notifications_user_idx on notifications (user_id, id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;
create index notifications_email_due_idx on notifications (id) where email_due;

-- A member without a row has the defaults: every email on, no digest.
create table notification_preferences (
  user_id uuid primary key references users (id),
  email_off text[] not null default '{}',
  digest boolean not null default false,
  updated_at timestamptz not null
);
create index notification_preferences_digest_idx on notification_preferences (user_id) where digest;

-- The digest's idempotency key: one per member per day, whichever instance claims it first.
create table notification_digests (
  user_id uuid not null references users (id),
  day date not null,
  items integer not null check (items >= 0),
  created_at timestamptz not null,
  primary key (user_id, day)
);

-- The key unsubscribe links are signed with (HMAC-SHA256): made once here, shared by every instance.
create table notification_keys (
  id smallint primary key check (id = 1),
  secret text not null check (length(secret) = 64)
);
insert into notification_keys (id, secret)
  values (1, encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text)::bytea), 'hex'));

-- An important announcement also lands in every member's inbox (lazily: notification_announcements_sync).
alter table announcements add column important boolean not null default false;
create index announcements_important_idx on announcements (starts_at) where important and active;

-- Extra mail headers (List-Unsubscribe, List-Unsubscribe-Post) of an outgoing email.
alter table outbox add column headers jsonb;
