-- Every member account a purchase may credit or debit, locked at once in ascending id order
-- before the commission lines read the uplines' balances: the buyer's wallet (when they pay
-- something), each upline's pending account, and their wallet and debt when the commission is
-- released with the purchase (no holding period).
--
-- Called by plan_purchase.
create or replace function plan_purchase_lock_accounts(
  p_user uuid, p_buyer_available bigint, p_paid bigint, p_currency char(3), p_hold_days integer
) returns void
language plpgsql as $$
declare
  v_lock bigint[] := '{}';
  v_chain uuid[];
  v_upline uuid;
  v_upline_accounts record;
begin
  if p_paid > 0 then
    v_lock := v_lock || p_buyer_available;
  end if;
  select array[u.referrer_id, u.ancestor_2, u.ancestor_3] into v_chain from users u where u.id = p_user;
  foreach v_upline in array v_chain loop
    continue when v_upline is null;
    select * into v_upline_accounts from ledger_member_accounts(v_upline, p_currency);
    v_lock := v_lock || v_upline_accounts.commission_pending;
    if p_hold_days = 0 then
      v_lock := v_lock || v_upline_accounts.available || v_upline_accounts.debt;
    end if;
  end loop;
  perform 1 from ledger_accounts where id = any(v_lock) order by id for update;
end;
$$;
