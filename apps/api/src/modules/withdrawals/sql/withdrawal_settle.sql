-- Settles an open withdrawal once: 'paid' (with the payout reference) or 'rejected' (with a
-- reason) by an operator, from 'pending' or 'processing'; 'cancelled' by its member (p_member
-- names them, and another member's withdrawal is not found), from 'pending' only: a processing
-- withdrawal is on its way to the bank and its member can no longer take it back
-- (state_transitions, migration 1110). The row lock and the one ledger key
-- `withdrawal-settle:<id>` let exactly one outcome through, however many arrive at once; the same
-- outcome again returns the withdrawal as it is.
--
-- Settling moves money already in the system (on hold → out, or back to available): it never
-- fails because AMOUNT_MAX_MINOR or BALANCE_MAX_MINOR were lowered since the request. Those limits
-- are for new money; the hard ceilings (migration 0202) are passed to ledger_post instead, and
-- p_amount_max, p_balance_max are kept only for the callers' signature.
--
-- Locks, in the one order of every money function: the withdrawal, then the member's day row of
-- withdrawal_daily_totals (a release gives the day's allowance back), then the ledger accounts
-- (ledger_post, ascending id).
--
-- p_refs adds to the ledger transaction's refs: a settlement a second person approved names the
-- requester and the approver there (withdrawal_settle_audited).
--
-- Called by modules/withdrawals/withdrawals.ts (a member cancels) and withdrawal_settle_audited (an operator).
drop function if exists withdrawal_settle(uuid, text, uuid, uuid, text, text, timestamptz, bigint, bigint);
create or replace function withdrawal_settle(
  p_id uuid, p_outcome text, p_member uuid, p_operator uuid, p_reference text, p_reason text,
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint, p_refs jsonb default null,
  out replayed boolean, out withdrawal withdrawals
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  -- migration 0202: ledger_entries_amount_max, ledger_accounts_member_balance_max.
  c_amount_ceiling constant bigint := 1000000000000;
  c_balance_ceiling constant bigint := 1000000000000000;
  v_accounts record;
  v_posted jsonb;
begin
  if p_outcome not in ('paid', 'rejected', 'cancelled') then
    raise exception 'unknown withdrawal outcome %', p_outcome;
  end if;
  if (p_outcome = 'cancelled') <> (p_member is not null) then
    raise exception 'a withdrawal is cancelled by its member, paid or rejected by an operator';
  end if;
  select * into withdrawal from withdrawals where id = p_id and (p_member is null or user_id = p_member) for update;
  if not found then
    perform money_refuse('WITHDRAWAL_NOT_FOUND');
  end if;
  if withdrawal.status = p_outcome and (p_outcome <> 'paid' or withdrawal.payout_reference = p_reference) then
    replayed := true;
    return;
  end if;
  if not exists (select 1 from state_transitions t
                  where t.object = 'withdrawal' and t.from_state = withdrawal.status and t.to_state = p_outcome) then
    perform money_refuse('WITHDRAWAL_NOT_PENDING', jsonb_build_object('status', withdrawal.status));
  end if;

  if p_outcome in ('rejected', 'cancelled') then
    -- A withdrawal that did not happen gives its day's allowance back (the guard row, before the accounts).
    update withdrawal_daily_totals set total = greatest(0, total - withdrawal.amount)
     where user_id = withdrawal.user_id and day = (withdrawal.created_at at time zone 'UTC')::date;
  end if;
  select * into v_accounts from ledger_member_accounts(withdrawal.user_id, withdrawal.currency);
  if p_outcome = 'paid' then
    v_posted := ledger_post(
      'withdrawal_paid', 'withdrawal-settle:' || withdrawal.id,
      case when withdrawal.fee > 0
        then array[v_accounts.on_hold, ledger_platform_account('platform_cash', withdrawal.currency),
                   ledger_platform_account('platform_fee_revenue', withdrawal.currency)]
        else array[v_accounts.on_hold, ledger_platform_account('platform_cash', withdrawal.currency)] end,
      case when withdrawal.fee > 0 then array[-withdrawal.amount, withdrawal.net, withdrawal.fee]
        else array[-withdrawal.amount, withdrawal.net] end,
      'Withdrawal paid', jsonb_build_object('withdrawalId', withdrawal.id, 'payoutReference', p_reference) || coalesce(p_refs, '{}'),
      null, c_amount_ceiling, c_balance_ceiling);
  else
    v_posted := ledger_post(
      'withdrawal_release', 'withdrawal-settle:' || withdrawal.id, array[v_accounts.on_hold, v_accounts.available],
      array[-withdrawal.amount, withdrawal.amount],
      case when p_outcome = 'rejected' then 'Withdrawal rejected' else 'Withdrawal cancelled' end,
      jsonb_build_object('withdrawalId', withdrawal.id) || coalesce(p_refs, '{}'), null, c_amount_ceiling, c_balance_ceiling);
  end if;
  update withdrawals
     set status = p_outcome, settle_transaction_id = (v_posted ->> 'id')::bigint, resolved_at = v_at, resolved_by = p_operator,
         payout_reference = case when p_outcome = 'paid' then p_reference end,
         reject_reason = case when p_outcome = 'rejected' then p_reason end
   where id = withdrawal.id
  returning * into withdrawal;
  replayed := false;
end;
$$;
