-- The fee of a withdrawal of p_amount under the settings: fixed + basis points, rounded down.
--
-- Called by withdrawal_request_fee (withdrawal_request); modules/withdrawals/withdrawals.ts shows the same fee before the request.
create or replace function withdrawal_fee(p_amount bigint, p_settings withdrawal_settings) returns bigint
language sql immutable as $$
  select p_settings.fee_fixed + (p_amount * p_settings.fee_bp) / 10000;
$$;
