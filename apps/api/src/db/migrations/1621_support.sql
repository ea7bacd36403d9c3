-- Contact support (modules/support): a member's ticket and its thread of messages. The states
-- and who moves them are in modules/support/README.md.
create table support_tickets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  subject text not null check (length(subject) between 1 and 120),
  status text not null default 'open' check (status in ('open', 'answered', 'closed')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index support_tickets_user_idx on support_tickets (user_id, created_at desc, id desc);
create index support_tickets_queue_idx on support_tickets (status, created_at desc, id desc);

-- A bigint id: the thread's order when two messages share an instant.
create table support_messages (
  id bigint generated always as identity primary key,
  ticket_id uuid not null references support_tickets (id),
  author_id uuid not null references users (id),
  author_role text not null check (author_role in ('member', 'support')),
  body text not null check (length(body) between 1 and 4000),
  created_at timestamptz not null
);
create index support_messages_ticket_idx on support_messages (ticket_id, created_at, id);
