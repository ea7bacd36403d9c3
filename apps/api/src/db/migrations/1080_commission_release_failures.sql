-- A commission whose release was refused stays pending with the reason on its row and a later
-- attempt, instead of holding up every other commission due with it (the release job releases
-- each commission in a transaction of its own: modules/plans/sql/commission_release_try.sql).
--   release_failures         how many attempts failed (kept after a later attempt releases it);
--   release_error            why the last attempt failed: a refusal's code (BALANCE_LIMIT …) or
--                            the database's own error, null once released;
--   release_failed_at        when the last attempt failed, null once released;
--   next_release_attempt_at  when the job tries again: 1 minute after the first failure, doubling,
--                            at most a day (commission_release_failed.sql), null once released.
-- A commission is due when it is pending and coalesce(next_release_attempt_at, release_at) has come.
alter table commissions
  add column release_failures integer not null default 0 check (release_failures >= 0),
  add column release_error text check (length(release_error) between 1 and 500),
  add column release_failed_at timestamptz,
  add column next_release_attempt_at timestamptz,
  add constraint commissions_release_failure_check check (
    (release_error is null) = (release_failed_at is null)
    and (release_error is null) = (next_release_attempt_at is null)
    and (release_error is null or release_failures > 0)
  );

-- The job's query (commission_release_try's callers list the due ones in this order).
create index commissions_release_due_idx on commissions ((coalesce(next_release_attempt_at, release_at)), id)
  where status = 'pending';
drop index if exists commissions_due_idx;
-- The console's count and filter of commissions whose release keeps failing.
create index commissions_release_failed_idx on commissions (purchase_id) where release_error is not null and status = 'pending';
