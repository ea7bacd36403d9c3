-- What a purchase adds to its buyer's and their uplines' totals; a refund takes it off.
-- Rows in the lock order's last step (apps/api/src/ledger/README.md): the buyer's member totals,
-- then the uplines' level totals in ascending level (one UPDATE of several rows takes them in
-- whatever order it finds them: a purchase and a refund on the same uplines deadlocked on them).
--
-- Fired by the trigger on purchases below.
create or replace function team_purchase_counted() returns trigger language plpgsql as $$
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
  perform 1 from team_level_totals t
   where (t.user_id, t.level) in ((v_buyer.referrer_id, 1), (v_buyer.ancestor_2, 2), (v_buyer.ancestor_3, 3))
   order by t.level for no key update;
  update team_level_totals t set purchases_total = t.purchases_total + v_delta
   where (t.user_id, t.level) in ((v_buyer.referrer_id, 1), (v_buyer.ancestor_2, 2), (v_buyer.ancestor_3, 3));
  return null;
end;
$$;
create or replace trigger team_purchase_counted after insert or update of status on purchases
  for each row execute function team_purchase_counted();
