-- A platform account's id, created on first use. Platform rows are never locked or updated.
--
-- Called by ledger/accounts.ts and the money functions.
create or replace function ledger_platform_account(p_type text, p_currency char(3)) returns bigint
language plpgsql as $$
declare
  v_id bigint;
begin
  select id into v_id from ledger_accounts where owner_id is null and type = p_type and currency = p_currency;
  if v_id is null then
    insert into ledger_accounts (owner_id, type, currency, balance) values (null, p_type, p_currency, null)
      on conflict do nothing;
    select id into v_id from ledger_accounts where owner_id is null and type = p_type and currency = p_currency;
  end if;
  return v_id;
end;
$$;
