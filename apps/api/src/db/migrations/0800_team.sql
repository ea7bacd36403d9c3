-- The team (issue 12): the referral chain stored so that level queries are one index range, team
-- figures kept as rollups the money transactions update, and referral holds (docs/decisions/0014).

-- 1. Ancestors. The chain is fixed at registration, so each member carries their level-2 and
-- level-3 uplines beside referrer_id (level 1): "my members on level k" is one index range.
alter table users add column ancestor_2 uuid references users (id);
alter table users add column ancestor_3 uuid references users (id);
update users u set ancestor_2 = p.referrer_id, ancestor_3 = gp.referrer_id
  from users p left join users gp on gp.id = p.referrer_id
 where p.id = u.referrer_id;
alter table users add constraint users_ancestors_follow_check
  check ((ancestor_2 is null or referrer_id is not null) and (ancestor_3 is null or ancestor_2 is not null));
create index users_level_1_idx on users (referrer_id, created_at desc) where referrer_id is not null;
create index users_level_2_idx on users (ancestor_2, created_at desc) where ancestor_2 is not null;
create index users_level_3_idx on users (ancestor_3, created_at desc) where ancestor_3 is not null;
drop index users_referrer_id_idx;

create function users_chain_set() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.ancestor_2 := null;
    new.ancestor_3 := null;
    if new.referrer_id is not null then
      select u.referrer_id, u.ancestor_2 into new.ancestor_2, new.ancestor_3 from users u where u.id = new.referrer_id;
    end if;
  elsif new.referrer_id is distinct from old.referrer_id or new.ancestor_2 is distinct from old.ancestor_2
        or new.ancestor_3 is distinct from old.ancestor_3 then
    raise exception 'the referral chain never changes after registration' using errcode = 'check_violation';
  end if;
  return new;
end;
$$;
create trigger users_chain_set before insert or update on users for each row execute function users_chain_set();

-- 2. Rollups, updated by the transactions that change them (never a count over the tree).
-- One row per member and level below them: members on that level, what they paid for plans
-- (refunds taken off), and the member's commissions from that level by state.
create table team_level_totals (
  user_id uuid not null references users (id),
  level smallint not null check (level between 1 and 3),
  members integer not null default 0 check (members >= 0),
  purchases_total bigint not null default 0 check (purchases_total >= 0),
  commission_pending bigint not null default 0 check (commission_pending >= 0),
  commission_available bigint not null default 0 check (commission_available >= 0),
  commission_review bigint not null default 0 check (commission_review >= 0),
  commission_reversed bigint not null default 0 check (commission_reversed >= 0),
  primary key (user_id, level)
);
-- One row per member who bought: what they paid for plans, and the commission their purchases
-- brought each of their three uplines (reversed ones taken off).
create table team_member_totals (
  user_id uuid primary key references users (id),
  purchases_total bigint not null default 0 check (purchases_total >= 0),
  brought_1 bigint not null default 0 check (brought_1 >= 0),
  brought_2 bigint not null default 0 check (brought_2 >= 0),
  brought_3 bigint not null default 0 check (brought_3 >= 0)
);

create function team_member_joined() returns trigger language plpgsql as $$
begin
  insert into team_level_totals as t (user_id, level, members)
    select a.id, a.level, 1
      from (values (1, new.referrer_id), (2, new.ancestor_2), (3, new.ancestor_3)) as a(level, id)
     where a.id is not null
     order by a.level
  on conflict (user_id, level) do update set members = t.members + 1;
  return null;
end;
$$;
create trigger team_member_joined after insert on users for each row execute function team_member_joined();

-- What a purchase adds to its buyer's and their uplines' totals; a refund takes it off.
create function team_purchase_counted() returns trigger language plpgsql as $$
declare
  v_delta bigint;
  v_buyer record;
begin
  if tg_op = 'INSERT' then
    v_delta := case when new.status = 'active' then new.paid else 0 end;
  else
    v_delta := (case when new.status = 'active' then new.paid else 0 end) - (case when old.status = 'active' then old.paid else 0 end);
  end if;
  if v_delta = 0 then
    return null;
  end if;
  -- (A refund's row exists already: the values are checked before the conflict is seen, hence greatest.)
  insert into team_member_totals as m (user_id, purchases_total) values (new.user_id, greatest(v_delta, 0))
    on conflict (user_id) do update set purchases_total = m.purchases_total + v_delta;
  select u.referrer_id, u.ancestor_2, u.ancestor_3 into v_buyer from users u where u.id = new.user_id;
  update team_level_totals t set purchases_total = t.purchases_total + v_delta
   where (t.user_id, t.level) in ((v_buyer.referrer_id, 1), (v_buyer.ancestor_2, 2), (v_buyer.ancestor_3, 3));
  return null;
end;
$$;
create trigger team_purchase_counted after insert or update of status on purchases
  for each row execute function team_purchase_counted();

-- 3. Referral holds. Signals tie a member to one of their uplines (same device, same address,
-- same payout account) or mark a burst of registrations under one code; the first signal opens
-- a hold on the member, and commissions their purchases bring wait "on review" until an operator
-- releases or voids them. A released hold opens again on a new signal; a voided one stays, and
-- the member's later purchases pay no commission at all (skip reason self_referral).
create table member_devices (
  user_id uuid not null references users (id),
  -- sha256 of the device cookie's random value.
  device_hash text not null check (length(device_hash) = 64),
  last_ip text,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  primary key (user_id, device_hash)
);
create index member_devices_device_idx on member_devices (device_hash);
create index member_devices_ip_idx on member_devices (last_ip) where last_ip is not null;

create table referral_holds (
  member_id uuid primary key references users (id),
  status text not null check (status in ('open', 'released', 'voided')),
  opened_at timestamptz not null,
  decided_at timestamptz,
  decided_by uuid references users (id),
  reason text check (reason is null or length(reason) between 3 and 500),
  check ((status = 'open') = (decided_at is null)),
  check ((status = 'open') = (reason is null))
);
create index referral_holds_open_idx on referral_holds (opened_at, member_id) where status = 'open';

create table referral_signals (
  id bigint generated always as identity primary key,
  member_id uuid not null references users (id),
  kind text not null check (kind in ('same_device', 'same_address', 'registration_burst', 'same_bank_account')),
  -- The upline the signal ties the member to (none for a burst).
  related_id uuid references users (id),
  detail jsonb not null default '{}',
  created_at timestamptz not null,
  unique nulls not distinct (member_id, kind, related_id)
);

-- Records a signal (once per member, kind and upline) and opens the member's hold.
create function referral_flag(p_member uuid, p_kind text, p_related uuid, p_detail jsonb, p_at timestamptz)
returns boolean
language plpgsql as $$
begin
  insert into referral_signals (member_id, kind, related_id, detail, created_at)
    values (p_member, p_kind, p_related, coalesce(p_detail, '{}'), p_at)
    on conflict do nothing;
  if not found then
    return false;
  end if;
  insert into referral_holds as h (member_id, status, opened_at) values (p_member, 'open', p_at)
    on conflict (member_id) do update set status = 'open', opened_at = excluded.opened_at,
      decided_at = null, decided_by = null, reason = null
     where h.status = 'released';
  return true;
end;
$$;

-- Commissions: a fourth state, review.
alter table commissions drop constraint commissions_status_check;
alter table commissions add constraint commissions_status_check
  check (status in ('pending', 'available', 'reversed', 'skipped', 'review'));
alter table commissions drop constraint commissions_skip_reason_check;
alter table commissions add constraint commissions_skip_reason_check
  check (skip_reason in ('no_upline', 'no_active_plan', 'frozen', 'cap', 'zero_amount', 'self_referral'));
create index commissions_review_idx on commissions (purchase_id) where status = 'review';

-- A commission from a member under an open hold is written "on review" instead of pending. Its
-- amount sits in the upline's commission-pending account all the same; the release job, which
-- takes pending rows only, passes it over.
create function commissions_hold_review() returns trigger language plpgsql as $$
begin
  if new.status = 'pending' and exists (
    select 1 from purchases p join referral_holds h on h.member_id = p.user_id and h.status = 'open'
     where p.id = new.purchase_id
  ) then
    new.status := 'review';
  end if;
  return new;
end;
$$;
create trigger commissions_hold_review before insert on commissions for each row execute function commissions_hold_review();

-- Each commission's amount in its beneficiary's level totals by state, and in what the buyer
-- brought that upline (pending, review and available count; reversed is taken off).
create function team_commission_counted() returns trigger language plpgsql as $$
declare
  v_buyer uuid;
  v_old_counts bigint := 0;
  v_new_counts bigint := 0;
begin
  if new.beneficiary_id is null or new.status = 'skipped' then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.status = new.status then
    return null;
  end if;
  insert into team_level_totals as t (user_id, level) values (new.beneficiary_id, new.level) on conflict do nothing;
  update team_level_totals t set
    commission_pending = t.commission_pending
      + (case when new.status = 'pending' then new.amount else 0 end)
      - (case when tg_op = 'UPDATE' and old.status = 'pending' then old.amount else 0 end),
    commission_available = t.commission_available
      + (case when new.status = 'available' then new.amount else 0 end)
      - (case when tg_op = 'UPDATE' and old.status = 'available' then old.amount else 0 end),
    commission_review = t.commission_review
      + (case when new.status = 'review' then new.amount else 0 end)
      - (case when tg_op = 'UPDATE' and old.status = 'review' then old.amount else 0 end),
    commission_reversed = t.commission_reversed
      + (case when new.status = 'reversed' then new.amount else 0 end)
      - (case when tg_op = 'UPDATE' and old.status = 'reversed' then old.amount else 0 end)
   where t.user_id = new.beneficiary_id and t.level = new.level;
  if new.status in ('pending', 'review', 'available') then v_new_counts := new.amount; end if;
  if tg_op = 'UPDATE' and old.status in ('pending', 'review', 'available') then v_old_counts := old.amount; end if;
  if v_new_counts <> v_old_counts then
    select p.user_id into v_buyer from purchases p where p.id = new.purchase_id;
    insert into team_member_totals as m (user_id, brought_1, brought_2, brought_3)
      values (v_buyer,
              case when new.level = 1 then greatest(v_new_counts - v_old_counts, 0) else 0 end,
              case when new.level = 2 then greatest(v_new_counts - v_old_counts, 0) else 0 end,
              case when new.level = 3 then greatest(v_new_counts - v_old_counts, 0) else 0 end)
      on conflict (user_id) do update set
        brought_1 = m.brought_1 + case when new.level = 1 then v_new_counts - v_old_counts else 0 end,
        brought_2 = m.brought_2 + case when new.level = 2 then v_new_counts - v_old_counts else 0 end,
        brought_3 = m.brought_3 + case when new.level = 3 then v_new_counts - v_old_counts else 0 end;
  end if;
  return null;
end;
$$;
create trigger team_commission_counted after insert or update of status on commissions
  for each row execute function team_commission_counted();

-- The rollups for what exists already (a no-op on a new database).
insert into team_level_totals (user_id, level, members)
  select a.id, a.level, count(*)
    from users u
    cross join lateral (values (1, u.referrer_id), (2, u.ancestor_2), (3, u.ancestor_3)) as a(level, id)
   where a.id is not null
   group by a.id, a.level;
insert into team_member_totals (user_id, purchases_total)
  select user_id, sum(paid) from purchases where status = 'active' group by user_id;
insert into team_level_totals as t (user_id, level, purchases_total)
  select a.id, a.level, sum(p.paid)
    from purchases p join users u on u.id = p.user_id
    cross join lateral (values (1, u.referrer_id), (2, u.ancestor_2), (3, u.ancestor_3)) as a(level, id)
   where p.status = 'active' and a.id is not null
   group by a.id, a.level
  on conflict (user_id, level) do update set purchases_total = excluded.purchases_total;
insert into team_level_totals as t (user_id, level, commission_pending, commission_available, commission_reversed)
  select c.beneficiary_id, c.level,
         coalesce(sum(c.amount) filter (where c.status = 'pending'), 0),
         coalesce(sum(c.amount) filter (where c.status = 'available'), 0),
         coalesce(sum(c.amount) filter (where c.status = 'reversed'), 0)
    from commissions c where c.beneficiary_id is not null and c.status <> 'skipped'
   group by c.beneficiary_id, c.level
  on conflict (user_id, level) do update set commission_pending = excluded.commission_pending,
    commission_available = excluded.commission_available, commission_reversed = excluded.commission_reversed;
insert into team_member_totals as m (user_id, brought_1, brought_2, brought_3)
  select p.user_id,
         coalesce(sum(c.amount) filter (where c.level = 1), 0),
         coalesce(sum(c.amount) filter (where c.level = 2), 0),
         coalesce(sum(c.amount) filter (where c.level = 3), 0)
    from commissions c join purchases p on p.id = c.purchase_id
   where c.status in ('pending', 'available')
   group by p.user_id
  on conflict (user_id) do update set brought_1 = excluded.brought_1, brought_2 = excluded.brought_2, brought_3 = excluded.brought_3;

-- 4. The commission levels again (migration 0510), with one more reason to pay nothing: the buyer's
-- referral hold was voided (an operator judged them a self-referral).
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

-- 5. An operator's decision on an open hold, in one transaction: release puts the member's
-- commissions on review back to pending (releasing at once those whose holding period is over);
-- void reverses them out of each upline's commission-pending account under the ledger key
-- `commission-void:<id>`. Returns how many commissions it moved and their total.
create function referral_hold_decide(
  p_member uuid, p_decision text, p_reason text, p_operator uuid, p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out commissions integer, out total bigint
)
language plpgsql as $$
declare
  v_hold referral_holds;
  v_row record;
begin
  select * into v_hold from referral_holds h where h.member_id = p_member for update;
  if not found then
    perform money_refuse('REFERRAL_HOLD_NOT_FOUND');
  end if;
  if v_hold.status <> 'open' then
    perform money_refuse('REFERRAL_HOLD_DECIDED', jsonb_build_object('status', v_hold.status));
  end if;
  update referral_holds set status = case p_decision when 'release' then 'released' else 'voided' end,
         decided_at = p_at, decided_by = p_operator, reason = p_reason
   where member_id = p_member;
  commissions := 0;
  total := 0;
  -- Beneficiaries in ascending id order, as the release job locks them: no crosswise waits.
  for v_row in
    select c.id, c.beneficiary_id, c.amount, c.release_at, c.purchase_id, p.currency
      from commissions c join purchases p on p.id = c.purchase_id
     where p.user_id = p_member and c.status = 'review'
     order by c.beneficiary_id, c.created_at, c.id
     for update of c
  loop
    commissions := commissions + 1;
    total := total + v_row.amount;
    if p_decision = 'release' then
      update commissions set status = 'pending' where id = v_row.id;
      if v_row.release_at <= p_at then
        perform commission_release(v_row.id, p_at, p_amount_max, p_balance_max);
      end if;
    else
      perform ledger_post(
        'reversal', 'commission-void:' || v_row.id,
        array[(select a.commission_pending from ledger_member_accounts(v_row.beneficiary_id, v_row.currency) a),
              ledger_platform_account('platform_commission_expense', v_row.currency)],
        array[-v_row.amount, v_row.amount],
        'Commission voided after review',
        jsonb_build_object('purchaseId', v_row.purchase_id, 'commissionId', v_row.id),
        null, p_at, p_amount_max, p_balance_max);
      update commissions set status = 'reversed', reversed_at = p_at where id = v_row.id;
    end if;
  end loop;
end;
$$;
