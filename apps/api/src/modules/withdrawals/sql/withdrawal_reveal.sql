-- An operator reveals a withdrawal's full bank details, to pay it by hand: audited every time,
-- and a pending withdrawal becomes 'processing' (sent by this operator, now, in no file): from
-- here its member can no longer cancel it, as the money may be on its way. A withdrawal in any
-- other state is only revealed. `moved` says whether this call moved it.
--
-- Locks the withdrawal only.
--
-- Called by modules/withdrawals/console.ts (revealPayoutDetails), through modules/withdrawals/repository.ts.
create or replace function withdrawal_reveal(
  p_id uuid, p_actor jsonb, p_at timestamptz,
  out withdrawal withdrawals, out moved boolean
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
begin
  select * into withdrawal from withdrawals where id = p_id for update;
  if not found then
    perform money_refuse('WITHDRAWAL_NOT_FOUND');
  end if;
  moved := withdrawal.status = 'pending';
  if moved then
    update withdrawals
       set status = 'processing', processing_at = v_at, processing_by = (p_actor ->> 'operatorId')::uuid, processing_file_id = null
     where id = p_id
    returning * into withdrawal;
  end if;
  perform console_audit(p_actor, 'withdrawal.reveal_account', 'withdrawal', p_id::text,
    jsonb_build_object('member', withdrawal.user_id, 'status', withdrawal.status, 'movedToProcessing', moved), v_at);
end;
$$;
