-- The coupon a purchase names, checked against the buyer and the plan (plan_coupon_refusal):
-- COUPON_NOT_APPLICABLE with its reason otherwise. Reads only: the use counts are claimed later,
-- in the lock order, by plan_purchase_claim.
--
-- Called by plan_purchase.
create or replace function plan_purchase_coupon(p_user uuid, p_coupon text, p_plan plans, p_at timestamptz) returns coupons
language plpgsql as $$
declare
  v_coupon coupons;
  v_member_uses integer := 0;
  v_refusal text;
begin
  select * into v_coupon from coupons where code = upper(p_coupon);
  if v_coupon.id is not null then
    select coalesce(max(uses), 0) into v_member_uses
      from coupon_member_uses where coupon_id = v_coupon.id and user_id = p_user;
  end if;
  v_refusal := plan_coupon_refusal(v_coupon, p_user, p_at, v_member_uses, p_plan.id, p_plan.price);
  if v_refusal is not null then
    perform money_refuse('COUPON_NOT_APPLICABLE', jsonb_build_object('reason', v_refusal));
  end if;
  return v_coupon;
end;
$$;
