-- A withdrawal's fee (withdrawal_fee), once the amount is in range and leaves something after the
-- fee (WITHDRAWAL_AMOUNT_OUT_OF_RANGE), and is the fee the member was shown (FEE_CHANGED; never
-- charged silently; p_expected_fee null only from a client that sends none).
--
-- Called by withdrawal_request.
create or replace function withdrawal_request_fee(p_amount bigint, p_expected_fee bigint, p_settings withdrawal_settings) returns bigint
language plpgsql as $$
declare
  v_fee bigint := withdrawal_fee(p_amount, p_settings);
begin
  if p_amount < p_settings.min_amount or p_amount > p_settings.max_amount or v_fee >= p_amount then
    perform money_refuse('WITHDRAWAL_AMOUNT_OUT_OF_RANGE',
      jsonb_build_object('min', greatest(p_settings.min_amount, p_settings.fee_fixed + 1), 'max', p_settings.max_amount));
  end if;
  if p_expected_fee is not null and p_expected_fee <> v_fee then
    perform money_refuse('FEE_CHANGED', jsonb_build_object('fee', v_fee, 'expected', p_expected_fee, 'net', p_amount - v_fee));
  end if;
  return v_fee;
end;
$$;
