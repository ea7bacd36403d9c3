-- ledger_post's cached balances: each member account the movement touches changes by its net
-- amount in one conditional update, in ascending id order (two movements on the same accounts
-- queue instead of deadlocking): available-like accounts stay within [0, balance max] (only a
-- credit meets the maximum: BALANCE_LIMIT; a debit below zero: INSUFFICIENT_FUNDS), a debt
-- account within [-balance max, 0]. Platform accounts are not touched. Returns each member
-- account's id, balance after and net change, in ascending id; an unknown account is an error.
--
-- Called by ledger_post.
create or replace function ledger_post_balances(
  p_accounts bigint[], p_amounts bigint[], p_balance_max bigint,
  out ids bigint[], out finals bigint[], out deltas bigint[]
) language plpgsql as $$
declare
  v_account record;
  v_balance bigint;
  v_distinct integer := 0;
begin
  ids := '{}';
  finals := '{}';
  deltas := '{}';
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
    ids := ids || v_account.id;
    finals := finals || v_balance;
    deltas := deltas || v_account.delta;
  end loop;
  if v_distinct <> (select count(distinct a) from unnest(p_accounts) as a) then
    raise exception 'ledger entry names an unknown account';
  end if;
end;
$$;
