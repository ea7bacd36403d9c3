-- Which terms and privacy notice a member accepted at registration (issue 10): an app that holds
-- money must be able to show what each member agreed to. Members who registered before this
-- migration, and accounts made by the server (operator, demo), keep nulls: they accepted nothing.
alter table users add column accepted_terms_version text;
alter table users add column terms_accepted_at timestamptz;
alter table users add constraint users_terms_accepted_together
  check ((accepted_terms_version is null) = (terms_accepted_at is null));
