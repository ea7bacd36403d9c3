import { sql } from 'drizzle-orm';
import type { Language, Translations } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type Queryable = Db | Tx;

export type Time = Date | string;

/** What `translations` holds per language (migration 1050): the table's text columns, each optional. */
type AnnouncementTranslations = Translations<{ text: string }>;
type PromotionTranslations = Translations<{ title: string; body_md: string }>;
type ArticleTranslations = Translations<{ title: string; body_md: string }>;
export type LegalTranslations = Translations<{ body_md: string }>;
type PlanNameTranslations = Translations<{ name: string }>;

export interface AnnouncementRow {
  id: string;
  text: string;
  translations: AnnouncementTranslations;
  starts_at: Time;
  ends_at: Time | null;
  priority: number;
  active: boolean;
  important: boolean;
}

export interface PromotionRow {
  id: string;
  title: string;
  body_md: string;
  translations: PromotionTranslations;
  image_id: string | null;
  starts_at: Time;
  ends_at: Time;
  plan_id: string | null;
  plan_name: string | null;
  plan_translations: PlanNameTranslations | null;
  coupon_code: string | null;
  priority: number;
  active: boolean;
}

export interface HelpArticleRow {
  id: string;
  category: string;
  title: string;
  body_md: string;
  translations: ArticleTranslations;
  sort_order: number;
  published: boolean;
}

export interface LegalRow {
  kind: 'terms' | 'privacy' | 'about';
  version: number;
  body_md: string;
  translations: LegalTranslations;
  published_at: Time;
}

/** A translations object as a jsonb parameter. */
const json = (value: object) => sql`${JSON.stringify(value)}::jsonb`;

// ------------------------------------------------------------------ announcements

export interface AnnouncementValues {
  text: string;
  translations: AnnouncementTranslations;
  startsAt: Date;
  endsAt: Date | null;
  priority: number;
  active: boolean;
  important: boolean;
  at: Date;
}

export function runningAnnouncements(db: Queryable, at: Date) {
  return rowsOf<AnnouncementRow>(
    db,
    sql`select id, text, translations, starts_at, ends_at, priority, active, important from announcements
         where active and starts_at <= ${at} and (ends_at is null or ends_at > ${at})
         order by priority desc, starts_at desc limit 10`,
  );
}

export function allAnnouncements(db: Queryable) {
  return rowsOf<AnnouncementRow>(
    db,
    sql`select id, text, translations, starts_at, ends_at, priority, active, important from announcements order by starts_at desc, id limit 200`,
  );
}

export async function insertAnnouncement(db: Queryable, values: AnnouncementValues) {
  const [row] = await rowsOf<AnnouncementRow>(
    db,
    sql`insert into announcements (text, translations, starts_at, ends_at, priority, active, important, created_at, updated_at)
        values (${values.text}, ${json(values.translations)}, ${values.startsAt}, ${values.endsAt}, ${values.priority}, ${values.active},
                ${values.important}, ${values.at}, ${values.at})
        returning id, text, translations, starts_at, ends_at, priority, active, important`,
  );
  return row!;
}

export async function updateAnnouncement(db: Queryable, id: string, values: AnnouncementValues) {
  const [row] = await rowsOf<AnnouncementRow>(
    db,
    sql`update announcements set text = ${values.text}, translations = ${json(values.translations)}, starts_at = ${values.startsAt},
          ends_at = ${values.endsAt}, priority = ${values.priority}, active = ${values.active}, important = ${values.important},
          updated_at = ${values.at}
        where id = ${id} returning id, text, translations, starts_at, ends_at, priority, active, important`,
  );
  return row;
}

// ------------------------------------------------------------------ promotions

const PROMOTION_COLUMNS = sql`p.id, p.title, p.body_md, p.translations, p.image_id, p.starts_at, p.ends_at, p.plan_id,
  pl.name as plan_name, pl.translations as plan_translations, p.coupon_code, p.priority, p.active`;

export function runningPromotions(db: Queryable, at: Date, limit = 50) {
  return rowsOf<PromotionRow>(
    db,
    sql`select ${PROMOTION_COLUMNS} from promotions p left join plans pl on pl.id = p.plan_id
         where p.active and p.starts_at <= ${at} and p.ends_at > ${at}
         order by p.priority desc, p.ends_at asc limit ${limit}`,
  );
}

export function allPromotions(db: Queryable) {
  return rowsOf<PromotionRow>(
    db,
    sql`select ${PROMOTION_COLUMNS} from promotions p left join plans pl on pl.id = p.plan_id order by p.starts_at desc, p.id limit 200`,
  );
}

export async function findPromotion(db: Queryable, id: string) {
  const [row] = await rowsOf<PromotionRow>(
    db,
    sql`select ${PROMOTION_COLUMNS} from promotions p left join plans pl on pl.id = p.plan_id where p.id = ${id}`,
  );
  return row;
}

export interface PromotionValues {
  title: string;
  bodyMd: string;
  translations: PromotionTranslations;
  imageId: string | null;
  startsAt: Date;
  endsAt: Date;
  planId: string | null;
  couponCode: string | null;
  priority: number;
  active: boolean;
  at: Date;
}

export async function insertPromotion(db: Queryable, v: PromotionValues): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into promotions (title, body_md, translations, image_id, starts_at, ends_at, plan_id, coupon_code, priority, active, created_at, updated_at)
        values (${v.title}, ${v.bodyMd}, ${json(v.translations)}, ${v.imageId}, ${v.startsAt}, ${v.endsAt}, ${v.planId}, ${v.couponCode}, ${v.priority}, ${v.active}, ${v.at}, ${v.at})
        returning id`,
  );
  return row!.id;
}

export async function updatePromotion(db: Queryable, id: string, v: PromotionValues): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update promotions set title = ${v.title}, body_md = ${v.bodyMd}, translations = ${json(v.translations)}, image_id = ${v.imageId}, starts_at = ${v.startsAt},
          ends_at = ${v.endsAt}, plan_id = ${v.planId}, coupon_code = ${v.couponCode}, priority = ${v.priority},
          active = ${v.active}, updated_at = ${v.at}
        where id = ${id} returning id`,
  );
  return rows.length > 0;
}

export async function planExists(db: Queryable, id: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(db, sql`select id from plans where id = ${id}`);
  return rows.length > 0;
}

// ------------------------------------------------------------------ images

export async function insertImage(db: Queryable, input: { contentType: string; bytes: Buffer; at: Date; by: string }) {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into content_images (content_type, bytes, size, created_at, created_by)
        values (${input.contentType}, ${input.bytes}, ${input.bytes.length}, ${input.at}, ${input.by}) returning id`,
  );
  return row!.id;
}

/** What one person uploaded since `since`, oldest first (the upload quota's window). */
export async function uploadsSince(db: Queryable, by: string, since: Date) {
  return rowsOf<{ size: number; created_at: Time }>(
    db,
    sql`select size, created_at from content_images where created_by = ${by} and created_at > ${since} order by created_at, id`,
  );
}

export async function findImage(db: Queryable, id: string) {
  const [row] = await rowsOf<{ content_type: string; bytes: Buffer | Uint8Array }>(
    db,
    sql`select content_type, bytes from content_images where id = ${id}`,
  );
  return row;
}

export async function imageExists(db: Queryable, id: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(db, sql`select id from content_images where id = ${id}`);
  return rows.length > 0;
}

// ------------------------------------------------------------------ help

const ARTICLE_COLUMNS = sql`id, category, title, body_md, translations, sort_order, published`;

/**
 * The best matches of a search, for a reader of `language`: the English full-text search always
 * (an untranslated article is read in English), Spanish with its own stemming, and Chinese, which
 * PostgreSQL cannot split into words, by every typed word found in the Chinese title or answer.
 */
export function searchArticles(db: Queryable, q: string, category: string | undefined, language: Language) {
  const inCategory = category ? sql`and category = ${category}` : sql``;
  const english = sql`search @@ websearch_to_tsquery('english', ${q})`;
  const words = q
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [match, rank] =
    language === 'es'
      ? [
          sql`(${english} or search_es @@ websearch_to_tsquery('spanish', ${q}))`,
          sql`greatest(ts_rank(search, websearch_to_tsquery('english', ${q})), ts_rank(search_es, websearch_to_tsquery('spanish', ${q})))`,
        ]
      : language === 'zh' && words.length > 0
        ? [
            sql`(${english} or (${sql.join(
              words.map((word) => sql`(translations #>> '{zh,title}' ilike ${word} or translations #>> '{zh,body_md}' ilike ${word})`),
              sql` and `,
            )}))`,
            sql`case when ${sql.join(
              words.map((word) => sql`translations #>> '{zh,title}' ilike ${word}`),
              sql` and `,
            )} then 1 else ts_rank(search, websearch_to_tsquery('english', ${q})) end`,
          ]
        : [english, sql`ts_rank(search, websearch_to_tsquery('english', ${q}))`];
  return rowsOf<HelpArticleRow>(
    db,
    sql`select ${ARTICLE_COLUMNS} from help_articles
         where published and ${match} ${inCategory}
         order by ${rank} desc, sort_order, title limit 30`,
  );
}

export function publishedArticles(db: Queryable, category: string | undefined) {
  const inCategory = category ? sql`and category = ${category}` : sql``;
  return rowsOf<HelpArticleRow>(
    db,
    sql`select ${ARTICLE_COLUMNS} from help_articles
         where published ${inCategory} order by category, sort_order, title limit 200`,
  );
}

export async function hasArticles(db: Queryable): Promise<boolean> {
  return (await rowsOf<{ id: string }>(db, sql`select id from help_articles limit 1`)).length > 0;
}

export function allArticles(db: Queryable) {
  return rowsOf<HelpArticleRow>(db, sql`select ${ARTICLE_COLUMNS} from help_articles order by category, sort_order, title limit 500`);
}

export interface ArticleValues {
  category: string;
  title: string;
  bodyMd: string;
  translations: ArticleTranslations;
  sortOrder: number;
  published: boolean;
  at: Date;
}

export async function insertArticle(db: Queryable, v: ArticleValues) {
  const [row] = await rowsOf<HelpArticleRow>(
    db,
    sql`insert into help_articles (category, title, body_md, translations, sort_order, published, created_at, updated_at)
        values (${v.category}, ${v.title}, ${v.bodyMd}, ${json(v.translations)}, ${v.sortOrder}, ${v.published}, ${v.at}, ${v.at})
        returning ${ARTICLE_COLUMNS}`,
  );
  return row!;
}

export async function updateArticle(db: Queryable, id: string, v: ArticleValues) {
  const [row] = await rowsOf<HelpArticleRow>(
    db,
    sql`update help_articles set category = ${v.category}, title = ${v.title}, body_md = ${v.bodyMd},
          translations = ${json(v.translations)}, sort_order = ${v.sortOrder}, published = ${v.published}, updated_at = ${v.at}
        where id = ${id} returning ${ARTICLE_COLUMNS}`,
  );
  return row;
}

export async function supportContacts(db: Queryable) {
  const [row] = await rowsOf<{ email: string | null; phone: string | null; hours: string | null }>(
    db,
    sql`select email, phone, hours from support_contacts`,
  );
  return row ?? { email: null, phone: null, hours: null };
}

export async function updateSupportContacts(
  db: Queryable,
  v: { email: string | null; phone: string | null; hours: string | null; at: Date; by: string | null },
) {
  const [row] = await rowsOf<{ email: string | null; phone: string | null; hours: string | null }>(
    db,
    sql`update support_contacts set email = ${v.email}, phone = ${v.phone}, hours = ${v.hours}, updated_at = ${v.at}, updated_by = ${v.by}
        returning email, phone, hours`,
  );
  return row!;
}

// ------------------------------------------------------------------ legal

export function newestLegal(db: Queryable) {
  return rowsOf<LegalRow>(
    db,
    sql`select distinct on (kind) kind, version, body_md, translations, published_at from legal_documents order by kind, version desc`,
  );
}

export function legalVersions(db: Queryable, kind: string) {
  return rowsOf<LegalRow>(
    db,
    sql`select kind, version, body_md, translations, published_at from legal_documents where kind = ${kind} order by version desc limit 100`,
  );
}

/** The next version of a document; the unique (kind, version) refuses a concurrent twin. */
export async function publishLegal(
  db: Queryable,
  v: { kind: string; bodyMd: string; translations: LegalTranslations; at: Date; by: string | null },
) {
  const [row] = await rowsOf<LegalRow>(
    db,
    sql`insert into legal_documents (kind, version, body_md, translations, published_at, published_by)
        select ${v.kind}, coalesce(max(version), 0) + 1, ${v.bodyMd}, ${json(v.translations)}, ${v.at}, ${v.by}
          from legal_documents where kind = ${v.kind}
        returning kind, version, body_md, translations, published_at`,
  );
  return row!;
}
