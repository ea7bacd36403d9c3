-- The money path as database functions (docs/decisions/0012). A purchase used to be some twenty
-- round trips between the server and PostgreSQL inside one transaction; each cost the server more
-- CPU than the database's work for it. Now the ledger's one writer is `ledger_post`, and a plan
-- purchase and a commission release are each one call: one round trip, one transaction, the same
-- rules, the same conditional writes, the same row-lock order.
--
-- Refusals (a business answer, not a fault) are raised with SQLSTATE 'OR001': MESSAGE is the
-- refusal's code, DETAIL a JSON object of what its message needs. The server turns them into its
-- 4xx errors (apps/api/src/ledger/database-errors.ts, modules/plans/purchase.ts); any other error
-- is a fault.

create function money_refuse(p_code text, p_detail jsonb default '{}'::jsonb) returns void
language plpgsql as $$
begin
  raise exception using errcode = 'OR001', message = p_code, detail = p_detail::text;
end;
$$;

-- A member's four accounts in one currency, created on first use (two first movements at once
-- still end with one set: the insert waits for the other and then does nothing).
create function ledger_member_accounts(
  p_owner uuid, p_currency char(3),
  out available bigint, out on_hold bigint, out commission_pending bigint, out debt bigint
) language plpgsql as $$
begin
  for attempt in 1..2 loop
    select max(id) filter (where type = 'member_available'),
           max(id) filter (where type = 'member_on_hold'),
           max(id) filter (where type = 'member_commission_pending'),
           max(id) filter (where type = 'member_debt')
      into available, on_hold, commission_pending, debt
      from ledger_accounts where owner_id = p_owner and currency = p_currency;
    if available is not null and on_hold is not null and commission_pending is not null and debt is not null then
      return;
    end if;
    insert into ledger_accounts (owner_id, type, currency, balance)
      select p_owner, t, p_currency, 0
        from unnest(array['member_available', 'member_on_hold', 'member_commission_pending', 'member_debt']) as t
      on conflict do nothing;
  end loop;
  raise exception 'member accounts of % could not be created', p_owner;
end;
$$;

-- A platform account's id, created on first use. Platform rows are never locked or updated.
create function ledger_platform_account(p_type text, p_currency char(3)) returns bigint
language plpgsql as $$
declare
  v_id bigint;
begin
  select id into v_id from ledger_accounts where owner_id is null and type = p_type and currency = p_currency;
  if v_id is null then
    insert into ledger_accounts (owner_id, type, currency, balance) values (null, p_type, p_currency, null)
      on conflict do nothing;
    select id into v_id from ledger_accounts where owner_id is null and type = p_type and currency = p_currency;
  end if;
  return v_id;
end;
$$;

-- Writes one balanced transaction: its row, its entries (in the order given) and the cached
-- balances of the member accounts it touches. Member rows change by a conditional update, in
-- ascending id order (two movements on the same accounts queue instead of deadlocking):
-- available-like accounts stay within [0, balance max] (only a credit meets the maximum, so a
-- balance above a lowered maximum can still be spent), a debt account within [-balance max, 0].
-- Platform accounts are not touched: their balance is the sum of their entries.
-- A key already posted returns that transaction (created false) when it names the same movement
-- (kind and the multiset of account:amount pairs), and refuses IDEMPOTENCY_KEY_REUSED otherwise.
-- Returns {"id", "created", "balances": {"<member account id>": balance after}}.
create function ledger_post(
  p_kind text, p_key text, p_accounts bigint[], p_amounts bigint[], p_memo text, p_refs jsonb,
  p_reverses_id bigint, p_at timestamptz, p_amount_max bigint, p_balance_max bigint
) returns jsonb
language plpgsql as $$
declare
  v_n integer := coalesce(cardinality(p_accounts), 0);
  v_id bigint;
  v_kind text;
  v_account record;
  v_balance bigint;
  v_distinct integer := 0;
  v_ids bigint[] := '{}';
  v_finals bigint[] := '{}';
  v_deltas bigint[] := '{}';
begin
  if v_n < 2 or coalesce(cardinality(p_amounts), 0) <> v_n then
    raise exception 'a ledger transaction needs at least two entries, each with an amount';
  end if;
  for i in 1..v_n loop
    if p_accounts[i] is null or p_amounts[i] is null or p_amounts[i] = 0 then
      raise exception 'ledger amount must be a non-zero integer, got %', p_amounts[i];
    end if;
    -- Every entry of a movement is at most the movement itself, so one bound covers them all.
    if abs(p_amounts[i]) > p_amount_max then
      perform money_refuse('AMOUNT_TOO_LARGE', jsonb_build_object('amountMax', p_amount_max));
    end if;
  end loop;
  if (select sum(a) from unnest(p_amounts) as a) <> 0 then
    raise exception 'ledger entries must sum to zero';
  end if;

  insert into ledger_transactions (kind, idempotency_key, memo, refs, reverses_id, created_at)
    values (p_kind, p_key, coalesce(p_memo, ''), coalesce(p_refs, '{}'::jsonb), p_reverses_id, p_at)
    on conflict (idempotency_key) do nothing
    returning id into v_id;
  if v_id is null then
    select id, kind into v_id, v_kind from ledger_transactions where idempotency_key = p_key;
    if v_kind is distinct from p_kind
       or (select array_agg(e.account_id::text || ':' || e.amount::text order by e.account_id, e.amount)
             from ledger_entries e where e.transaction_id = v_id)
          is distinct from
          (select array_agg(x.a::text || ':' || x.m::text order by x.a, x.m) from unnest(p_accounts, p_amounts) as x(a, m)) then
      perform money_refuse('IDEMPOTENCY_KEY_REUSED');
    end if;
    return jsonb_build_object('id', v_id, 'created', false, 'balances', '{}'::jsonb);
  end if;

  for v_account in
    select a.id, a.type, a.balance is not null as is_member, d.delta
      from (select x.a as account_id, sum(x.m)::bigint as delta from unnest(p_accounts, p_amounts) as x(a, m) group by x.a) d
      join ledger_accounts a on a.id = d.account_id
     order by a.id
  loop
    v_distinct := v_distinct + 1;
    continue when not v_account.is_member;
    if v_account.type = 'member_debt' then
      update ledger_accounts set balance = balance + v_account.delta
       where id = v_account.id and balance + v_account.delta between -p_balance_max and 0
       returning balance into v_balance;
      if not found then
        raise exception 'debt account % would leave [-balance max, 0]', v_account.id;
      end if;
    elsif v_account.delta > 0 then
      update ledger_accounts set balance = balance + v_account.delta
       where id = v_account.id and balance + v_account.delta <= p_balance_max
       returning balance into v_balance;
      if not found then
        perform money_refuse('BALANCE_LIMIT', jsonb_build_object('accountId', v_account.id));
      end if;
    else
      update ledger_accounts set balance = balance + v_account.delta
       where id = v_account.id and balance + v_account.delta >= 0
       returning balance into v_balance;
      if not found then
        perform money_refuse('INSUFFICIENT_FUNDS', jsonb_build_object('accountId', v_account.id));
      end if;
    end if;
    v_ids := v_ids || v_account.id;
    v_finals := v_finals || v_balance;
    v_deltas := v_deltas || v_account.delta;
  end loop;
  if v_distinct <> (select count(distinct a) from unnest(p_accounts) as a) then
    raise exception 'ledger entry names an unknown account';
  end if;

  -- Running balance per member entry, counted back from the balance after the whole transaction.
  insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
  select v_id, x.a, x.m,
         case when b.final is null then null
              else b.final - b.delta + sum(x.m) over (partition by x.a order by x.i) end,
         p_at
    from unnest(p_accounts, p_amounts) with ordinality as x(a, m, i)
    left join unnest(v_ids, v_finals, v_deltas) as b(id, final, delta) on b.id = x.a
   order by x.i;

  return jsonb_build_object(
    'id', v_id, 'created', true,
    'balances', coalesce((select jsonb_object_agg(b.id, b.final) from unnest(v_ids, v_finals) as b(id, final)), '{}'::jsonb));
end;
$$;

-- Moves one pending commission to its beneficiary's wallet, paying what they owe first
-- (modules/plans/rules.ts settleDebt). The caller may hold the commission's row lock; the ledger
-- key `commission-release:<id>` makes a second release impossible even if a lock were missed.
-- A commission that is no longer pending is left alone.
create function commission_release(p_commission uuid, p_at timestamptz, p_amount_max bigint, p_balance_max bigint)
returns void
language plpgsql as $$
declare
  v_commission record;
  v_accounts record;
  v_owed bigint;
  v_to_debt bigint;
  v_ids bigint[];
  v_amounts bigint[];
begin
  select c.id, c.beneficiary_id, c.amount, c.purchase_id, p.currency into v_commission
    from commissions c join purchases p on p.id = c.purchase_id
   where c.id = p_commission and c.status = 'pending'
     for update of c;
  if not found then
    return;
  end if;
  select * into v_accounts from ledger_member_accounts(v_commission.beneficiary_id, v_commission.currency);
  -- Locked in ascending id order like every movement; the debt is read under the lock.
  perform 1 from ledger_accounts
   where id in (v_accounts.commission_pending, v_accounts.available, v_accounts.debt)
   order by id for update;
  select -balance into v_owed from ledger_accounts where id = v_accounts.debt;
  v_to_debt := least(v_commission.amount, greatest(0, v_owed));
  v_ids := array[v_accounts.commission_pending];
  v_amounts := array[-v_commission.amount];
  if v_commission.amount - v_to_debt > 0 then
    v_ids := v_ids || v_accounts.available;
    v_amounts := v_amounts || (v_commission.amount - v_to_debt);
  end if;
  if v_to_debt > 0 then
    v_ids := v_ids || v_accounts.debt;
    v_amounts := v_amounts || v_to_debt;
  end if;
  perform ledger_post(
    'commission_release', 'commission-release:' || v_commission.id, v_ids, v_amounts,
    case when v_to_debt > 0 then 'Commission released (part settled what was owed)' else 'Commission released' end,
    jsonb_build_object('purchaseId', v_commission.purchase_id, 'commissionId', v_commission.id),
    null, p_at, p_amount_max, p_balance_max);
  update commissions set status = 'available', released_at = p_at where id = v_commission.id;
end;
$$;

-- Releases up to p_limit commissions due by p_at; returns how many. Several instances may run it
-- at once: rows are claimed FOR UPDATE SKIP LOCKED, so each commission is released exactly once.
-- The beneficiaries' accounts of the whole batch are locked first, in ascending id order: locked
-- one commission at a time, two batches sharing beneficiaries took them crosswise and deadlocked.
create function commission_release_due(p_at timestamptz, p_limit integer, p_amount_max bigint, p_balance_max bigint)
returns integer
language plpgsql as $$
declare
  v_due uuid[];
  v_id uuid;
begin
  select array_agg(due.id order by due.release_at, due.id) into v_due
    from (select c.id, c.release_at from commissions c
           where c.status = 'pending' and c.release_at <= p_at
           order by c.release_at, c.id limit p_limit
             for update skip locked) due;
  if v_due is null then
    return 0;
  end if;
  perform 1 from ledger_accounts a
   where a.type in ('member_commission_pending', 'member_available', 'member_debt')
     and (a.owner_id, a.currency) in (
       select c.beneficiary_id, p.currency from commissions c join purchases p on p.id = c.purchase_id where c.id = any(v_due))
   order by a.id for update;
  foreach v_id in array v_due loop
    perform commission_release(v_id, p_at, p_amount_max, p_balance_max);
  end loop;
  return cardinality(v_due);
end;
$$;

-- What a plan coupon takes off a price (rules.ts discountFor): never more than the price, never a
-- fraction of a minor unit.
create function plan_coupon_discount(p_kind text, p_value bigint, p_max_discount bigint, p_price bigint) returns bigint
language sql immutable as $$
  select case p_kind
    when 'wallet_credit' then 0
    when 'amount_off' then least(p_value, p_price)
    else least((p_price * p_value) / 100, coalesce(p_max_discount, (p_price * p_value) / 100), p_price)
  end;
$$;

-- Why a coupon cannot be used on a plan (rules.ts couponRefusal, in the same order), or null.
-- p_coupon is null when no coupon has the code.
create function plan_coupon_refusal(
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

-- The three commission levels of a purchase (rules.ts commissionLines): each level's rate of the
-- price actually paid, rounded down; together never past the cap (a level cut to nothing says
-- `cap`); a level that pays nothing says why. One row per level, 1 to 3.
create function plan_commission_lines(p_user uuid, p_paid bigint, p_settings referral_settings, p_at timestamptz)
returns table (level integer, beneficiary_id uuid, rate_bp integer, amount bigint, skip_reason text)
language plpgsql stable as $$
#variable_conflict use_column
declare
  v_cap bigint := (p_paid * p_settings.cap_bp) / 10000;
  v_paid_out bigint := 0;
  v_due bigint;
  v_upline record;
begin
  for v_upline in
    with recursive chain(level, id) as (
      select 1, u.referrer_id from users u where u.id = p_user and u.referrer_id is not null
      union all
      select chain.level + 1, u.referrer_id from chain join users u on u.id = chain.id
       where chain.level < 3 and u.referrer_id is not null
    )
    select l.level, up.id, up.status = 'frozen' as is_frozen,
           exists (select 1 from purchases p where p.user_id = up.id and p.status = 'active'
                    and p.starts_at <= p_at and p.ends_at > p_at) as has_active_plan
      from generate_series(1, 3) as l(level)
      left join chain on chain.level = l.level
      left join users up on up.id = chain.id
     order by l.level
  loop
    level := v_upline.level;
    beneficiary_id := v_upline.id;
    rate_bp := case v_upline.level when 1 then p_settings.level1_bp when 2 then p_settings.level2_bp else p_settings.level3_bp end;
    amount := 0;
    skip_reason := null;
    if v_upline.id is null then
      skip_reason := 'no_upline';
    elsif v_upline.is_frozen then
      skip_reason := 'frozen';
    elsif p_settings.require_active_plan and not v_upline.has_active_plan then
      skip_reason := 'no_active_plan';
    else
      v_due := (p_paid * rate_bp) / 10000;
      if v_due = 0 then
        skip_reason := 'zero_amount';
      elsif least(v_due, v_cap - v_paid_out) <= 0 then
        skip_reason := 'cap';
      else
        amount := least(v_due, v_cap - v_paid_out);
        v_paid_out := v_paid_out + amount;
      end if;
    end if;
    return next;
  end loop;
end;
$$;

-- Buys a plan from the member's wallet (modules/plans/purchase.ts; docs/decisions/0011, 0012):
-- the member's debit (never below zero), the plan revenue, the coupon's discount and its use, the
-- three commission levels, the per-member limit and the stock, in the one transaction of this
-- call. The member's Idempotency-Key is stored on the purchase: a retry, a double tap or a second
-- device with the same key gets this purchase back and nothing moves twice; the same key for
-- another plan or coupon is refused. Returns the purchase row, and whether it was made before.
create function plan_purchase(
  p_user uuid, p_plan uuid, p_request_key text, p_coupon text, p_expected_to_pay bigint,
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out replayed boolean, out purchase purchases
)
language plpgsql as $$
declare
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

  select * into v_plan from plans where id = p_plan;
  if not found or not v_plan.active then
    perform money_refuse('PLAN_NOT_FOUND');
  end if;
  if (v_plan.sale_starts_at is not null and p_at < v_plan.sale_starts_at)
     or (v_plan.sale_ends_at is not null and p_at >= v_plan.sale_ends_at) then
    perform money_refuse('PLAN_NOT_ON_SALE');
  end if;

  if p_coupon is not null then
    select * into v_coupon from coupons where code = upper(p_coupon);
    if v_coupon.id is not null then
      select coalesce(max(uses), 0) into v_member_uses
        from coupon_member_uses where coupon_id = v_coupon.id and user_id = p_user;
    end if;
    v_refusal := plan_coupon_refusal(v_coupon, p_user, p_at, v_member_uses, v_plan.id, v_plan.price);
    if v_refusal is not null then
      perform money_refuse('COUPON_NOT_APPLICABLE', jsonb_build_object('reason', v_refusal));
    end if;
    v_discount := plan_coupon_discount(v_coupon.kind, v_coupon.value, v_coupon.max_discount, v_plan.price);
  end if;
  v_paid := v_plan.price - v_discount;
  if p_expected_to_pay is not null and p_expected_to_pay <> v_paid then
    perform money_refuse('PRICE_CHANGED', jsonb_build_object('toPay', v_paid, 'expected', p_expected_to_pay));
  end if;

  -- The guards, each a conditional write whose row lock covers only what it guards.
  insert into plan_member_counts (plan_id, user_id, bought) values (p_plan, p_user, 1)
    on conflict (plan_id, user_id) do update set bought = plan_member_counts.bought + 1
    where v_plan.per_member_limit is null or plan_member_counts.bought < v_plan.per_member_limit;
  if not found then
    perform money_refuse('PLAN_LIMIT_REACHED', jsonb_build_object('limit', v_plan.per_member_limit));
  end if;
  if v_coupon.id is not null then
    insert into coupon_member_uses (coupon_id, user_id, uses, last_used_at) values (v_coupon.id, p_user, 1, p_at)
      on conflict (coupon_id, user_id) do update set uses = coupon_member_uses.uses + 1, last_used_at = p_at
      where coupon_member_uses.uses < v_coupon.per_member_cap;
    if not found then
      perform money_refuse('COUPON_NOT_APPLICABLE', jsonb_build_object('reason', 'member_cap_reached'));
    end if;
    update coupons set redeemed_count = redeemed_count + 1
     where id = v_coupon.id and (total_cap is null or redeemed_count < total_cap);
    if not found then
      perform money_refuse('COUPON_NOT_APPLICABLE', jsonb_build_object('reason', 'cap_reached'));
    end if;
  end if;
  -- Sold out for certain: no free unit at all (units being claimed right now still count as free).
  if v_plan.stock is not null and not exists (select 1 from plan_stock_units where plan_id = p_plan and purchase_id is null) then
    perform money_refuse('PLAN_SOLD_OUT');
  end if;

  select * into v_settings from referral_settings;
  select * into v_buyer from ledger_member_accounts(p_user, v_plan.currency);
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
    from plan_commission_lines(p_user, v_paid, v_settings, p_at) l;
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
    jsonb_build_object('purchaseId', v_id, 'planId', p_plan), null, p_at, p_amount_max, p_balance_max);
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
            v_discount, v_paid, v_coupon.id, v_coupon.code, p_at, p_at + v_plan.duration_days * interval '24 hours',
            'active', (v_posted ->> 'id')::bigint, p_at)
    returning * into v_purchase;
  if v_coupon.id is not null then
    insert into coupon_redemptions (coupon_id, user_id, purchase_id, amount, status, ledger_transaction_id, created_at)
      values (v_coupon.id, p_user, v_id, v_discount, 'applied', (v_posted ->> 'id')::bigint, p_at);
  end if;
  insert into commissions (purchase_id, level, beneficiary_id, rate_bp, amount, status, skip_reason, release_at, created_at)
    select v_id, i, v_beneficiaries[i], v_rates[i], v_line_amounts[i],
           case when v_skips[i] is null then 'pending' else 'skipped' end, v_skips[i],
           case when v_skips[i] is null then p_at + v_settings.hold_days * interval '24 hours' end, p_at
      from generate_series(1, 3) as i;
  -- No holding period: the commissions are available with the purchase itself.
  if v_settings.hold_days = 0 then
    for v_commission in select c.id from commissions c where c.purchase_id = v_id and c.status = 'pending' order by c.level loop
      perform commission_release(v_commission, p_at, p_amount_max, p_balance_max);
    end loop;
  end if;
  replayed := false;
  purchase := v_purchase;
end;
$$;
