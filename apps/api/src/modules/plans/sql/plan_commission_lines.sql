-- The three commission levels of a purchase (rules.ts commissionLines): each level's rate of the
-- price actually paid, rounded down; together never past the cap (a level cut to nothing says
-- `cap`); a level that pays nothing says why. One row per level, 1 to 3.
-- A member whose referral hold was voided (an operator judged them a self-referral) brings their
-- uplines nothing: every level says `self_referral`.
--
-- Called by plan_purchase; modules/plans/rules.ts holds the same rule in TypeScript (plans-rules-sql test).
create or replace function plan_commission_lines(p_user uuid, p_paid bigint, p_settings referral_settings, p_at timestamptz)
returns table (level integer, beneficiary_id uuid, rate_bp integer, amount bigint, skip_reason text)
language plpgsql stable as $$
#variable_conflict use_column
declare
  v_cap bigint := (p_paid * p_settings.cap_bp) / 10000;
  v_paid_out bigint := 0;
  v_due bigint;
  v_upline record;
  v_voided boolean := exists (select 1 from referral_holds h where h.member_id = p_user and h.status = 'voided');
begin
  for v_upline in
    with buyer as (select u.referrer_id, u.ancestor_2, u.ancestor_3 from users u where u.id = p_user),
    chain(level, id) as (select 1, referrer_id from buyer union all select 2, ancestor_2 from buyer union all select 3, ancestor_3 from buyer)
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
    elsif v_voided then
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
        amount := least(v_due, v_cap - v_paid_out);
        v_paid_out := v_paid_out + amount;
      end if;
    end if;
    return next;
  end loop;
end;
$$;
