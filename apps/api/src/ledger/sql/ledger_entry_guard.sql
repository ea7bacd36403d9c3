-- Each new entry, checked as it is written:
-- * it is written by the same database (sub)transaction as its ledger transaction row (the two
--   rows' xmin): a transaction already committed takes no more entries, whatever they sum to
--   (docs/decisions/0026);
-- * it carries its transaction's date (itself dated by ledger_now());
-- * its transaction's kind may move its account's type in its direction (table
--   ledger_kind_accounts, migration 1100): a recharge credits a wallet from cash, it never
--   touches a commission account;
-- * a member account's running balance is the previous entry's plus its amount (0 before the
--   first); a platform account's is null. With ledger_account_balance_check this keeps every
--   cached balance equal to the sum of its entries.
-- Entries are written while their member account's row is locked (ledger_post updates it first),
-- so "the previous entry" is well defined.
--
-- Fired by the trigger on ledger_entries below (after each row: the row's xmin is known then).
create or replace function ledger_entry_guard() returns trigger language plpgsql as $$
declare
  v record;
  v_previous bigint;
begin
  select t.xmin = e.xmin as same_xact, t.kind, t.created_at, a.type, a.balance is not null as is_member
    into v
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    join ledger_accounts a on a.id = e.account_id
   where e.id = new.id;
  if not v.same_xact then
    raise exception 'ledger transaction % is already posted; it takes no more entries', new.transaction_id
      using errcode = '55000', constraint = 'ledger_entries_with_their_transaction';
  end if;
  if new.created_at is distinct from v.created_at then
    raise exception 'a ledger entry carries its transaction''s date (%), not %', v.created_at, new.created_at
      using errcode = '23514', constraint = 'ledger_entries_dated_by_ledger_now';
  end if;
  if not exists (select 1 from ledger_kind_accounts k
                  where k.kind = v.kind and k.account_type = v.type and k.sign = sign(new.amount)) then
    raise exception 'a % transaction may not % a % account', v.kind,
      case when new.amount > 0 then 'raise' else 'lower' end, v.type
      using errcode = '23514', constraint = 'ledger_kind_accounts';
  end if;
  if v.is_member then
    select e.balance_after into v_previous from ledger_entries e
     where e.account_id = new.account_id and e.id < new.id order by e.id desc limit 1;
    if new.balance_after is distinct from coalesce(v_previous, 0) + new.amount then
      raise exception 'ledger entry % of account % says its balance after is % but the entries before come to %',
        new.id, new.account_id, new.balance_after, coalesce(v_previous, 0) + new.amount
        using errcode = '23514', constraint = 'ledger_entries_running_balance';
    end if;
  elsif new.balance_after is not null then
    raise exception 'ledger entry % of a platform account has no running balance', new.id
      using errcode = '23514', constraint = 'ledger_entries_running_balance';
  end if;
  return null;
end;
$$;

create or replace trigger ledger_entries_guard after insert on ledger_entries
  for each row execute function ledger_entry_guard();
