-- Moves one pending commission to its beneficiary's wallet, paying what they owe first
-- (modules/plans/rules.ts settleDebt). The caller may hold the commission's row lock; the ledger
-- key `commission-release:<id>` makes a second release impossible even if a lock were missed.
-- A commission that is no longer pending is left alone.
--
-- Called by commission_release_due, plan_purchase (no holding period) and referral_hold_decide (release).
create or replace function commission_release(p_commission uuid, p_at timestamptz, p_amount_max bigint, p_balance_max bigint)
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
