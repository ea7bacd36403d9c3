-- Withdrawals get a state for money on its way to the bank, `processing`, and the payout file
-- becomes a record (docs/decisions/0013, "Amended"). Before this a withdrawal stayed `pending`
-- after it was exported for the bank or its details were revealed to pay it by hand, so its member
-- could still cancel it: the wallet got the money back and the bank paid the net anyway.
--
-- The states and who may move them are written once, in `withdrawal_transitions` below; the
-- trigger withdrawal_transition_check (modules/withdrawals/sql/withdrawal_transition_check.sql)
-- refuses every other change of status, whoever writes it. Drawn in apps/api/src/ledger/README.md.

-- The names PostgreSQL gave the unnamed checks of 0700 (a different name fails here, loudly).
alter table withdrawals drop constraint withdrawals_status_check;
alter table withdrawals drop constraint withdrawals_check2;
alter table withdrawals drop constraint withdrawals_check3;

create table payout_files (
  id uuid primary key,
  created_at timestamptz not null,
  created_by uuid not null references users (id),
  currency char(3) not null,
  -- What the file sent: its rows and the sum of their amounts (the nets the bank pays).
  row_count integer not null check (row_count between 1 and 1000),
  total bigint not null check (total > 0)
);
create index payout_files_created_idx on payout_files (created_at desc, id desc);

-- One line of a payout file: the withdrawal it sent, as sent. A withdrawal put back in the queue
-- and exported again is a line of each file.
create table payout_file_rows (
  file_id uuid not null references payout_files (id),
  line integer not null check (line between 1 and 1000),
  withdrawal_id uuid not null references withdrawals (id),
  -- The member's name as the file carried it (the account's details are the withdrawal's snapshot, which never changes).
  member_name text not null,
  amount bigint not null check (amount > 0),
  currency char(3) not null,
  primary key (file_id, line),
  unique (file_id, withdrawal_id)
);
create index payout_file_rows_withdrawal_idx on payout_file_rows (withdrawal_id);

alter table withdrawals
  add column processing_at timestamptz,
  add column processing_by uuid references users (id),
  -- The payout file that sent it; null when an operator revealed its details to pay it by hand.
  add column processing_file_id uuid references payout_files (id),
  add constraint withdrawals_status_check check (status in ('pending', 'processing', 'paid', 'rejected', 'cancelled')),
  add constraint withdrawals_open_unsettled check ((status in ('pending', 'processing')) = (settle_transaction_id is null)),
  add constraint withdrawals_open_unresolved check ((status in ('pending', 'processing')) = (resolved_at is null)),
  -- Processing names who sent it and when; pending (back in the queue) names nobody.
  add constraint withdrawals_processing_named check (status <> 'processing' or (processing_at is not null and processing_by is not null)),
  add constraint withdrawals_pending_unsent check (
    status <> 'pending' or (processing_at is null and processing_by is null and processing_file_id is null)),
  add constraint withdrawals_processing_file_sent check (processing_file_id is null or processing_at is not null);

-- The operator's queue: what waits to be sent and what is on its way, oldest first.
drop index withdrawals_queue_idx;
create index withdrawals_queue_idx on withdrawals (created_at, id) where status in ('pending', 'processing');

-- Every change of a withdrawal's status, and who may make it. The status starts at 'pending'
-- (withdrawal_request, the member); paid, rejected and cancelled are final.
create table withdrawal_transitions (
  from_status text not null check (from_status in ('pending', 'processing', 'paid', 'rejected', 'cancelled')),
  to_status text not null check (to_status in ('pending', 'processing', 'paid', 'rejected', 'cancelled')),
  -- Who moves it, and by which database function.
  actor text not null,
  via text not null,
  primary key (from_status, to_status),
  check (from_status <> to_status)
);
insert into withdrawal_transitions (from_status, to_status, actor, via) values
  ('pending', 'processing', 'operator', 'withdrawal_export (a payout file), withdrawal_reveal (details revealed to pay by hand)'),
  ('processing', 'pending', 'operator', 'withdrawal_requeue (with a reason)'),
  ('pending', 'paid', 'operator', 'withdrawal_settle_audited (pay, or a result file)'),
  ('processing', 'paid', 'operator', 'withdrawal_settle_audited (pay, or a result file)'),
  ('pending', 'rejected', 'operator', 'withdrawal_settle_audited (reject, or a result file)'),
  ('processing', 'rejected', 'operator', 'withdrawal_settle_audited (reject, or a result file)'),
  ('pending', 'cancelled', 'member', 'withdrawal_settle (cancel)');
