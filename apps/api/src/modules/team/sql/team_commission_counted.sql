-- Each commission's amount in its beneficiary's level totals by state, and in what the buyer
-- brought that upline (pending, review and available count; reversed is taken off). The buyer's
-- member totals first, then the level totals: the order of the lock order's last step
-- (apps/api/src/ledger/README.md), as team_purchase_counted takes them.
--
-- Fired by the trigger on commissions below.
create or replace function team_commission_counted() returns trigger language plpgsql as $$
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
  return null;
end;
$$;
create or replace trigger team_commission_counted after insert or update of status on commissions
  for each row execute function team_commission_counted();
