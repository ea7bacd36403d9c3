-- An operator credits or debits a member's available balance against the platform adjustments
-- account, with a reason. The operator's Idempotency-Key is the ledger key
-- (`adjust:<operator>:<key>`), so the ledger transaction is the request's idempotency record: the
-- same adjustment again returns it (created false, nothing audited twice); the same key for
-- another member, direction or amount is refused by ledger_post (IDEMPOTENCY_KEY_REUSED).
-- The API accepts keys of up to 200 characters and a ledger key holds 200 (migration 0200): when
-- the prefix and the key together would pass that, the key is replaced by its SHA-256,
-- `adjust-sha256:<operator>:<64 hex digits>` (the same key always gives the same ledger key, and
-- no plain `adjust:` key can look like it). Keys that fit are kept as they are, so the ledger keys
-- written before stay valid.
-- An adjustment a second person approved (modules/approvals) comes with `approvedBy` and
-- `approvalId` in p_actor (the requester stays `operatorId`, so the ledger key is the same whoever
-- approves): both names go on the ledger transaction's refs and on the audit row.
-- With p_gated (the operator's own adjustment, not an approved one) the two-person approval's
-- threshold (approval_settings, docs/decisions/0033) is read in the same call: an amount over it
-- moves nothing and returns {"needsApproval": true}, and the service records the request instead.
-- So an adjustment under the threshold still costs one call, not a settings read and then a call.
-- Returns {"transactionId", "created", "available", "onHold"} (balances as they are now).
--
-- Called by modules/admin-ledger/service.ts, through modules/admin-ledger/repository.ts.
drop function if exists ledger_adjust(uuid, text, bigint, text, text, jsonb, char(3), timestamptz, bigint, bigint);
create or replace function ledger_adjust(
  p_member uuid, p_direction text, p_amount bigint, p_reason text, p_key text, p_actor jsonb,
  p_currency char(3), p_at timestamptz, p_amount_max bigint, p_balance_max bigint, p_gated boolean
) returns jsonb
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_accounts record;
  v_signed bigint := case p_direction when 'credit' then p_amount when 'debit' then -p_amount end;
  v_operator text := p_actor ->> 'operatorId';
  v_key text := 'adjust:' || (p_actor ->> 'operatorId') || ':' || p_key;
  v_posted jsonb;
  v_approval jsonb := jsonb_strip_nulls(jsonb_build_object('approvedBy', p_actor ->> 'approvedBy', 'approvalId', p_actor ->> 'approvalId'));
  v_available bigint;
  v_on_hold bigint;
begin
  if v_signed is null or p_amount <= 0 or v_operator is null then
    raise exception 'ledger_adjust: bad direction, amount or actor';
  end if;
  perform 1 from users where id = p_member and role = 'member';
  if not found then
    perform money_refuse('MEMBER_NOT_FOUND');
  end if;
  if p_gated and exists (select 1 from approval_settings where threshold is not null and p_amount > threshold) then
    return jsonb_build_object('needsApproval', true);
  end if;
  if length(v_key) > 200 then
    v_key := 'adjust-sha256:' || v_operator || ':' || encode(sha256(convert_to(p_key, 'UTF8')), 'hex');
  end if;
  select * into v_accounts from ledger_member_accounts(p_member, p_currency);
  v_posted := ledger_post(
    case p_direction when 'credit' then 'adjustment_credit' else 'adjustment_debit' end,
    v_key,
    array[v_accounts.available, ledger_platform_account('platform_adjustments', p_currency)],
    array[v_signed, -v_signed],
    p_reason,
    -- Who and how much are also in the entries; the refs make the transaction readable on its own.
    jsonb_build_object('operatorId', v_operator, 'userId', p_member, 'direction', p_direction, 'amount', p_amount::text)
      || v_approval,
    null, p_amount_max, p_balance_max);
  if (v_posted ->> 'created')::boolean then
    perform console_audit(p_actor, 'ledger.adjust.' || p_direction, 'user', p_member::text,
      jsonb_build_object('amount', p_amount, 'currency', p_currency, 'reason', p_reason, 'transactionId', (v_posted ->> 'id')::bigint)
        || v_approval,
      v_at);
  end if;
  select balance into v_available from ledger_accounts where id = v_accounts.available;
  select balance into v_on_hold from ledger_accounts where id = v_accounts.on_hold;
  return jsonb_build_object('transactionId', (v_posted ->> 'id')::bigint, 'created', (v_posted ->> 'created')::boolean,
                            'available', v_available, 'onHold', v_on_hold);
end;
$$;
