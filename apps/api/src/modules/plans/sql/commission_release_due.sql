-- The release job of the build before commission_release_try, kept so its instances keep working
-- during a rolling deploy: it called this with a batch size and released the whole batch in one
-- statement, all or nothing, so one commission that could not be released held up every other.
-- Now each call releases (or records the failure of) at most ONE due commission, through
-- commission_release_try, and returns 1 when it took one, else 0: that build's loop stops after it
-- and tries again on its next tick, while the current build's job does the rest. p_limit and the
-- limits are no longer used (a release applies only the ceilings: commission_release.sql).
-- Remove it, with a migration dropping it, once no running build calls it.
--
-- Called by the previous build's modules/plans/commissions.ts only.
create or replace function commission_release_due(p_at timestamptz, p_limit integer, p_amount_max bigint, p_balance_max bigint)
returns integer
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_id uuid;
  v_outcome text;
begin
  for v_id in
    select c.id from commissions c
     where c.status = 'pending' and coalesce(c.next_release_attempt_at, c.release_at) <= v_at
     order by coalesce(c.next_release_attempt_at, c.release_at), c.id
     limit 10
  loop
    select t.outcome into v_outcome from commission_release_try(v_id, v_at) t;
    if v_outcome <> 'skipped' then
      return 1;
    end if;
  end loop;
  return 0;
end;
$$;
