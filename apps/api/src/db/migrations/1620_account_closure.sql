-- "Close my account" (modules/account-closure, docs/decisions/0035): a closed account keeps its row,
-- its id and its ledger accounts (the books keep every entry under it), but nothing that says who
-- it was: no email or phone, a pseudonym for a name, no password. The address may then register
-- again as a new member.
alter table users drop constraint users_status_check;
alter table users add constraint users_status_check check (status in ('active', 'frozen', 'closed'));
alter table users add column closed_at timestamptz;
alter table users add constraint users_closed_at_with_status check ((status = 'closed') = (closed_at is not null));
-- The name PostgreSQL gave 0001's unnamed "email or phone" check (a different name fails here, loudly).
alter table users drop constraint users_check;
alter table users add constraint users_contact_check check (email is not null or phone is not null or status = 'closed');
alter table users add constraint users_closed_erased check (status <> 'closed' or (email is null and phone is null));

-- A session ended because its account was closed.
alter table sessions drop constraint sessions_end_reason_check;
alter table sessions add constraint sessions_end_reason_check
  check (end_reason in ('signed_out', 'replaced', 'session_cap', 'password_changed', 'password_reset',
                        'other_sessions_revoked', 'operator', 'account_closed'));

create index users_closed_idx on users (closed_at desc) where status = 'closed';
