-- What ledger_post asks of a movement before it writes anything: at least two entries, each a
-- non-zero amount on a named account and at most p_amount_max (AMOUNT_TOO_LARGE), summing to zero.
--
-- Called by ledger_post.
create or replace function ledger_post_check(p_accounts bigint[], p_amounts bigint[], p_amount_max bigint) returns void
language plpgsql as $$
declare
  v_n integer := coalesce(cardinality(p_accounts), 0);
begin
  if v_n < 2 or coalesce(cardinality(p_amounts), 0) <> v_n then
    raise exception 'a ledger transaction needs at least two entries, each with an amount';
  end if;
  for i in 1..v_n loop
    if p_accounts[i] is null or p_amounts[i] is null or p_amounts[i] = 0 then
      raise exception 'ledger amount must be a non-zero integer, got %', p_amounts[i];
    end if;
    -- Every entry of a movement is at most the movement itself, so one bound covers them all.
    if abs(p_amounts[i]) > p_amount_max then
      perform money_refuse('AMOUNT_TOO_LARGE', jsonb_build_object('amountMax', p_amount_max));
    end if;
  end loop;
  if (select sum(a) from unnest(p_amounts) as a) <> 0 then
    raise exception 'ledger entries must sum to zero';
  end if;
end;
$$;
