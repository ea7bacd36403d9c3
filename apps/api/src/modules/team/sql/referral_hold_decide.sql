-- 5. An operator's decision on an open hold, in one transaction: release puts the member's
-- commissions on review back to pending (releasing at once those whose holding period is over);
-- void reverses them out of each upline's commission-pending account under the ledger key
-- `commission-void:<id>`. Returns how many commissions it moved and their total.
--
-- States (the hold's whole life is written beside referral_flag): open → released, open → voided;
-- a decided hold is refused (REFERRAL_HOLD_DECIDED), so each hold is decided once. What it does to
-- the member's commissions:
--   release: review → pending (→ available at once when past its release time);
--   void:    review → reversed; also pending → reversed, though an open hold has none (referral_flag
--            puts them on review when it opens), so no commission of a voided member is left to pay.
-- After it, every commission of the member agrees with the hold (ledger/integrity-report.ts checks it).
--
-- Locks, in the one order (ledger/README.md): the member's hold lock exclusively (plan_purchase
-- holds it shared for the whole purchase: a purchase in flight finishes first and its commissions
-- are swept here; one after this call waits, then sees the decision), the hold row, the member's
-- commissions in ascending id, then every upline account it may touch in ascending id, all before
-- the first posting.
--
-- Called by modules/team/console.ts (an operator releases or voids a hold), through modules/team/repository.ts.
create or replace function referral_hold_decide(
  p_member uuid, p_decision text, p_reason text, p_operator uuid, p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out commissions integer, out total bigint
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_hold referral_holds;
  v_row record;
  v_ids uuid[];
begin
  perform pg_advisory_xact_lock(727274502, hashtext(p_member::text));
  select * into v_hold from referral_holds h where h.member_id = p_member for update;
  if not found then
    perform money_refuse('REFERRAL_HOLD_NOT_FOUND');
  end if;
  if v_hold.status <> 'open' then
    perform money_refuse('REFERRAL_HOLD_DECIDED', jsonb_build_object('status', v_hold.status));
  end if;
  update referral_holds set status = case p_decision when 'release' then 'released' else 'voided' end,
         decided_at = v_at, decided_by = p_operator, reason = p_reason
   where member_id = p_member;
  commissions := 0;
  total := 0;
  select array_agg(x.id order by x.id) into v_ids from (
    select c.id from commissions c join purchases p on p.id = c.purchase_id
     where p.user_id = p_member
       and (c.status = 'review' or (p_decision = 'void' and c.status = 'pending'))
     order by c.id
       for update of c) x;
  if v_ids is null then
    return;
  end if;
  perform 1 from ledger_accounts a
   where a.type in ('member_commission_pending', 'member_available', 'member_debt')
     and (a.owner_id, a.currency) in (
       select c.beneficiary_id, p.currency from commissions c join purchases p on p.id = c.purchase_id where c.id = any(v_ids))
   order by a.id for update;
  for v_row in
    select c.id, c.beneficiary_id, c.amount, c.release_at, c.purchase_id, p.currency
      from commissions c join purchases p on p.id = c.purchase_id
     where c.id = any(v_ids)
     order by c.beneficiary_id, c.created_at, c.id
  loop
    commissions := commissions + 1;
    total := total + v_row.amount;
    if p_decision = 'release' then
      update commissions set status = 'pending' where id = v_row.id;
      if v_row.release_at <= v_at then
        perform commission_release(v_row.id, v_at, p_amount_max, p_balance_max);
      end if;
    else
      perform ledger_post(
        'reversal', 'commission-void:' || v_row.id,
        array[(select a.commission_pending from ledger_member_accounts(v_row.beneficiary_id, v_row.currency) a),
              ledger_platform_account('platform_commission_expense', v_row.currency)],
        array[-v_row.amount, v_row.amount],
        'Commission voided after review',
        jsonb_build_object('purchaseId', v_row.purchase_id, 'commissionId', v_row.id),
        null, p_amount_max, p_balance_max);
      update commissions set status = 'reversed', reversed_at = v_at where id = v_row.id;
    end if;
  end loop;
end;
$$;
