-- The operator's money actions as one database call each (docs/decisions/0012, continued): a
-- balance adjustment, the credit of a recharge order and the settlement of a withdrawal each used
-- to be a transaction of five to ten statements from the server (BEGIN, lookups, the ledger
-- call, the row update, the audit row, COMMIT, and around it the generic idempotency record's
-- claim and store). Now each is one statement, so with the session read a request costs two round
-- trips. The rules are those of the code they replace; the refusals travel as SQLSTATE 'OR001'.

-- One line of the audit log for a console action. `p_actor` is the console actor as the operator
-- scope made it: {"operatorId", "ip", "requestId"}; the request id goes into the detail, as
-- recordConsoleAction does (modules/audit/console.ts). A null actor is the system (a gateway).
create function console_audit(
  p_actor jsonb, p_action text, p_subject_type text, p_subject_id text, p_detail jsonb, p_at timestamptz
) returns void
language sql as $$
  insert into audit_log (actor_id, action, subject_type, subject_id, ip, detail, created_at)
  values ((p_actor ->> 'operatorId')::uuid, p_action, p_subject_type, p_subject_id, p_actor ->> 'ip',
          case when p_actor is null then p_detail else p_detail || jsonb_build_object('requestId', p_actor ->> 'requestId') end,
          p_at);
$$;

-- An operator credits or debits a member's available balance against the platform adjustments
-- account, with a reason. The operator's Idempotency-Key is the ledger key
-- (`adjust:<operator>:<key>`), so the ledger transaction is the request's idempotency record: the
-- same adjustment again returns it (created false, nothing audited twice); the same key for
-- another member, direction or amount is refused by ledger_post (IDEMPOTENCY_KEY_REUSED).
-- Returns {"transactionId", "created", "available", "onHold"} (balances as they are now).
create function ledger_adjust(
  p_member uuid, p_direction text, p_amount bigint, p_reason text, p_key text, p_actor jsonb,
  p_currency char(3), p_at timestamptz, p_amount_max bigint, p_balance_max bigint
) returns jsonb
language plpgsql as $$
declare
  v_accounts record;
  v_signed bigint := case p_direction when 'credit' then p_amount when 'debit' then -p_amount end;
  v_operator text := p_actor ->> 'operatorId';
  v_posted jsonb;
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
  select * into v_accounts from ledger_member_accounts(p_member, p_currency);
  v_posted := ledger_post(
    case p_direction when 'credit' then 'adjustment_credit' else 'adjustment_debit' end,
    'adjust:' || v_operator || ':' || p_key,
    array[v_accounts.available, ledger_platform_account('platform_adjustments', p_currency)],
    array[v_signed, -v_signed],
    p_reason,
    -- Who and how much are also in the entries; the refs make the transaction readable on its own.
    jsonb_build_object('operatorId', v_operator, 'userId', p_member, 'direction', p_direction, 'amount', p_amount::text),
    null, p_at, p_amount_max, p_balance_max);
  if (v_posted ->> 'created')::boolean then
    perform console_audit(p_actor, 'ledger.adjust.' || p_direction, 'user', p_member::text,
      jsonb_build_object('amount', p_amount, 'currency', p_currency, 'reason', p_reason, 'transactionId', (v_posted ->> 'id')::bigint),
      p_at);
  end if;
  select balance into v_available from ledger_accounts where id = v_accounts.available;
  select balance into v_on_hold from ledger_accounts where id = v_accounts.on_hold;
  return jsonb_build_object('transactionId', (v_posted ->> 'id')::bigint, 'created', (v_posted ->> 'created')::boolean,
                            'available', v_available, 'onHold', v_on_hold);
end;
$$;

-- The operator's Idempotency-Key for crediting an order, kept on the order: a retried credit
-- finds its order credited under that key and gets it back instead of "already credited".
alter table recharge_orders add column credit_key text check (length(credit_key) between 1 and 200);

-- Credits a recharge order once: platform cash → member available under the ledger key
-- `recharge:<order id>` (so two paths racing past every other check still credit once), the order
-- marked credited, and the audit row. `p_actor` null is the gateway (its webhook checked the event
-- and the amounts first, in the same transaction); otherwise the operator, whose Idempotency-Key
-- `p_request_key` is kept on the order. Returns the order and its channel (as JSON rows), and
-- whether this was a replay of the operator's own earlier credit.
create function recharge_credit(
  p_order uuid, p_actor jsonb, p_note text, p_payment_reference text, p_request_key text,
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out replayed boolean, out recharge_order jsonb, out channel jsonb
)
language plpgsql as $$
declare
  v_order recharge_orders;
  v_channel payment_channels;
  v_accounts record;
  v_posted jsonb;
  v_from text;
  v_credit_key text := case when p_actor is null or p_request_key is null then null
                            else (p_actor ->> 'operatorId') || ':' || p_request_key end;
begin
  replayed := false;
  select * into v_order from recharge_orders where id = p_order for update;
  if not found then
    perform money_refuse('RECHARGE_ORDER_NOT_FOUND');
  end if;
  select * into v_channel from payment_channels where code = v_order.channel_code;
  channel := to_jsonb(v_channel);
  if v_order.status = 'credited' then
    if v_credit_key is not null and v_order.credit_key = v_credit_key then
      replayed := true;
      recharge_order := to_jsonb(v_order);
      return;
    end if;
    perform money_refuse('ALREADY_CREDITED');
  end if;
  -- The payment may arrive after the countdown: an expired order can still be credited.
  if v_order.status not in ('awaiting_payment', 'submitted', 'expired') then
    perform money_refuse('RECHARGE_ORDER_CLOSED', jsonb_build_object('status', v_order.status));
  end if;
  v_from := v_order.status;
  select * into v_accounts from ledger_member_accounts(v_order.user_id, v_order.currency);
  v_posted := ledger_post(
    'recharge', 'recharge:' || v_order.id,
    array[v_accounts.available, ledger_platform_account('platform_cash', v_order.currency)],
    array[v_order.amount, -v_order.amount],
    -- The member reads this memo: the kind's plain name (MEMBER_CHANNEL_NAMES), not the operator's name of the channel.
    'Recharge ' || v_order.reference || ' via ' || case v_channel.kind when 'gateway' then 'Card payment' else 'Bank transfer' end,
    jsonb_build_object('rechargeOrderId', v_order.id, 'reference', v_order.reference),
    null, p_at, p_amount_max, p_balance_max);
  update recharge_orders
     set status = 'credited', resolved_at = p_at, resolved_by = (p_actor ->> 'operatorId')::uuid,
         ledger_transaction_id = (v_posted ->> 'id')::bigint,
         gateway_payment_reference = coalesce(p_payment_reference, gateway_payment_reference),
         credit_key = v_credit_key
   where id = v_order.id
   returning * into v_order;
  recharge_order := to_jsonb(v_order);
  perform console_audit(p_actor,
    case when p_actor is null then 'recharge.credit.gateway' else 'recharge.credit' end,
    'recharge_order', v_order.id::text,
    jsonb_build_object('amount', v_order.amount, 'currency', v_order.currency, 'transactionId', (v_posted ->> 'id')::bigint,
                       'from', v_from, 'paymentReference', p_payment_reference)
      || case when p_actor is null then '{}'::jsonb else jsonb_build_object('note', p_note) end,
    p_at);
end;
$$;

-- A withdrawal paid or rejected by an operator: withdrawal_settle (migration 0700) and its audit
-- row in one call. The same outcome again (a double click) returns it as it is and audits nothing.
create function withdrawal_settle_audited(
  p_id uuid, p_outcome text, p_actor jsonb, p_reference text, p_reason text,
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out replayed boolean, out withdrawal withdrawals, out display_name text
)
language plpgsql as $$
declare
  v_settled record;
begin
  select * into v_settled
    from withdrawal_settle(p_id, p_outcome, null, (p_actor ->> 'operatorId')::uuid, p_reference, p_reason,
                           p_at, p_amount_max, p_balance_max);
  replayed := v_settled.replayed;
  withdrawal := v_settled.withdrawal;
  if not replayed then
    perform console_audit(p_actor, case p_outcome when 'paid' then 'withdrawal.pay' else 'withdrawal.reject' end,
      'withdrawal', p_id::text,
      jsonb_build_object('member', withdrawal.user_id, 'amount', withdrawal.amount, 'net', withdrawal.net,
                         'transactionId', withdrawal.settle_transaction_id)
        || case p_outcome when 'paid' then jsonb_build_object('payoutReference', p_reference)
                          else jsonb_build_object('reason', p_reason) end,
      p_at);
  end if;
  select u.display_name into display_name from users u where u.id = withdrawal.user_id;
end;
$$;
