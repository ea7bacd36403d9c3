-- Earlier signatures (before p_expected_fee, before p_max_pending): one function of this name only.
drop function if exists withdrawal_request(uuid, uuid, uuid, bigint, text, char(3), timestamptz, bigint, bigint);
drop function if exists withdrawal_request(uuid, uuid, uuid, bigint, text, char(3), timestamptz, bigint, bigint, bigint);

-- Requests a withdrawal: checks the switch, the member, the account's owner and cool-down, the
-- amount's range, the fee the member was shown (p_expected_fee: another fee now is FEE_CHANGED,
-- never charged silently; null only from a client that sends none), the daily maximum (a
-- conditional write on the member's day row) and what may leave the wallet: available less what
-- the member owes after a claw-back (member_debt), read under the accounts' lock. Then it puts the
-- amount on hold and writes the withdrawal ('pending'), all in this one call. The member's
-- Idempotency-Key is stored on the withdrawal: the same key gives the same withdrawal back, the
-- same key for another account or amount is refused.
--
-- At most p_max_pending of the member's withdrawals are open (pending or processing) at once:
-- counted under the member's `payouts` advisory lock (727274702, as db/member-lock.ts), held to
-- the end of this transaction, so a burst of requests counts one after the other and stores
-- exactly the cap (TOO_MANY_PENDING_WITHDRAWALS past it). A replay is answered before the count.
--
-- Locks, in the one order of every money function: the member's `payouts` lock, the member's day row of
-- withdrawal_daily_totals (the guard), then the member's ledger accounts in ascending id.
--
-- Its checks are functions of their own, in their files beside this one: withdrawal_request_account
-- (who may withdraw to which account), withdrawal_request_fee and withdrawal_request_day.
--
-- Called by modules/withdrawals/withdrawals.ts, through modules/withdrawals/repository.ts.
create or replace function withdrawal_request(
  p_user uuid, p_session uuid, p_account uuid, p_amount bigint, p_request_key text, p_currency char(3),
  p_at timestamptz, p_amount_max bigint, p_balance_max bigint, p_expected_fee bigint default null,
  p_max_pending int default null,
  out replayed boolean, out withdrawal withdrawals
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_settings withdrawal_settings;
  v_account bank_accounts;
  v_fee bigint;
  v_id uuid := gen_random_uuid();
  v_accounts record;
  v_available bigint;
  v_debt bigint;
  v_posted jsonb;
  v_day date := (v_at at time zone 'UTC')::date;
  v_open int;
begin
  perform pg_advisory_xact_lock(727274701, hashtext(p_user::text || ':' || p_request_key));
  select * into withdrawal from withdrawals where user_id = p_user and request_key = p_request_key;
  if found then
    if withdrawal.bank_account_id <> p_account or withdrawal.amount <> p_amount then
      perform money_refuse('IDEMPOTENCY_KEY_REUSED');
    end if;
    replayed := true;
    return;
  end if;

  if p_max_pending is not null then
    perform pg_advisory_xact_lock(727274702, hashtext(p_user::text));
    select count(*) into v_open from withdrawals where user_id = p_user and status in ('pending', 'processing');
    if v_open >= p_max_pending then
      perform money_refuse('TOO_MANY_PENDING_WITHDRAWALS', jsonb_build_object('max', p_max_pending));
    end if;
  end if;

  select * into v_settings from withdrawal_settings;
  v_account := withdrawal_request_account(p_user, p_session, p_account, v_settings.enabled, v_at);
  v_fee := withdrawal_request_fee(p_amount, p_expected_fee, v_settings);
  perform withdrawal_request_day(p_user, v_day, p_amount, v_settings.daily_max);

  -- What the member owes is settled from their next earnings and never leaves as a payout: read
  -- available and debt under the lock ledger_post takes anyway (ascending id, all three accounts
  -- it or this check touches), so two requests at once cannot both pass on the same balance.
  select * into v_accounts from ledger_member_accounts(p_user, p_currency);
  select max(a.balance) filter (where a.id = v_accounts.available), -max(a.balance) filter (where a.id = v_accounts.debt)
    into v_available, v_debt
    from (select id, balance from ledger_accounts
           where id in (v_accounts.available, v_accounts.on_hold, v_accounts.debt) order by id for update) a;
  if v_debt > 0 and p_amount <= v_available and p_amount > v_available - v_debt then
    perform money_refuse('WITHDRAWAL_DEBT', jsonb_build_object(
      'available', v_available, 'debt', v_debt, 'withdrawable', greatest(0, v_available - v_debt)));
  end if;

  v_posted := ledger_post(
    'withdrawal_hold', 'withdrawal-hold:' || v_id, array[v_accounts.available, v_accounts.on_hold], array[-p_amount, p_amount],
    'Withdrawal requested', jsonb_build_object('withdrawalId', v_id), null, p_amount_max, p_balance_max);
  insert into withdrawals (id, user_id, request_key, bank_account_id, account_snapshot, currency, amount, fee, net, status,
                           hold_transaction_id, created_at)
    values (v_id, p_user, p_request_key, p_account,
            jsonb_build_object('holderName', v_account.holder_name, 'bankName', v_account.bank_name, 'country', v_account.country,
                               'number', v_account.number, 'numberKind', v_account.number_kind, 'label', v_account.label),
            p_currency, p_amount, v_fee, p_amount - v_fee, 'pending', (v_posted ->> 'id')::bigint, v_at)
    returning * into withdrawal;
  replayed := false;
end;
$$;
