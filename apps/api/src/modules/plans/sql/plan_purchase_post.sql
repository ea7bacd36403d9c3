-- A purchase's one ledger transaction (kind plan_purchase, key `purchase:<id>`): the plan revenue,
-- the buyer's debit, the coupon's discount, and the commission lines that are not skipped (their
-- total from the commission expense to each beneficiary's pending account). Returns the posted
-- transaction's id.
--
-- Called by plan_purchase, after plan_purchase_lock_accounts.
create or replace function plan_purchase_post(
  p_id uuid, p_plan plans, p_buyer_available bigint, p_discount bigint, p_paid bigint,
  p_beneficiaries uuid[], p_line_amounts bigint[], p_skips text[], p_commission_total bigint,
  p_amount_max bigint, p_balance_max bigint
) returns bigint
language plpgsql as $$
declare
  v_accounts bigint[] := array[ledger_platform_account('platform_plan_revenue', p_plan.currency)];
  v_amounts bigint[] := array[p_plan.price];
begin
  if p_paid > 0 then
    v_accounts := v_accounts || p_buyer_available;
    v_amounts := v_amounts || -p_paid;
  end if;
  if p_discount > 0 then
    v_accounts := v_accounts || ledger_platform_account('platform_promotions_expense', p_plan.currency);
    v_amounts := v_amounts || -p_discount;
  end if;
  if p_commission_total > 0 then
    v_accounts := v_accounts || ledger_platform_account('platform_commission_expense', p_plan.currency);
    v_amounts := v_amounts || -p_commission_total;
  end if;
  for i in 1..3 loop
    if p_skips[i] is null then
      v_accounts := v_accounts || (select a.commission_pending from ledger_member_accounts(p_beneficiaries[i], p_plan.currency) a);
      v_amounts := v_amounts || p_line_amounts[i];
    end if;
  end loop;
  return (ledger_post(
    'plan_purchase', 'purchase:' || p_id, v_accounts, v_amounts, 'Plan: ' || p_plan.name,
    jsonb_build_object('purchaseId', p_id, 'planId', p_plan.id), null, p_amount_max, p_balance_max) ->> 'id')::bigint;
end;
$$;
