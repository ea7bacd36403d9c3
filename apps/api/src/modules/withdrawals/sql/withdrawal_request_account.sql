-- Who may withdraw to which account, in the order a member is told: a recent step-up on this
-- session (STEP_UP_REQUIRED), withdrawals switched on (WITHDRAWALS_DISABLED), an active member
-- (ACCOUNT_FROZEN), their own bank account, not removed (BANK_ACCOUNT_NOT_FOUND) and past its
-- cool-down (BANK_ACCOUNT_COOLING_DOWN). Returns the bank account; reads only.
--
-- Called by withdrawal_request.
create or replace function withdrawal_request_account(
  p_user uuid, p_session uuid, p_account uuid, p_enabled boolean, p_at timestamptz
) returns bank_accounts
language plpgsql as $$
declare
  v_account bank_accounts;
begin
  if not exists (select 1 from sessions s where s.id = p_session and s.user_id = p_user and s.step_up_until > p_at) then
    perform money_refuse('STEP_UP_REQUIRED');
  end if;
  if not p_enabled then
    perform money_refuse('WITHDRAWALS_DISABLED');
  end if;
  if exists (select 1 from users u where u.id = p_user and u.status <> 'active') then
    perform money_refuse('ACCOUNT_FROZEN');
  end if;
  select * into v_account from bank_accounts where id = p_account and user_id = p_user and removed_at is null;
  if not found then
    perform money_refuse('BANK_ACCOUNT_NOT_FOUND');
  end if;
  if v_account.usable_from > p_at then
    perform money_refuse('BANK_ACCOUNT_COOLING_DOWN', jsonb_build_object('usableFrom', v_account.usable_from));
  end if;
  return v_account;
end;
$$;
