-- The language a member chose for the app, the texts the API answers with and the messages it
-- sends (docs/decisions/0021). Null: none chosen; the browser's Accept-Language decides.
alter table users add column language text check (language in ('en', 'es', 'zh'));
