-- A purchase's three commission rows: `pending` until p_release_at, or `skipped` with its reason.
-- With no holding period (p_hold_days 0) the pending ones are released with the purchase itself
-- (commission_release), level by level.
--
-- Called by plan_purchase, once the purchase row exists.
create or replace function plan_purchase_commissions(
  p_id uuid, p_beneficiaries uuid[], p_rates integer[], p_line_amounts bigint[], p_skips text[],
  p_hold_days integer, p_at timestamptz, p_amount_max bigint, p_balance_max bigint
) returns void
language plpgsql as $$
declare
  v_commission uuid;
begin
  insert into commissions (purchase_id, level, beneficiary_id, rate_bp, amount, status, skip_reason, release_at, created_at)
    select p_id, i, p_beneficiaries[i], p_rates[i], p_line_amounts[i],
           case when p_skips[i] is null then 'pending' else 'skipped' end, p_skips[i],
           case when p_skips[i] is null then p_at + p_hold_days * interval '24 hours' end, p_at
      from generate_series(1, 3) as i;
  if p_hold_days = 0 then
    for v_commission in select c.id from commissions c where c.purchase_id = p_id and c.status = 'pending' order by c.level loop
      perform commission_release(v_commission, p_at, p_amount_max, p_balance_max);
    end loop;
  end if;
end;
$$;
