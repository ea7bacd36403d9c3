-- Why a session ended (issue 9, defect 6): a member holds at most MAX_SESSIONS_PER_MEMBER live
-- sessions, the oldest is signed out beyond it, and the session list tells the member how many
-- the cap ended lately. Rows ended before this migration keep a null reason.
alter table sessions add column end_reason text
  check (end_reason in ('signed_out', 'replaced', 'session_cap', 'password_changed', 'password_reset',
                        'other_sessions_revoked', 'operator'));
alter table sessions add constraint sessions_end_reason_with_revoked check (end_reason is null or revoked_at is not null);

-- The member's session list: keyset pages, newest first.
create index sessions_user_created_idx on sessions (user_id, created_at desc, id desc) where revoked_at is null;
-- "Ended by the cap in the last 30 days".
create index sessions_user_capped_idx on sessions (user_id, revoked_at) where end_reason = 'session_cap';
