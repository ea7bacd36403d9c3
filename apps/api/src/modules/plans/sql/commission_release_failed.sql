-- Records that releasing a commission failed: one more failure, its reason, and the next attempt
-- 1 minute after the first failure, doubling with each one after (2, 4, 8 … minutes), at most a day
-- later. Only a commission still pending and due is touched, so a failure two runners saw at once
-- counts once. Returns the row as it is now (null when it was not pending and due).
--
-- Called by commission_release_try (a refusal or error inside the release) and by the release job
-- itself (modules/plans/commissions.ts) when the whole call failed.
create or replace function commission_release_failed(p_commission uuid, p_at timestamptz, p_error text)
returns commissions
language plpgsql as $$
declare
  v_row commissions;
begin
  update commissions c
     set release_failures = c.release_failures + 1,
         release_error = left(coalesce(nullif(p_error, ''), 'unknown error'), 500),
         release_failed_at = p_at,
         next_release_attempt_at = p_at + least(interval '1 minute' * power(2, least(c.release_failures, 20)), interval '1 day')
   where c.id = p_commission and c.status = 'pending' and coalesce(c.next_release_attempt_at, c.release_at) <= p_at
  returning * into v_row;
  return v_row;
end;
$$;
