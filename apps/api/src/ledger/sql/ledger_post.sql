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
-- Its steps are functions of their own, in their files beside this one: ledger_post_check (the
-- movement's shape), ledger_post_replay (a key already posted) and ledger_post_balances (the
-- member accounts' conditional updates).
--
-- Called by ledger/post-transaction.ts (postTransaction) and every money function that moves money.
drop function if exists ledger_post(text, text, bigint[], bigint[], text, jsonb, bigint, timestamptz, bigint, bigint);
create or replace function ledger_post(
  p_kind text, p_key text, p_accounts bigint[], p_amounts bigint[], p_memo text, p_refs jsonb,
  p_reverses_id bigint, p_amount_max bigint, p_balance_max bigint
) returns jsonb
language plpgsql as $$
declare
  v_id bigint;
  v_balances record;
  v_at timestamptz := ledger_now();
begin
  perform ledger_post_check(p_accounts, p_amounts, p_amount_max);

  insert into ledger_transactions (kind, idempotency_key, memo, refs, reverses_id, created_at)
    values (p_kind, p_key, coalesce(p_memo, ''), coalesce(p_refs, '{}'::jsonb), p_reverses_id, v_at)
    on conflict (idempotency_key) do nothing
    returning id into v_id;
  if v_id is null then
    return ledger_post_replay(p_kind, p_key, p_accounts, p_amounts);
  end if;

  select * into v_balances from ledger_post_balances(p_accounts, p_amounts, p_balance_max);

  -- Running balance per member entry, counted back from the balance after the whole transaction.
  insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
  select v_id, x.a, x.m,
         case when b.final is null then null
              else b.final - b.delta + sum(x.m) over (partition by x.a order by x.i) end,
         v_at
    from unnest(p_accounts, p_amounts) with ordinality as x(a, m, i)
    left join unnest(v_balances.ids, v_balances.finals, v_balances.deltas) as b(id, final, delta) on b.id = x.a
   order by x.i;

  return jsonb_build_object(
    'id', v_id, 'created', true,
    'balances', coalesce((select jsonb_object_agg(b.id, b.final) from unnest(v_balances.ids, v_balances.finals) as b(id, final)), '{}'::jsonb));
end;
$$;
