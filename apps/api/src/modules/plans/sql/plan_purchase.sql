-- Buys a plan from the member's wallet (modules/plans/purchase.ts; docs/decisions/0011, 0012):
-- the member's debit (never below zero), the plan revenue, the coupon's discount and its use, the
-- three commission levels, the per-member limit and the stock, in the one transaction of this
-- call. The member's Idempotency-Key is stored on the purchase: a retry, a double tap or a second
-- device with the same key gets this purchase back and nothing moves twice; the same key for
-- another plan or coupon is refused. Returns the purchase row, and whether it was made before.
--
-- States it writes: a purchase `active` (refund.ts moves it to `refunded`); each commission level
-- `pending` (the release job or, with no holding period, this call moves it to `available`),
-- `review` when the buyer's referral hold is open (commissions_hold_review; only
-- referral_hold_decide moves it on), or `skipped` with its reason (plan_commission_lines; final).
-- A refusal moves nothing. The buyer is never refused because of an upline: a commission an upline
-- cannot take (their balance limit) is skipped, the purchase goes through.
--
-- Locks, in the one order of every money function (ledger/README.md), each taken before the next:
--   1. the money objects: the buyer's referral hold (shared; referral_flag and referral_hold_decide
--      take it exclusively, so a hold decided or opened while this runs waits for this purchase, and
--      a purchase after it sees it), then the coupon row (its use count);
--   2. the guard rows: the buyer's count of this plan, their uses of the coupon;
--   3. the ledger accounts, all at once in ascending id (the buyer's wallet, each upline's pending
--      account, and their wallet and debt when the commission is released with the purchase), so
--      the upline balances the commission lines are checked against cannot move before posting.
-- The stock unit is claimed last with SKIP LOCKED, which never waits.
--
-- Called by modules/plans/purchase.ts, through modules/plans/repository.ts.
create or replace function plan_purchase(
  p_user uuid, p_plan uuid, p_request_key text, p_coupon text, p_expected_to_pay bigint,
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out replayed boolean, out purchase purchases
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_purchase purchases;
  v_plan plans;
  v_coupon coupons;
  v_member_uses integer := 0;
  v_refusal text;
  v_discount bigint := 0;
  v_paid bigint;
  v_settings referral_settings;
  v_id uuid := gen_random_uuid();
  v_buyer record;
  v_beneficiaries uuid[];
  v_rates integer[];
  v_line_amounts bigint[];
  v_skips text[];
  v_commission_total bigint;
  v_accounts bigint[];
  v_amounts bigint[];
  v_posted jsonb;
  v_commission uuid;
  v_chain uuid[];
  v_upline uuid;
  v_upline_accounts record;
  v_lock bigint[] := '{}';
begin
  -- Two requests with one key at once: the second waits here, then finds the first one's purchase.
  perform pg_advisory_xact_lock(727274501, hashtext(p_user::text || ':' || p_request_key));
  select * into v_purchase from purchases where user_id = p_user and request_key = p_request_key;
  if found then
    if v_purchase.plan_id <> p_plan or v_purchase.coupon_code is distinct from upper(p_coupon) then
      perform money_refuse('IDEMPOTENCY_KEY_REUSED');
    end if;
    replayed := true;
    purchase := v_purchase;
    return;
  end if;
  -- The buyer's referral hold (whether or not a row exists yet): shared with the member's other
  -- purchases, exclusive for referral_flag and referral_hold_decide. Every statement after this one
  -- sees the hold as it now is, and it stays so until this purchase commits.
  perform pg_advisory_xact_lock_shared(727274502, hashtext(p_user::text));

  select * into v_plan from plans where id = p_plan;
  if not found or not v_plan.active then
    perform money_refuse('PLAN_NOT_FOUND');
  end if;
  if (v_plan.sale_starts_at is not null and v_at < v_plan.sale_starts_at)
     or (v_plan.sale_ends_at is not null and v_at >= v_plan.sale_ends_at) then
    perform money_refuse('PLAN_NOT_ON_SALE');
  end if;

  if p_coupon is not null then
    select * into v_coupon from coupons where code = upper(p_coupon);
    if v_coupon.id is not null then
      select coalesce(max(uses), 0) into v_member_uses
        from coupon_member_uses where coupon_id = v_coupon.id and user_id = p_user;
    end if;
    v_refusal := plan_coupon_refusal(v_coupon, p_user, v_at, v_member_uses, v_plan.id, v_plan.price);
    if v_refusal is not null then
      perform money_refuse('COUPON_NOT_APPLICABLE', jsonb_build_object('reason', v_refusal));
    end if;
    v_discount := plan_coupon_discount(v_coupon.kind, v_coupon.value, v_coupon.max_discount, v_plan.price);
  end if;
  v_paid := v_plan.price - v_discount;
  if p_expected_to_pay is not null and p_expected_to_pay <> v_paid then
    perform money_refuse('PRICE_CHANGED', jsonb_build_object('toPay', v_paid, 'expected', p_expected_to_pay));
  end if;

  -- The coupon's use count first (a money object), then the guards, each a conditional write whose
  -- row lock covers only what it guards.
  if v_coupon.id is not null then
    update coupons set redeemed_count = redeemed_count + 1
     where id = v_coupon.id and (total_cap is null or redeemed_count < total_cap);
    if not found then
      perform money_refuse('COUPON_NOT_APPLICABLE', jsonb_build_object('reason', 'cap_reached'));
    end if;
  end if;
  insert into plan_member_counts (plan_id, user_id, bought) values (p_plan, p_user, 1)
    on conflict (plan_id, user_id) do update set bought = plan_member_counts.bought + 1
    where v_plan.per_member_limit is null or plan_member_counts.bought < v_plan.per_member_limit;
  if not found then
    perform money_refuse('PLAN_LIMIT_REACHED', jsonb_build_object('limit', v_plan.per_member_limit));
  end if;
  if v_coupon.id is not null then
    insert into coupon_member_uses (coupon_id, user_id, uses, last_used_at) values (v_coupon.id, p_user, 1, v_at)
      on conflict (coupon_id, user_id) do update set uses = coupon_member_uses.uses + 1, last_used_at = v_at
      where coupon_member_uses.uses < v_coupon.per_member_cap;
    if not found then
      perform money_refuse('COUPON_NOT_APPLICABLE', jsonb_build_object('reason', 'member_cap_reached'));
    end if;
  end if;
  -- Sold out for certain: no free unit at all (units being claimed right now still count as free).
  if v_plan.stock is not null and not exists (select 1 from plan_stock_units where plan_id = p_plan and purchase_id is null) then
    perform money_refuse('PLAN_SOLD_OUT');
  end if;

  select * into v_settings from referral_settings;
  select * into v_buyer from ledger_member_accounts(p_user, v_plan.currency);
  -- Every member account this purchase may credit or debit, locked at once in ascending id order
  -- before the commission lines read the uplines' balances.
  if v_paid > 0 then
    v_lock := v_lock || v_buyer.available;
  end if;
  select array[u.referrer_id, u.ancestor_2, u.ancestor_3] into v_chain from users u where u.id = p_user;
  foreach v_upline in array v_chain loop
    continue when v_upline is null;
    select * into v_upline_accounts from ledger_member_accounts(v_upline, v_plan.currency);
    v_lock := v_lock || v_upline_accounts.commission_pending;
    if v_settings.hold_days = 0 then
      v_lock := v_lock || v_upline_accounts.available || v_upline_accounts.debt;
    end if;
  end loop;
  perform 1 from ledger_accounts where id = any(v_lock) order by id for update;
  v_accounts := array[ledger_platform_account('platform_plan_revenue', v_plan.currency)];
  v_amounts := array[v_plan.price];
  if v_paid > 0 then
    v_accounts := v_accounts || v_buyer.available;
    v_amounts := v_amounts || -v_paid;
  end if;
  if v_discount > 0 then
    v_accounts := v_accounts || ledger_platform_account('platform_promotions_expense', v_plan.currency);
    v_amounts := v_amounts || -v_discount;
  end if;
  select array_agg(l.beneficiary_id order by l.level), array_agg(l.rate_bp order by l.level),
         array_agg(l.amount order by l.level), array_agg(l.skip_reason order by l.level), sum(l.amount)
    into v_beneficiaries, v_rates, v_line_amounts, v_skips, v_commission_total
    from plan_commission_lines(p_user, v_paid, v_settings, v_at, v_plan.currency, p_amount_max, p_balance_max) l;
  if v_commission_total > 0 then
    v_accounts := v_accounts || ledger_platform_account('platform_commission_expense', v_plan.currency);
    v_amounts := v_amounts || -v_commission_total;
  end if;
  for i in 1..3 loop
    if v_skips[i] is null then
      v_accounts := v_accounts || (select a.commission_pending from ledger_member_accounts(v_beneficiaries[i], v_plan.currency) a);
      v_amounts := v_amounts || v_line_amounts[i];
    end if;
  end loop;
  v_posted := ledger_post(
    'plan_purchase', 'purchase:' || v_id, v_accounts, v_amounts, 'Plan: ' || v_plan.name,
    jsonb_build_object('purchaseId', v_id, 'planId', p_plan), null, p_amount_max, p_balance_max);
  -- The unit is claimed only once the wallet has paid: SKIP LOCKED passes over units that other
  -- purchases hold, so a purchase about to fail (not enough money) must hold none, or members who
  -- can pay are told "sold out" while units are left.
  if v_plan.stock is not null then
    update plan_stock_units set purchase_id = v_id
     where (plan_id, unit) = (select s.plan_id, s.unit from plan_stock_units s
                               where s.plan_id = p_plan and s.purchase_id is null
                               order by s.unit limit 1 for update skip locked);
    if not found then
      perform money_refuse('PLAN_SOLD_OUT');
    end if;
  end if;

  insert into purchases (id, user_id, plan_id, request_key, plan_name, duration_days, currency, price, discount, paid,
                         coupon_id, coupon_code, starts_at, ends_at, status, ledger_transaction_id, created_at)
    values (v_id, p_user, p_plan, p_request_key, v_plan.name, v_plan.duration_days, v_plan.currency, v_plan.price,
            v_discount, v_paid, v_coupon.id, v_coupon.code, v_at, v_at + v_plan.duration_days * interval '24 hours',
            'active', (v_posted ->> 'id')::bigint, v_at)
    returning * into v_purchase;
  if v_coupon.id is not null then
    insert into coupon_redemptions (coupon_id, user_id, purchase_id, amount, status, ledger_transaction_id, created_at)
      values (v_coupon.id, p_user, v_id, v_discount, 'applied', (v_posted ->> 'id')::bigint, v_at);
  end if;
  insert into commissions (purchase_id, level, beneficiary_id, rate_bp, amount, status, skip_reason, release_at, created_at)
    select v_id, i, v_beneficiaries[i], v_rates[i], v_line_amounts[i],
           case when v_skips[i] is null then 'pending' else 'skipped' end, v_skips[i],
           case when v_skips[i] is null then v_at + v_settings.hold_days * interval '24 hours' end, v_at
      from generate_series(1, 3) as i;
  -- No holding period: the commissions are available with the purchase itself.
  if v_settings.hold_days = 0 then
    for v_commission in select c.id from commissions c where c.purchase_id = v_id and c.status = 'pending' order by c.level loop
      perform commission_release(v_commission, v_at, p_amount_max, p_balance_max);
    end loop;
  end if;
  replayed := false;
  purchase := v_purchase;
end;
$$;
