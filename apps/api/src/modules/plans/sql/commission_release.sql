-- Moves one pending commission to its beneficiary's wallet, paying what they owe first
-- (modules/plans/rules.ts settleDebt), under the ledger key `commission-release:<id>`: a second
-- release is impossible even if a lock were missed. Anything but a pending commission is left alone.
--
-- A commission's states and who moves them:
--   review   → pending    referral_hold_decide (the hold released)
--   pending  → available  here: called by the release job (commission_release_try), by
--                         plan_purchase when there is no holding period, by referral_hold_decide
--   pending, review, available → reversed  a refund (modules/plans/refund.ts); pending and review
--                         also by a voided hold (referral_hold_decide)
--   skipped, and review at the start, are written by the purchase. A release that fails leaves the
--   commission pending with the reason and the next attempt (commission_release_failed).
--
-- Limits: a release moves money already in the system (it came in with the purchase and was
-- checked then against AMOUNT_MAX_MINOR and BALANCE_MAX_MINOR) between one member's own accounts;
-- the member holds no more than before. So a configured limit, lowered since or not, never holds a
-- release back: p_amount_max and p_balance_max are accepted (so the callers' calls stay valid) and
-- NOT applied. Only the ceilings are (AMOUNT_MAX_MINOR_CEILING 10^12 and BALANCE_MAX_MINOR_CEILING
-- 10^15, the CHECK constraints of migration 0202 that nothing passes): a release that would take the
-- available balance past 10^15 is refused BALANCE_LIMIT, and the release job records it on the row
-- and tries again later; in a purchase with no holding period it refuses the purchase.
--
-- Locks (the lock order: apps/api/src/ledger/README.md): the commission, then the beneficiary's
-- pending, available and debt accounts in ascending id order. A caller may already hold other
-- accounts (plan_purchase holds the buyer's and every upline's pending account, taken by its own
-- posting), so this function never WAITS for a row: it takes the commission and the accounts with
-- SKIP LOCKED, and when another transaction holds one of them it returns with the commission still
-- pending and due. The release job, which takes the accounts first (waiting, in order, holding
-- nothing else), releases it on its next run. A function that never waits cannot close a cycle.
--
-- Called by commission_release_try (the release job), plan_purchase (no holding period) and
-- referral_hold_decide (a hold released).
create or replace function commission_release(p_commission uuid, p_at timestamptz, p_amount_max bigint, p_balance_max bigint)
returns void
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  c_amount_ceiling constant bigint := 1000000000000;
  c_balance_ceiling constant bigint := 1000000000000000;
  v_commission record;
  v_accounts record;
  v_locked integer;
  v_owed bigint;
  v_to_debt bigint;
  v_ids bigint[];
  v_amounts bigint[];
begin
  select c.id, c.beneficiary_id, c.amount, c.purchase_id, p.currency into v_commission
    from commissions c join purchases p on p.id = c.purchase_id
   where c.id = p_commission and c.status = 'pending'
     for update of c skip locked;
  if not found then
    return;
  end if;
  select * into v_accounts from ledger_member_accounts(v_commission.beneficiary_id, v_commission.currency);
  -- Rows this transaction holds already count as taken; rows another one holds are skipped.
  select count(*) into v_locked from (
    select 1 from ledger_accounts
     where id in (v_accounts.commission_pending, v_accounts.available, v_accounts.debt)
     order by id for no key update skip locked) taken;
  if v_locked < 3 then
    return;
  end if;
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
    null, c_amount_ceiling, c_balance_ceiling);
  update commissions
     set status = 'available', released_at = v_at, release_error = null, release_failed_at = null, next_release_attempt_at = null
   where id = v_commission.id;
end;
$$;
