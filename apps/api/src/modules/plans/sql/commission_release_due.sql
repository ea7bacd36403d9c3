-- Releases up to p_limit commissions due by p_at; returns how many. Several instances may run it
-- at once: rows are claimed FOR UPDATE SKIP LOCKED, so each commission is released exactly once.
-- The beneficiaries' accounts of the whole batch are locked first, in ascending id order: locked
-- one commission at a time, two batches sharing beneficiaries took them crosswise and deadlocked.
--
-- Called by modules/plans/commissions.ts (the release job), through modules/plans/repository.ts.
create or replace function commission_release_due(p_at timestamptz, p_limit integer, p_amount_max bigint, p_balance_max bigint)
returns integer
language plpgsql as $$
declare
  v_due uuid[];
  v_id uuid;
begin
  select array_agg(due.id order by due.release_at, due.id) into v_due
    from (select c.id, c.release_at from commissions c
           where c.status = 'pending' and c.release_at <= p_at
           order by c.release_at, c.id limit p_limit
             for update skip locked) due;
  if v_due is null then
    return 0;
  end if;
  perform 1 from ledger_accounts a
   where a.type in ('member_commission_pending', 'member_available', 'member_debt')
     and (a.owner_id, a.currency) in (
       select c.beneficiary_id, p.currency from commissions c join purchases p on p.id = c.purchase_id where c.id = any(v_due))
   order by a.id for update;
  foreach v_id in array v_due loop
    perform commission_release(v_id, p_at, p_amount_max, p_balance_max);
  end loop;
  return cardinality(v_due);
end;
$$;
