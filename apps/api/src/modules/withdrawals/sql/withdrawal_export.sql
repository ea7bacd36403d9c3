-- An operator exports the payout file for the bank: the oldest pending withdrawals in p_currency
-- (at most p_limit) become 'processing', sent by this operator now in this file, and the file is
-- kept as a record (payout_files and its rows, the amount each line sent); the export is audited.
-- From here their members can no longer cancel them. A withdrawal being cancelled, settled or
-- exported by another call at this moment is skipped (its row is locked), so two exports at once
-- make two files with no withdrawal in both. Refuses NOTHING_TO_EXPORT when none is pending.
--
-- Locks the withdrawals only (skip locked: it never waits on a member or another operator).
--
-- Called by modules/withdrawals/console.ts (exportPayoutFile), through modules/withdrawals/repository.ts.
create or replace function withdrawal_export(
  p_actor jsonb, p_currency char(3), p_limit integer, p_at timestamptz,
  out file payout_files
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_id uuid := gen_random_uuid();
  v_operator uuid := (p_actor ->> 'operatorId')::uuid;
  v_ids uuid[];
begin
  select array_agg(s.id order by s.created_at, s.id) into v_ids
    from (select w.id, w.created_at from withdrawals w
           where w.status = 'pending' and w.currency = p_currency
           order by w.created_at, w.id
           limit greatest(p_limit, 0)
           for update skip locked) s;
  if v_ids is null then
    perform money_refuse('NOTHING_TO_EXPORT');
  end if;
  insert into payout_files (id, created_at, created_by, currency, row_count, total)
    select v_id, v_at, v_operator, p_currency, count(*), sum(w.net) from withdrawals w where w.id = any(v_ids)
    returning * into file;
  insert into payout_file_rows (file_id, line, withdrawal_id, member_name, amount, currency)
    select v_id, x.line, w.id, u.display_name, w.net, w.currency
      from unnest(v_ids) with ordinality as x(id, line)
      join withdrawals w on w.id = x.id
      join users u on u.id = w.user_id;
  update withdrawals
     set status = 'processing', processing_at = v_at, processing_by = v_operator, processing_file_id = v_id
   where id = any(v_ids);
  perform console_audit(p_actor, 'withdrawal.export', 'payout_file', v_id::text,
    jsonb_build_object('count', file.row_count, 'total', file.total, 'currency', file.currency), v_at);
end;
$$;
