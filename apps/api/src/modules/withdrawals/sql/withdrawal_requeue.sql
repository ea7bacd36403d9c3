-- An operator puts a processing withdrawal back in the queue on purpose ('processing' →
-- 'pending'), with a reason (at least 3 characters), audited with who sent it, when and in which
-- file: the bank did not take it, or it was revealed by mistake. Its member may cancel it again.
-- One already pending (a double click) is returned as it is, `replayed`, with nothing audited;
-- one in a final state is refused (WITHDRAWAL_NOT_PROCESSING).
--
-- Locks the withdrawal only.
--
-- Called by modules/withdrawals/console.ts (requeueWithdrawal), through modules/withdrawals/repository.ts.
create or replace function withdrawal_requeue(
  p_id uuid, p_actor jsonb, p_reason text, p_at timestamptz,
  out replayed boolean, out withdrawal withdrawals, out display_name text
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_before withdrawals;
begin
  if coalesce(length(btrim(p_reason)), 0) < 3 then
    raise exception 'a withdrawal goes back to the queue with a reason';
  end if;
  select * into v_before from withdrawals where id = p_id for update;
  if not found then
    perform money_refuse('WITHDRAWAL_NOT_FOUND');
  end if;
  withdrawal := v_before;
  replayed := v_before.status = 'pending';
  if v_before.status not in ('pending', 'processing') then
    perform money_refuse('WITHDRAWAL_NOT_PROCESSING', jsonb_build_object('status', v_before.status));
  end if;
  if not replayed then
    update withdrawals set status = 'pending', processing_at = null, processing_by = null, processing_file_id = null
     where id = p_id
    returning * into withdrawal;
    perform console_audit(p_actor, 'withdrawal.requeue', 'withdrawal', p_id::text,
      jsonb_build_object('member', v_before.user_id, 'reason', btrim(p_reason), 'sentAt', v_before.processing_at,
                         'sentBy', v_before.processing_by, 'payoutFileId', v_before.processing_file_id),
      v_at);
  end if;
  select u.display_name into display_name from users u where u.id = withdrawal.user_id;
end;
$$;
