-- A purchase's limits, claimed in the lock order (plan_purchase.sql, "Locks"): the coupon's use
-- count first (a money object), then the guards, the buyer's count of this plan and their uses of
-- the coupon, each a conditional write whose row lock covers only what it guards. Then the sold-out
-- check, which locks nothing. p_coupon is all nulls when the purchase names none.
--
-- Called by plan_purchase.
create or replace function plan_purchase_claim(p_user uuid, p_plan plans, p_coupon coupons, p_at timestamptz) returns void
language plpgsql as $$
begin
  if p_coupon.id is not null then
    update coupons set redeemed_count = redeemed_count + 1
     where id = p_coupon.id and (total_cap is null or redeemed_count < total_cap);
    if not found then
      perform money_refuse('COUPON_NOT_APPLICABLE', jsonb_build_object('reason', 'cap_reached'));
    end if;
  end if;
  insert into plan_member_counts (plan_id, user_id, bought) values (p_plan.id, p_user, 1)
    on conflict (plan_id, user_id) do update set bought = plan_member_counts.bought + 1
    where p_plan.per_member_limit is null or plan_member_counts.bought < p_plan.per_member_limit;
  if not found then
    perform money_refuse('PLAN_LIMIT_REACHED', jsonb_build_object('limit', p_plan.per_member_limit));
  end if;
  if p_coupon.id is not null then
    insert into coupon_member_uses (coupon_id, user_id, uses, last_used_at) values (p_coupon.id, p_user, 1, p_at)
      on conflict (coupon_id, user_id) do update set uses = coupon_member_uses.uses + 1, last_used_at = p_at
      where coupon_member_uses.uses < p_coupon.per_member_cap;
    if not found then
      perform money_refuse('COUPON_NOT_APPLICABLE', jsonb_build_object('reason', 'member_cap_reached'));
    end if;
  end if;
  -- Sold out for certain: no free unit at all (units being claimed right now still count as free).
  if p_plan.stock is not null and not exists (select 1 from plan_stock_units where plan_id = p_plan.id and purchase_id is null) then
    perform money_refuse('PLAN_SOLD_OUT');
  end if;
end;
$$;
