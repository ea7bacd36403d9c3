-- Writes one balanced transaction: its row, its entries (in the order given) and the cached
-- balances of the member accounts it touches. Member rows change by a conditional update, in
-- ascending id order (two movements on the same accounts queue instead of deadlocking):
-- available-like accounts stay within [0, balance max] (only a credit meets the maximum, so a
-- balance above a lowered maximum can still be spent), a debt account within [-balance max, 0].
-- Platform accounts are not touched: their balance is the sum of their entries.
-- A key already posted returns that transaction (created false) when it names the same movement
-- (kind and the multiset of account:amount pairs), and refuses IDEMPOTENCY_KEY_REUSED otherwise.
-- Returns {"id", "created", "balances": {"<member account id>": balance after}}.
-- The posting time is ledger_now() (no parameter: a caller cannot backdate). The entry guard
-- (ledger_entry_guard.sql) refuses an entry whose account type and sign its kind may not move
-- (table ledger_kind_accounts, migration 1100).
--
-- Called by ledger/post-transaction.ts (postTransaction) and every money function that moves money.
drop function if exists ledger_post(text, text, bigint[], bigint[], text, jsonb, bigint, timestamptz, bigint, bigint);
create or replace function ledger_post(
  p_kind text, p_key text, p_accounts bigint[], p_amounts bigint[], p_memo text, p_refs jsonb,
  p_reverses_id bigint, p_amount_max bigint, p_balance_max bigint
) returns jsonb
language plpgsql as $$
declare
  v_n integer := coalesce(cardinality(p_accounts), 0);
  v_id bigint;
  v_kind text;
  v_account record;
  v_balance bigint;
  v_distinct integer := 0;
  v_ids bigint[] := '{}';
  v_finals bigint[] := '{}';
  v_deltas bigint[] := '{}';
  v_at timestamptz := ledger_now();
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

  insert into ledger_transactions (kind, idempotency_key, memo, refs, reverses_id, created_at)
    values (p_kind, p_key, coalesce(p_memo, ''), coalesce(p_refs, '{}'::jsonb), p_reverses_id, v_at)
    on conflict (idempotency_key) do nothing
    returning id into v_id;
  if v_id is null then
    select id, kind into v_id, v_kind from ledger_transactions where idempotency_key = p_key;
    if v_kind is distinct from p_kind
       or (select array_agg(e.account_id::text || ':' || e.amount::text order by e.account_id, e.amount)
             from ledger_entries e where e.transaction_id = v_id)
          is distinct from
          (select array_agg(x.a::text || ':' || x.m::text order by x.a, x.m) from unnest(p_accounts, p_amounts) as x(a, m)) then
      perform money_refuse('IDEMPOTENCY_KEY_REUSED');
    end if;
    return jsonb_build_object('id', v_id, 'created', false, 'balances', '{}'::jsonb);
  end if;

  for v_account in
    select a.id, a.type, a.balance is not null as is_member, d.delta
      from (select x.a as account_id, sum(x.m)::bigint as delta from unnest(p_accounts, p_amounts) as x(a, m) group by x.a) d
      join ledger_accounts a on a.id = d.account_id
     order by a.id
  loop
    v_distinct := v_distinct + 1;
    continue when not v_account.is_member;
    if v_account.type = 'member_debt' then
      update ledger_accounts set balance = balance + v_account.delta
       where id = v_account.id and balance + v_account.delta between -p_balance_max and 0
       returning balance into v_balance;
      if not found then
        raise exception 'debt account % would leave [-balance max, 0]', v_account.id;
      end if;
    elsif v_account.delta > 0 then
      update ledger_accounts set balance = balance + v_account.delta
       where id = v_account.id and balance + v_account.delta <= p_balance_max
       returning balance into v_balance;
      if not found then
        perform money_refuse('BALANCE_LIMIT', jsonb_build_object('accountId', v_account.id));
      end if;
    else
      update ledger_accounts set balance = balance + v_account.delta
       where id = v_account.id and balance + v_account.delta >= 0
       returning balance into v_balance;
      if not found then
        perform money_refuse('INSUFFICIENT_FUNDS', jsonb_build_object('accountId', v_account.id));
      end if;
    end if;
    v_ids := v_ids || v_account.id;
    v_finals := v_finals || v_balance;
    v_deltas := v_deltas || v_account.delta;
  end loop;
  if v_distinct <> (select count(distinct a) from unnest(p_accounts) as a) then
    raise exception 'ledger entry names an unknown account';
  end if;

  -- Running balance per member entry, counted back from the balance after the whole transaction.
  insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
  select v_id, x.a, x.m,
         case when b.final is null then null
              else b.final - b.delta + sum(x.m) over (partition by x.a order by x.i) end,
         v_at
    from unnest(p_accounts, p_amounts) with ordinality as x(a, m, i)
    left join unnest(v_ids, v_finals, v_deltas) as b(id, final, delta) on b.id = x.a
   order by x.i;

  return jsonb_build_object(
    'id', v_id, 'created', true,
    'balances', coalesce((select jsonb_object_agg(b.id, b.final) from unnest(v_ids, v_finals) as b(id, final)), '{}'::jsonb));
end;
$$;
