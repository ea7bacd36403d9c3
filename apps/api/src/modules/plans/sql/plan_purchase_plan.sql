-- The plan a purchase buys: it exists, is active and is on sale at p_at (PLAN_NOT_FOUND,
-- PLAN_NOT_ON_SALE otherwise). Reads only; takes no lock.
--
-- Called by plan_purchase.
create or replace function plan_purchase_plan(p_plan uuid, p_at timestamptz) returns plans
language plpgsql as $$
declare
  v_plan plans;
begin
  select * into v_plan from plans where id = p_plan;
  if not found or not v_plan.active then
    perform money_refuse('PLAN_NOT_FOUND');
  end if;
  if (v_plan.sale_starts_at is not null and p_at < v_plan.sale_starts_at)
     or (v_plan.sale_ends_at is not null and p_at >= v_plan.sale_ends_at) then
    perform money_refuse('PLAN_NOT_ON_SALE');
  end if;
  return v_plan;
end;
$$;
