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
-- Its steps are functions of their own, each in its file beside this one: plan_purchase_plan,
-- plan_purchase_coupon, plan_purchase_claim (lock steps 1 and 2), plan_purchase_lock_accounts
-- (step 3), plan_purchase_post (the ledger transaction), plan_purchase_take_unit (the stock) and
-- plan_purchase_commissions.
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
  v_transaction bigint;
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

  v_plan := plan_purchase_plan(p_plan, v_at);
  if p_coupon is not null then
    v_coupon := plan_purchase_coupon(p_user, p_coupon, v_plan, v_at);
    v_discount := plan_coupon_discount(v_coupon.kind, v_coupon.value, v_coupon.max_discount, v_plan.price);
  end if;
  v_paid := v_plan.price - v_discount;
  if p_expected_to_pay is not null and p_expected_to_pay <> v_paid then
    perform money_refuse('PRICE_CHANGED', jsonb_build_object('toPay', v_paid, 'expected', p_expected_to_pay));
  end if;
  perform plan_purchase_claim(p_user, v_plan, v_coupon, v_at);

  select * into v_settings from referral_settings;
  select * into v_buyer from ledger_member_accounts(p_user, v_plan.currency);
  perform plan_purchase_lock_accounts(p_user, v_buyer.available, v_paid, v_plan.currency, v_settings.hold_days);
  select array_agg(l.beneficiary_id order by l.level), array_agg(l.rate_bp order by l.level),
         array_agg(l.amount order by l.level), array_agg(l.skip_reason order by l.level), sum(l.amount)
    into v_beneficiaries, v_rates, v_line_amounts, v_skips, v_commission_total
    from plan_commission_lines(p_user, v_paid, v_settings, v_at, v_plan.currency, p_amount_max, p_balance_max) l;
  v_transaction := plan_purchase_post(v_id, v_plan, v_buyer.available, v_discount, v_paid,
    v_beneficiaries, v_line_amounts, v_skips, v_commission_total, p_amount_max, p_balance_max);
  -- The stock unit last, once the wallet has paid (plan_purchase_take_unit says why).
  if v_plan.stock is not null then
    perform plan_purchase_take_unit(p_plan, v_id);
  end if;

  insert into purchases (id, user_id, plan_id, request_key, plan_name, duration_days, currency, price, discount, paid,
                         coupon_id, coupon_code, starts_at, ends_at, status, ledger_transaction_id, created_at)
    values (v_id, p_user, p_plan, p_request_key, v_plan.name, v_plan.duration_days, v_plan.currency, v_plan.price,
            v_discount, v_paid, v_coupon.id, v_coupon.code, v_at, v_at + v_plan.duration_days * interval '24 hours',
            'active', v_transaction, v_at)
    returning * into v_purchase;
  if v_coupon.id is not null then
    insert into coupon_redemptions (coupon_id, user_id, purchase_id, amount, status, ledger_transaction_id, created_at)
      values (v_coupon.id, p_user, v_id, v_discount, 'applied', v_transaction, v_at);
  end if;
  perform plan_purchase_commissions(v_id, v_beneficiaries, v_rates, v_line_amounts, v_skips,
    v_settings.hold_days, v_at, p_amount_max, p_balance_max);
  replayed := false;
  purchase := v_purchase;
end;
$$;
