-- Credits a recharge order once: platform cash → member available under the ledger key
-- `recharge:<order id>` (so two paths racing past every other check still credit once), the order
-- marked credited, and the audit row. `p_actor` null is the gateway (its webhook checked the event
-- and the amounts first, in the same transaction); otherwise the operator, whose Idempotency-Key
-- `p_request_key` is kept on the order (`<operator>:<key>`; when that would pass the column's 200
-- characters, `sha256:<operator>:<SHA-256 of the key>`, which no plain one can look like: every
-- key the API accepts works). Returns the order and its channel (as JSON rows), and whether this
-- was a replay of the operator's own earlier credit.
--
-- Called by modules/recharge/credit-order.ts (an operator credits an order; a gateway webhook: webhook-event.ts), through modules/recharge/repository.ts.
create or replace function recharge_credit(
  p_order uuid, p_actor jsonb, p_note text, p_payment_reference text, p_request_key text,
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint,
  out replayed boolean, out recharge_order jsonb, out channel jsonb
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_order recharge_orders;
  v_channel payment_channels;
  v_accounts record;
  v_posted jsonb;
  v_from text;
  v_credit_key text := case when p_actor is null or p_request_key is null then null
                            else (p_actor ->> 'operatorId') || ':' || p_request_key end;
begin
  if length(v_credit_key) > 200 then
    v_credit_key := 'sha256:' || (p_actor ->> 'operatorId') || ':' || encode(sha256(convert_to(p_request_key, 'UTF8')), 'hex');
  end if;
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
    null, p_amount_max, p_balance_max);
  update recharge_orders
     set status = 'credited', resolved_at = v_at, resolved_by = (p_actor ->> 'operatorId')::uuid,
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
    v_at);
end;
$$;
