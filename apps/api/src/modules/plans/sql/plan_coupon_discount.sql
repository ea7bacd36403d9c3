-- What a plan coupon takes off a price (rules.ts discountFor): never more than the price, never a
-- fraction of a minor unit.
--
-- Called by plan_purchase; modules/plans/rules.ts holds the same rule in TypeScript (plans-rules-sql test).
create or replace function plan_coupon_discount(p_kind text, p_value bigint, p_max_discount bigint, p_price bigint) returns bigint
language sql immutable as $$
  select case p_kind
    when 'wallet_credit' then 0
    when 'amount_off' then least(p_value, p_price)
    else least((p_price * p_value) / 100, coalesce(p_max_discount, (p_price * p_value) / 100), p_price)
  end;
$$;
