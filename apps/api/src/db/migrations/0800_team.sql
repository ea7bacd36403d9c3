-- The team (issue 12): the referral chain stored so that level queries are one index range, team
-- figures kept as rollups the money transactions update, and referral holds (docs/decisions/0014).
-- The triggers that keep the chain and the rollups, referral_flag, commissions_hold_review,
-- referral_hold_decide and the commission levels' self-referral rule (plan_commission_lines) are
-- repeatable definitions in apps/api/src/modules/team/sql/ and modules/plans/sql/
-- (docs/decisions/0024).

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

-- Commissions: a fourth state, review.
alter table commissions drop constraint commissions_status_check;
alter table commissions add constraint commissions_status_check
  check (status in ('pending', 'available', 'reversed', 'skipped', 'review'));
alter table commissions drop constraint commissions_skip_reason_check;
alter table commissions add constraint commissions_skip_reason_check
  check (skip_reason in ('no_upline', 'no_active_plan', 'frozen', 'cap', 'zero_amount', 'self_referral'));
create index commissions_review_idx on commissions (purchase_id) where status = 'review';

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
