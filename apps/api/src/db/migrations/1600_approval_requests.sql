-- Two-person approval (issue 32; docs/decisions/0033): a money action over the operator's threshold
-- waits here for a second console person. Approving runs the same action, once, in the transaction
-- that locks the request (modules/approvals/README.md draws the states and who moves them).
create table approval_settings (
  id boolean primary key default true check (id),
  -- An action moving more than this (minor units of the platform currency) needs a second person;
  -- null: none does (a business with one console person could never approve anything).
  threshold bigint check (threshold is null or threshold >= 0),
  expires_after_hours integer not null default 24 check (expires_after_hours between 1 and 168),
  changed_by uuid references users (id),
  changed_at timestamptz
);
insert into approval_settings (id) values (true);

create table approval_requests (
  id uuid primary key,
  kind text not null check (kind in ('adjustment')),
  -- What the action needs to run again exactly as it was asked for (the kind's own fields).
  payload jsonb not null,
  -- The money at stake, as compared with the threshold.
  amount bigint not null check (amount > 0),
  currency char(3) not null,
  subject_user_id uuid references users (id),
  requested_by uuid not null references users (id),
  -- The requester's Idempotency-Key: the same request sent again finds this row.
  request_key text not null check (length(request_key) between 1 and 200),
  requested_at timestamptz not null,
  expires_at timestamptz not null check (expires_at > requested_at),
  status text not null default 'requested' check (status in ('requested', 'applied', 'failed', 'rejected', 'expired')),
  decided_by uuid references users (id),
  decided_at timestamptz,
  reason text check (reason is null or length(reason) <= 500),
  transaction_id bigint,
  unique (requested_by, request_key),
  -- Never one's own: the database refuses it whoever writes.
  check (decided_by is distinct from requested_by),
  check ((status in ('requested', 'expired')) = (decided_by is null))
);
create index approval_requests_waiting on approval_requests (expires_at) where status = 'requested';
create index approval_requests_state_time on approval_requests (status, requested_at desc);

alter table state_transitions drop constraint state_transitions_object_check;
alter table state_transitions add constraint state_transitions_object_check
  check (object in ('recharge_order', 'purchase', 'commission', 'referral_hold', 'withdrawal', 'approval_request'));
insert into state_transitions (object, from_state, to_state, actor, via) values
  ('approval_request', null, 'requested', 'operator', 'requestApproval (an action over the threshold)'),
  ('approval_request', 'requested', 'applied', 'operator', 'approve (a second person; the action ran)'),
  ('approval_request', 'requested', 'failed', 'operator', 'approve (a second person; the action was refused)'),
  ('approval_request', 'requested', 'rejected', 'operator', 'reject (a second person, with a reason)'),
  ('approval_request', 'requested', 'expired', 'clock', 'expireDueApprovals (past expires_at; the job, a read or a decision)');
