-- A withdrawal paid or rejected by an operator, from 'pending' or 'processing': withdrawal_settle
-- (withdrawal_settle.sql) and its audit row in one call. The audit row says which state it came
-- from and, when a payout file sent it, which file. The same outcome again (a double click)
-- returns it as it is and audits nothing. A result file a second person approved (modules/approvals)
-- comes with `approvedBy` and `approvalId` in p_actor: both go on the audit row beside the requester,
-- and on the ledger transaction's refs with the requester (`operatorId`), as an approved adjustment's.
--
-- Called by modules/withdrawals/console.ts (pay, reject, the bank's result file), through modules/withdrawals/repository.ts.
create or replace function withdrawal_settle_audited(
  p_id uuid, p_outcome text, p_actor jsonb, p_reference text, p_reason text,
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out replayed boolean, out withdrawal withdrawals, out display_name text
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_settled record;
begin
  if p_outcome not in ('paid', 'rejected') then
    raise exception 'an operator pays or rejects a withdrawal, not %', p_outcome;
  end if;
  select * into v_settled
    from withdrawal_settle(p_id, p_outcome, null, (p_actor ->> 'operatorId')::uuid, p_reference, p_reason,
                           v_at, p_amount_max, p_balance_max,
                           case when p_actor ? 'approvedBy' then
                             jsonb_build_object('operatorId', p_actor ->> 'operatorId', 'approvedBy', p_actor ->> 'approvedBy',
                                                'approvalId', p_actor ->> 'approvalId') end);
  replayed := v_settled.replayed;
  withdrawal := v_settled.withdrawal;
  if not replayed then
    perform console_audit(p_actor, case p_outcome when 'paid' then 'withdrawal.pay' else 'withdrawal.reject' end,
      'withdrawal', p_id::text,
      jsonb_build_object('member', withdrawal.user_id, 'amount', withdrawal.amount, 'net', withdrawal.net,
                         'transactionId', withdrawal.settle_transaction_id,
                         -- Only a withdrawal that was on its way keeps when it was sent (a requeue clears it).
                         'from', case when withdrawal.processing_at is null then 'pending' else 'processing' end,
                         'payoutFileId', withdrawal.processing_file_id)
        || case p_outcome when 'paid' then jsonb_build_object('payoutReference', p_reference)
                          else jsonb_build_object('reason', p_reason) end
        || jsonb_strip_nulls(jsonb_build_object('approvedBy', p_actor ->> 'approvedBy', 'approvalId', p_actor ->> 'approvalId')),
      v_at);
  end if;
  select u.display_name into display_name from users u where u.id = withdrawal.user_id;
end;
$$;
