-- A published earnings disclosure is never changed or removed (docs/decisions/0031): the next day's
-- computation is a new row. Bound to earnings_disclosures (migration 1400) below.
create or replace function earnings_disclosure_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: a published disclosure is never changed or removed', tg_table_name
    using errcode = '55000';
end;
$$;

create or replace trigger earnings_disclosures_append_only before update or delete on earnings_disclosures
  for each row execute function earnings_disclosure_refuse_change();
create or replace trigger earnings_disclosures_no_truncate before truncate on earnings_disclosures
  for each statement execute function earnings_disclosure_refuse_change();
