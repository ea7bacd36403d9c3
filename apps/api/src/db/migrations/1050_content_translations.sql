-- Operator content in every language the app speaks (issue 10, docs/decisions/0024): announcements,
-- promotions, help articles, the terms/privacy/about pages and plans each have a text per language.
--
-- The default language (en) is the row's own columns, as before: they are NOT NULL with their
-- length checks, so every row always has the text any other language falls back to, and what
-- reads them in SQL (the purchase's plan-name snapshot, the help search) is unchanged. What the
-- rows hold today is recorded as that default-language text (the comments below); the other
-- languages go into `translations`, one object per language:
--   {"es": {"title": "…", "body_md": "…"}, "zh": {"title": "…"}}
-- Only languages other than the default, only the fields of that table, only non-empty texts: a
-- field left out shows the default language's text (the API says which fields fell back).

comment on column announcements.text is 'The announcement in the default language (en); translations holds the others.';
comment on column promotions.title is 'The title in the default language (en); translations holds the others.';
comment on column promotions.body_md is 'The body in the default language (en); translations holds the others.';
comment on column help_articles.title is 'The question in the default language (en); translations holds the others.';
comment on column help_articles.body_md is 'The answer in the default language (en); translations holds the others.';
comment on column legal_documents.body_md is 'This version in the default language (en); translations holds the others.';
comment on column plans.name is 'The name in the default language (en), also the purchase''s snapshot; translations holds the others.';
comment on column plans.description is 'The description in the default language (en); translations holds the others.';
comment on column plans.benefits is 'The benefits in the default language (en); translations holds the others.';
comment on column plans.badge is 'The badge in the default language (en); translations holds the others.';

-- ------------------------------------------------------------------ announcements
alter table announcements add column translations jsonb not null default '{}'::jsonb;
alter table announcements add constraint announcements_translations_shape check (
  jsonb_typeof(translations) = 'object'
  and translations - 'es' - 'zh' = '{}'::jsonb
  and (not translations ? 'es' or (
    jsonb_typeof(translations -> 'es') = 'object' and translations -> 'es' <> '{}'::jsonb
    and case when jsonb_typeof(translations -> 'es') = 'object' then (translations -> 'es') - 'text' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{es,text}'), 1) between 1 and 280))
  and (not translations ? 'zh' or (
    jsonb_typeof(translations -> 'zh') = 'object' and translations -> 'zh' <> '{}'::jsonb
    and case when jsonb_typeof(translations -> 'zh') = 'object' then (translations -> 'zh') - 'text' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{zh,text}'), 1) between 1 and 280))
);

-- ------------------------------------------------------------------ promotions
alter table promotions add column translations jsonb not null default '{}'::jsonb;
alter table promotions add constraint promotions_translations_shape check (
  jsonb_typeof(translations) = 'object'
  and translations - 'es' - 'zh' = '{}'::jsonb
  and (not translations ? 'es' or (
    jsonb_typeof(translations -> 'es') = 'object' and translations -> 'es' <> '{}'::jsonb
    and case when jsonb_typeof(translations -> 'es') = 'object' then (translations -> 'es') - 'title' - 'body_md' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{es,title}'), 1) between 1 and 120
    and coalesce(length(translations #>> '{es,body_md}'), 1) between 1 and 10000))
  and (not translations ? 'zh' or (
    jsonb_typeof(translations -> 'zh') = 'object' and translations -> 'zh' <> '{}'::jsonb
    and case when jsonb_typeof(translations -> 'zh') = 'object' then (translations -> 'zh') - 'title' - 'body_md' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{zh,title}'), 1) between 1 and 120
    and coalesce(length(translations #>> '{zh,body_md}'), 1) between 1 and 10000))
);

-- ------------------------------------------------------------------ help articles
alter table help_articles add column translations jsonb not null default '{}'::jsonb;
alter table help_articles add constraint help_articles_translations_shape check (
  jsonb_typeof(translations) = 'object'
  and translations - 'es' - 'zh' = '{}'::jsonb
  and (not translations ? 'es' or (
    jsonb_typeof(translations -> 'es') = 'object' and translations -> 'es' <> '{}'::jsonb
    and case when jsonb_typeof(translations -> 'es') = 'object' then (translations -> 'es') - 'title' - 'body_md' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{es,title}'), 1) between 1 and 160
    and coalesce(length(translations #>> '{es,body_md}'), 1) between 1 and 20000))
  and (not translations ? 'zh' or (
    jsonb_typeof(translations -> 'zh') = 'object' and translations -> 'zh' <> '{}'::jsonb
    and case when jsonb_typeof(translations -> 'zh') = 'object' then (translations -> 'zh') - 'title' - 'body_md' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{zh,title}'), 1) between 1 and 160
    and coalesce(length(translations #>> '{zh,body_md}'), 1) between 1 and 20000))
);
-- Spanish searches its own words with its own stemming (the English vector stays `search`).
-- Chinese has no word boundaries PostgreSQL's parsers know: its search matches the words typed as
-- substrings of the (few hundred at most) articles' Chinese texts (modules/content/repository.ts).
alter table help_articles add column search_es tsvector generated always as (
  setweight(to_tsvector('spanish', coalesce(translations #>> '{es,title}', '')), 'A')
  || setweight(to_tsvector('spanish', coalesce(translations #>> '{es,body_md}', '')), 'B')
) stored;
create index help_articles_search_es_idx on help_articles using gin (search_es);

-- ------------------------------------------------------------------ terms, privacy notice, about
-- Each published version holds every language's text; a new translation is a new version, so a
-- (version, language) pair names exactly one text for as long as the row exists.
alter table legal_documents add column translations jsonb not null default '{}'::jsonb;
alter table legal_documents add constraint legal_documents_translations_shape check (
  jsonb_typeof(translations) = 'object'
  and translations - 'es' - 'zh' = '{}'::jsonb
  and (not translations ? 'es' or (
    jsonb_typeof(translations -> 'es') = 'object'
    and case when jsonb_typeof(translations -> 'es') = 'object' then (translations -> 'es') - 'body_md' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{es,body_md}'), 0) between 1 and 50000))
  and (not translations ? 'zh' or (
    jsonb_typeof(translations -> 'zh') = 'object'
    and case when jsonb_typeof(translations -> 'zh') = 'object' then (translations -> 'zh') - 'body_md' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{zh,body_md}'), 0) between 1 and 50000))
);

-- ------------------------------------------------------------------ plans
-- Read by TypeScript only (the database functions keep reading `name`: a purchase's snapshot is
-- the default-language name).
alter table plans add column translations jsonb not null default '{}'::jsonb;
alter table plans add constraint plans_translations_shape check (
  jsonb_typeof(translations) = 'object'
  and translations - 'es' - 'zh' = '{}'::jsonb
  and (not translations ? 'es' or (
    jsonb_typeof(translations -> 'es') = 'object' and translations -> 'es' <> '{}'::jsonb
    and case when jsonb_typeof(translations -> 'es') = 'object'
      then (translations -> 'es') - 'name' - 'description' - 'benefits' - 'badge' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{es,name}'), 1) between 1 and 80
    and coalesce(length(translations #>> '{es,description}'), 1) between 1 and 2000
    and coalesce(length(translations #>> '{es,badge}'), 1) between 1 and 24
    and (not (translations -> 'es') ? 'benefits' or (
      jsonb_typeof(translations #> '{es,benefits}') = 'array'
      and case when jsonb_typeof(translations #> '{es,benefits}') = 'array'
        then jsonb_array_length(translations #> '{es,benefits}') between 1 and 12 else false end))))
  and (not translations ? 'zh' or (
    jsonb_typeof(translations -> 'zh') = 'object' and translations -> 'zh' <> '{}'::jsonb
    and case when jsonb_typeof(translations -> 'zh') = 'object'
      then (translations -> 'zh') - 'name' - 'description' - 'benefits' - 'badge' = '{}'::jsonb else false end
    and coalesce(length(translations #>> '{zh,name}'), 1) between 1 and 80
    and coalesce(length(translations #>> '{zh,description}'), 1) between 1 and 2000
    and coalesce(length(translations #>> '{zh,badge}'), 1) between 1 and 24
    and (not (translations -> 'zh') ? 'benefits' or (
      jsonb_typeof(translations #> '{zh,benefits}') = 'array'
      and case when jsonb_typeof(translations #> '{zh,benefits}') = 'array'
        then jsonb_array_length(translations #> '{zh,benefits}') between 1 and 12 else false end))))
);

-- ------------------------------------------------------------------ terms accepted at registration
-- The language of the terms text a member accepted, beside its version (migration 0410): the
-- version names the published documents, the language which of their texts was shown. Every
-- acceptance recorded before this migration was of the only text there was, the default language's.
alter table users add column accepted_terms_language text check (accepted_terms_language in ('en', 'es', 'zh'));
update users set accepted_terms_language = 'en' where accepted_terms_version is not null;
alter table users add constraint users_terms_language_with_version
  check ((accepted_terms_language is null) = (accepted_terms_version is null));
