-- One line of the audit log for a console action. `p_actor` is the console actor as the operator
-- scope made it: {"operatorId", "ip", "requestId"}; the request id goes into the detail, as
-- recordConsoleAction does (modules/audit/console.ts). A null actor is the system (a gateway).
--
-- Called by modules/audit/console.ts and the operator money functions (ledger_adjust, recharge_credit, withdrawal_settle_audited).
create or replace function console_audit(
  p_actor jsonb, p_action text, p_subject_type text, p_subject_id text, p_detail jsonb, p_at timestamptz
) returns void
language sql as $$
  insert into audit_log (actor_id, action, subject_type, subject_id, ip, detail, created_at)
  values ((p_actor ->> 'operatorId')::uuid, p_action, p_subject_type, p_subject_id, p_actor ->> 'ip',
          case when p_actor is null then p_detail else p_detail || jsonb_build_object('requestId', p_actor ->> 'requestId') end,
          p_at);
$$;
