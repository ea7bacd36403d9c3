drop function if exists plan_commission_lines(uuid, bigint, referral_settings, timestamptz);
-- The three commission levels of a purchase (the model in test/plans/model.ts holds the same rule):
-- each level's rate of the price actually paid, rounded down; together never past the cap (a level
-- cut to nothing says `cap`); a level that pays nothing says why. One row per level, 1 to 3.
--
-- Why a level pays nothing (skip_reason), checked in this order:
--   no_upline       nobody at this level, or the member there closed their account (0035);
--   self_referral   the buyer's referral hold was voided (an operator judged them a self-referral);
--   frozen          the upline's account is frozen;
--   no_active_plan  the settings require an active plan and the upline holds none;
--   zero_amount     the rate of the price paid rounds down to nothing;
--   cap             the levels above took the whole cap;
--   amount_limit    the commission alone would pass the per-movement limit (p_amount_max). A
--                   commission is at most half the price paid (cap_bp ≤ 5000) and the purchase's
--                   own price entry is held to the same limit, so through plan_purchase this never
--                   happens; the rule is written for whoever calls with other limits;
--   balance_limit   crediting it would take the upline past the balance limit (p_balance_max): their
--                   commission-pending balance, and, when it is released with the purchase (no
--                   holding period and the buyer's hold is not open), their wallet after what they
--                   owe is settled first (as commission_release does).
-- A level skipped for any reason takes nothing from the cap, so the levels below it are computed as
-- if it were not there. The buyer is never refused because of an upline: the limits only skip
-- that upline's line. The balances are read as they are now: plan_purchase locks these accounts
-- before calling (ledger/README.md, the one lock order), so nothing moves them until it commits.
--
-- Called by plan_purchase only.
create or replace function plan_commission_lines(
  p_user uuid, p_paid bigint, p_settings referral_settings, p_at timestamptz,
  p_currency char(3), p_amount_max bigint, p_balance_max bigint
)
returns table (level integer, beneficiary_id uuid, rate_bp integer, amount bigint, skip_reason text)
language plpgsql stable as $$
#variable_conflict use_column
declare
  v_cap bigint := (p_paid * p_settings.cap_bp) / 10000;
  v_paid_out bigint := 0;
  v_due bigint;
  v_upline record;
  v_hold text := (select h.status from referral_holds h where h.member_id = p_user);
  -- Released with the purchase itself: no holding period, and no open hold putting it on review.
  v_release_now boolean;
begin
  v_release_now := p_settings.hold_days = 0 and v_hold is distinct from 'open';
  for v_upline in
    with buyer as (select u.referrer_id, u.ancestor_2, u.ancestor_3 from users u where u.id = p_user),
    chain(level, id) as (select 1, referrer_id from buyer union all select 2, ancestor_2 from buyer union all select 3, ancestor_3 from buyer)
    select l.level, up.id, up.status = 'frozen' as is_frozen, up.status = 'closed' as is_closed,
           exists (select 1 from purchases p where p.user_id = up.id and p.status = 'active'
                    and p.starts_at <= p_at and p.ends_at > p_at) as has_active_plan,
           coalesce(pending.balance, 0) as pending_balance,
           coalesce(available.balance, 0) as available_balance,
           greatest(0, -coalesce(debt.balance, 0)) as owed
      from generate_series(1, 3) as l(level)
      left join chain on chain.level = l.level
      left join users up on up.id = chain.id
      left join ledger_accounts pending
        on pending.owner_id = up.id and pending.currency = p_currency and pending.type = 'member_commission_pending'
      left join ledger_accounts available
        on available.owner_id = up.id and available.currency = p_currency and available.type = 'member_available'
      left join ledger_accounts debt
        on debt.owner_id = up.id and debt.currency = p_currency and debt.type = 'member_debt'
     order by l.level
  loop
    level := v_upline.level;
    beneficiary_id := v_upline.id;
    rate_bp := case v_upline.level when 1 then p_settings.level1_bp when 2 then p_settings.level2_bp else p_settings.level3_bp end;
    amount := 0;
    skip_reason := null;
    if v_upline.id is null or v_upline.is_closed then
      skip_reason := 'no_upline';
    elsif v_hold = 'voided' then
      skip_reason := 'self_referral';
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
        v_due := least(v_due, v_cap - v_paid_out);
        if v_due > p_amount_max then
          skip_reason := 'amount_limit';
        elsif v_upline.pending_balance + v_due > p_balance_max
              or (v_release_now and v_upline.available_balance + v_due - least(v_due, v_upline.owed) > p_balance_max) then
          skip_reason := 'balance_limit';
        else
          amount := v_due;
          v_paid_out := v_paid_out + amount;
        end if;
      end if;
    end if;
    return next;
  end loop;
end;
$$;
