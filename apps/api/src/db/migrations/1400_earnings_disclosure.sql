-- The earnings disclosure (docs/decisions/0031): one snapshot per UTC day, computed from the books
-- by the disclosure job and never changed afterwards (modules/disclosure/sql/
-- earnings_disclosure_refuse_change.sql refuses UPDATE, DELETE and TRUNCATE). The figures are the
-- computation's output as it was published; `method` names the method version that produced them.
create table earnings_disclosures (
  id bigint generated always as identity primary key,
  as_of_date date not null unique,
  computed_at timestamptz not null,
  currency char(3) not null,
  method smallint not null check (method >= 1),
  figures jsonb not null check (jsonb_typeof(figures) = 'object')
);

-- The operator's words around the figures are a legal page of their own kind: versioned,
-- translated and audited like the terms (modules/content), and never the figures themselves.
alter table legal_documents drop constraint legal_documents_kind_check;
alter table legal_documents add constraint legal_documents_kind_check
  check (kind in ('terms', 'privacy', 'about', 'earnings'));
