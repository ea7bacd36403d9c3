import {
  API_PREFIX,
  inLanguage,
  TRANSLATED_LANGUAGES,
  missingLanguages,
  type Language,
  type Translations,
  type AdminHelpArticle,
  type AdminPromotion,
  type HelpArticle,
  type Announcement,
  type Promotion,
} from '@orchard/shared';
import { renderMarkdown } from './markdown';
import type * as repo from './repository';

export const iso = (value: repo.Time) => new Date(value).toISOString();
export const imageUrl = (id: string) => `${API_PREFIX}/content/images/${id}`;

/*
 * Every text here exists once per language (docs/decisions/0024): the row's own columns are the
 * default language's, `translations` the others' (snake_case as the columns, migration 1050). A
 * member reads their language, each field falling back to the default language's; the answer names
 * the fields that fell back (`untranslated`), which the web app marks for console users only.
 */

/** Translations as the API speaks them (bodyMd) from the stored shape (body_md), and back. */
type WithBody<Rest> = Translations<Rest & { bodyMd: string }>;
type WithStoredBody<Rest> = Translations<Rest & { body_md: string }>;
export function bodyToApi<Rest extends object>(translations: WithStoredBody<Rest>): WithBody<Rest> {
  const out: WithBody<Rest> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const entry = translations[language];
    if (!entry) continue;
    const { body_md, ...rest } = entry;
    out[language] = (body_md === undefined ? rest : { ...rest, bodyMd: body_md }) as WithBody<Rest>[typeof language];
  }
  return out;
}
export function bodyToRow<Rest extends object>(translations: WithBody<Rest>): WithStoredBody<Rest> {
  const out: WithStoredBody<Rest> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const entry = translations[language];
    if (!entry) continue;
    const { bodyMd, ...rest } = entry;
    out[language] = (bodyMd === undefined ? rest : { ...rest, body_md: bodyMd }) as WithStoredBody<Rest>[typeof language];
  }
  return out;
}

export function toAnnouncement(row: repo.AnnouncementRow): Announcement {
  return {
    id: row.id,
    text: row.text,
    translations: row.translations,
    missingLanguages: missingLanguages({ text: row.text }, row.translations),
    startsAt: iso(row.starts_at),
    endsAt: row.ends_at === null ? null : iso(row.ends_at),
    priority: Number(row.priority),
    active: row.active,
    important: row.important,
  };
}

export function toPromotion(row: repo.PromotionRow, language: Language): Promotion {
  const { texts, untranslated } = inLanguage({ title: row.title, body_md: row.body_md }, row.translations, language);
  const planName = row.plan_name === null ? null : inLanguage({ name: row.plan_name }, row.plan_translations, language).texts.name;
  return {
    id: row.id,
    title: texts.title,
    bodyHtml: renderMarkdown(texts.body_md),
    imageUrl: row.image_id ? imageUrl(row.image_id) : null,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    plan: row.plan_id && planName ? { id: row.plan_id, name: planName } : null,
    couponCode: row.coupon_code,
    untranslated: untranslated.map((field) => (field === 'body_md' ? 'bodyHtml' : field)),
  };
}

export function toAdminPromotion(row: repo.PromotionRow): AdminPromotion {
  return {
    id: row.id,
    title: row.title,
    bodyMd: row.body_md,
    bodyHtml: renderMarkdown(row.body_md),
    translations: bodyToApi(row.translations),
    missingLanguages: missingLanguages({ title: row.title, body_md: row.body_md }, row.translations),
    imageId: row.image_id,
    imageUrl: row.image_id ? imageUrl(row.image_id) : null,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    planId: row.plan_id,
    couponCode: row.coupon_code,
    priority: Number(row.priority),
    active: row.active,
  };
}

export function toArticle(row: repo.HelpArticleRow): AdminHelpArticle {
  return {
    id: row.id,
    category: row.category as AdminHelpArticle['category'],
    title: row.title,
    bodyHtml: renderMarkdown(row.body_md),
    bodyMd: row.body_md,
    translations: bodyToApi(row.translations),
    missingLanguages: missingLanguages({ title: row.title, body_md: row.body_md }, row.translations),
    sortOrder: Number(row.sort_order),
    published: row.published,
  };
}

export function toMemberArticle(row: repo.HelpArticleRow, language: Language): HelpArticle {
  const { texts, untranslated } = inLanguage({ title: row.title, body_md: row.body_md }, row.translations, language);
  return {
    id: row.id,
    category: row.category as HelpArticle['category'],
    title: texts.title,
    bodyHtml: renderMarkdown(texts.body_md),
    untranslated: untranslated.map((field) => (field === 'body_md' ? 'bodyHtml' : field)),
  };
}

export function toLegalAdmin(row: repo.LegalRow) {
  return {
    kind: row.kind,
    version: Number(row.version),
    bodyHtml: renderMarkdown(row.body_md),
    publishedAt: iso(row.published_at),
    missingLanguages: missingLanguages({ body_md: row.body_md }, row.translations),
  };
}
