-- A member's four accounts in one currency, created on first use (two first movements at once
-- still end with one set: the insert waits for the other and then does nothing).
--
-- Called by ledger/accounts.ts and the money functions (plan_purchase, withdrawal_*, commission_release …).
create or replace function ledger_member_accounts(
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
