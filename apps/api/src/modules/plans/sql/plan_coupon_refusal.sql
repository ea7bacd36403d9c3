-- Why a coupon cannot be used on a plan (rules.ts couponRefusal, in the same order), or null.
-- p_coupon is null when no coupon has the code.
--
-- Called by plan_purchase_coupon (plan_purchase); modules/plans/rules.ts holds the same rule in TypeScript (plans-rules-sql test).
create or replace function plan_coupon_refusal(
  p_coupon coupons, p_user uuid, p_at timestamptz, p_member_uses integer, p_plan uuid, p_price bigint
) returns text
language sql stable as $$
  select case
    when p_coupon.id is null then 'not_found'
    when not p_coupon.active then 'inactive'
    when p_coupon.assigned_member_id is not null and p_coupon.assigned_member_id <> p_user then 'not_yours'
    when p_coupon.starts_at is not null and p_at < p_coupon.starts_at then 'not_started'
    when p_coupon.ends_at is not null and p_at >= p_coupon.ends_at then 'expired'
    when p_member_uses >= p_coupon.per_member_cap then 'member_cap_reached'
    when p_coupon.total_cap is not null and p_coupon.redeemed_count >= p_coupon.total_cap then 'cap_reached'
    when p_coupon.kind = 'wallet_credit' then 'wrong_kind'
    when cardinality(p_coupon.plan_ids) > 0 and not (p_plan = any(p_coupon.plan_ids)) then 'not_for_plan'
    when p_price < p_coupon.min_spend then 'below_minimum'
  end;
$$;
