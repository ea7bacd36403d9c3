-- 5. An operator's decision on an open hold, in one transaction: release puts the member's
-- commissions on review back to pending (releasing at once those whose holding period is over);
-- void reverses them out of each upline's commission-pending account under the ledger key
-- `commission-void:<id>`. Returns how many commissions it moved and their total.
--
-- Called by modules/team/console.ts (an operator releases or voids a hold), through modules/team/repository.ts.
create or replace function referral_hold_decide(
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
