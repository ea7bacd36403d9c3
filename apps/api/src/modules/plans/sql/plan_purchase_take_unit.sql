-- Gives a purchase one unit of a plan with stock, claimed with SKIP LOCKED (never waits), or
-- refuses PLAN_SOLD_OUT. Taken only once the wallet has paid: SKIP LOCKED passes over units that
-- other purchases hold, so a purchase about to fail (not enough money) must hold none, or members
-- who can pay are told "sold out" while units are left.
--
-- Called by plan_purchase, after plan_purchase_post.
create or replace function plan_purchase_take_unit(p_plan uuid, p_purchase uuid) returns void
language plpgsql as $$
begin
  update plan_stock_units set purchase_id = p_purchase
   where (plan_id, unit) = (select s.plan_id, s.unit from plan_stock_units s
                             where s.plan_id = p_plan and s.purchase_id is null
                             order by s.unit limit 1 for update skip locked);
  if not found then
    perform money_refuse('PLAN_SOLD_OUT');
  end if;
end;
$$;
