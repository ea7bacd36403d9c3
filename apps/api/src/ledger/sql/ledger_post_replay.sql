-- ledger_post's answer for a key already posted: that transaction (created false) when it names
-- the same movement (kind and the multiset of account:amount pairs), IDEMPOTENCY_KEY_REUSED otherwise.
--
-- Called by ledger_post.
create or replace function ledger_post_replay(p_kind text, p_key text, p_accounts bigint[], p_amounts bigint[]) returns jsonb
language plpgsql as $$
declare
  v_id bigint;
  v_kind text;
begin
  select id, kind into v_id, v_kind from ledger_transactions where idempotency_key = p_key;
  if v_kind is distinct from p_kind
     or (select array_agg(e.account_id::text || ':' || e.amount::text order by e.account_id, e.amount)
           from ledger_entries e where e.transaction_id = v_id)
        is distinct from
        (select array_agg(x.a::text || ':' || x.m::text order by x.a, x.m) from unnest(p_accounts, p_amounts) as x(a, m)) then
    perform money_refuse('IDEMPOTENCY_KEY_REUSED');
  end if;
  return jsonb_build_object('id', v_id, 'created', false, 'balances', '{}'::jsonb);
end;
$$;
