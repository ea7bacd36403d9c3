-- Refusals (a business answer, not a fault) are raised with SQLSTATE 'OR001': MESSAGE is the
-- refusal's code, DETAIL a JSON object of what its message needs. The server turns them into its
-- 4xx errors (apps/api/src/ledger/database-errors.ts, modules/plans/purchase.ts); any other error
-- is a fault.
--
-- Called by every money function that refuses (ledger_post, plan_purchase, withdrawal_request …).
create or replace function money_refuse(p_code text, p_detail jsonb default '{}'::jsonb) returns void
language plpgsql as $$
begin
  raise exception using errcode = 'OR001', message = p_code, detail = p_detail::text;
end;
$$;
