import {
  API_PREFIX,
  compactTranslations,
  inLanguage,
  TRANSLATED_LANGUAGES,
  missingLanguages,
  type CONTENT_IMAGE_TYPES,
  type Language,
  type Translations,
  DEFAULT_LANGUAGE,
  type AdminHelpArticle,
  type AdminPromotion,
  type HelpArticle,
  type Announcement,
  type HelpCenter,
  type HomeContent,
  type LegalPages,
  type Promotion,
  type PromotionList,
  type PublishLegalBody,
  type SearchHelpQuery,
  type SupportContacts,
  type UpdateSupportContactsBody,
  type UpsertAnnouncementBody,
  type UpsertHelpArticleBody,
  type UpsertPromotionBody,
  type UploadedImage,
} from '@orchard/shared';
import type { Tx } from '../../db/client';
import { lockMember } from '../../db/member-lock';
import { AppError, notFound } from '../../errors';
import { withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { tooManyRequests } from '../accounts/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import { renderMarkdown } from './markdown';
import * as repo from './repository';

const iso = (value: repo.Time) => new Date(value).toISOString();
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
function bodyToApi<Rest extends object>(translations: WithStoredBody<Rest>): WithBody<Rest> {
  const out: WithBody<Rest> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const entry = translations[language];
    if (!entry) continue;
    const { body_md, ...rest } = entry;
    out[language] = (body_md === undefined ? rest : { ...rest, bodyMd: body_md }) as WithBody<Rest>[typeof language];
  }
  return out;
}
function bodyToRow<Rest extends object>(translations: WithBody<Rest>): WithStoredBody<Rest> {
  const out: WithStoredBody<Rest> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const entry = translations[language];
    if (!entry) continue;
    const { bodyMd, ...rest } = entry;
    out[language] = (bodyMd === undefined ? rest : { ...rest, body_md: bodyMd }) as WithStoredBody<Rest>[typeof language];
  }
  return out;
}

function toAnnouncement(row: repo.AnnouncementRow): Announcement {
  return {
    id: row.id,
    text: row.text,
    translations: row.translations,
    missingLanguages: missingLanguages({ text: row.text }, row.translations),
    startsAt: iso(row.starts_at),
    endsAt: row.ends_at === null ? null : iso(row.ends_at),
    priority: Number(row.priority),
    active: row.active,
  };
}

function toPromotion(row: repo.PromotionRow, language: Language): Promotion {
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

function toAdminPromotion(row: repo.PromotionRow): AdminPromotion {
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

function toArticle(row: repo.HelpArticleRow): AdminHelpArticle {
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

function toMemberArticle(row: repo.HelpArticleRow, language: Language): HelpArticle {
  const { texts, untranslated } = inLanguage({ title: row.title, body_md: row.body_md }, row.translations, language);
  return {
    id: row.id,
    category: row.category as HelpArticle['category'],
    title: texts.title,
    bodyHtml: renderMarkdown(texts.body_md),
    untranslated: untranslated.map((field) => (field === 'body_md' ? 'bodyHtml' : field)),
  };
}

function toLegalAdmin(row: repo.LegalRow) {
  return {
    kind: row.kind,
    version: Number(row.version),
    bodyHtml: renderMarkdown(row.body_md),
    publishedAt: iso(row.published_at),
    missingLanguages: missingLanguages({ body_md: row.body_md }, row.translations),
  };
}

// ------------------------------------------------------------------ member side

/** /home: the announcements running now for the marquee, and the featured promotion, in `language`. */
export async function getHomeContent(deps: ServiceDeps, language: Language): Promise<HomeContent> {
  const now = deps.clock.now();
  const [announcements, promotions] = await Promise.all([repo.runningAnnouncements(deps.db, now), repo.runningPromotions(deps.db, now, 1)]);
  return {
    announcements: announcements.map((row) => {
      const { texts, untranslated } = inLanguage({ text: row.text }, row.translations, language);
      return { id: row.id, text: texts.text, untranslated };
    }),
    featured: promotions[0] ? toPromotion(promotions[0], language) : null,
    serverTime: now.toISOString(),
  };
}

/** /promotion: every promotion running now, the featured first, then the soonest to end. */
export async function listPromotions(deps: ServiceDeps, language: Language): Promise<PromotionList> {
  const now = deps.clock.now();
  const rows = await repo.runningPromotions(deps.db, now);
  return { items: rows.map((row) => toPromotion(row, language)), serverTime: now.toISOString() };
}

/** /help-center: the articles (by category, or the best matches of a search) and the support contacts. */
export async function getHelpCenter(deps: ServiceDeps, query: SearchHelpQuery, language: Language): Promise<HelpCenter> {
  const q = query.q?.trim();
  const [rows, contacts] = await Promise.all([
    q ? repo.searchArticles(deps.db, q, query.category, language) : repo.publishedArticles(deps.db, query.category),
    repo.supportContacts(deps.db),
  ]);
  return { items: rows.map((row) => toMemberArticle(row, language)), searched: Boolean(q), contacts };
}

/** The newest terms, privacy notice and about page as a reader of `language` sees them. */
export function legalInLanguage(row: repo.LegalRow, language: Language) {
  const { texts, untranslated } = inLanguage({ body_md: row.body_md }, row.translations, language);
  return { bodyMd: texts.body_md, language: untranslated.length > 0 ? DEFAULT_LANGUAGE : language };
}

/** /about: the newest published version of the terms, the privacy notice and the about page. */
export async function getLegalPages(deps: ServiceDeps, language: Language): Promise<LegalPages> {
  const rows = await repo.newestLegal(deps.db);
  return {
    documents: rows.map((row) => {
      const shown = legalInLanguage(row, language);
      return {
        kind: row.kind,
        version: Number(row.version),
        bodyHtml: renderMarkdown(shown.bodyMd),
        publishedAt: iso(row.published_at),
        untranslated: shown.language === language ? [] : ['bodyHtml' as const],
      };
    }),
  };
}

/** An uploaded image as stored, for GET /content/images/:id. */
export async function readImage(deps: ServiceDeps, id: string): Promise<{ contentType: string; bytes: Buffer }> {
  const row = isUuid(id) ? await repo.findImage(deps.db, id) : undefined;
  if (!row) throw notFound('This image does not exist.');
  return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
}

// ------------------------------------------------------------------ console

const timeOf = (value: string | null | undefined, fallback: Date | null) => (value ? new Date(value) : fallback);

export async function listAnnouncements(deps: ServiceDeps) {
  return { items: (await repo.allAnnouncements(deps.db)).map(toAnnouncement) };
}

export async function saveAnnouncement(deps: ServiceDeps, actor: ConsoleActor, id: string | null, body: UpsertAnnouncementBody) {
  if (id !== null && !isUuid(id)) throw notFound('This announcement does not exist.');
  const at = deps.clock.now();
  const startsAt = timeOf(body.startsAt, at)!;
  const endsAt = timeOf(body.endsAt, null);
  if (endsAt && endsAt <= startsAt)
    throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { endsAt: 'The end must be after the start.' });
  return withTransaction(deps.db, async (tx) => {
    const translations = compactTranslations(body.translations, ['text']);
    const values = { text: body.text, translations, startsAt, endsAt, priority: body.priority, active: body.active, at };
    const row = id === null ? await repo.insertAnnouncement(tx, values) : await repo.updateAnnouncement(tx, id, values);
    if (!row) throw notFound('This announcement does not exist.');
    await recordConsoleAction(tx, actor, {
      action: id === null ? 'announcement.created' : 'announcement.updated',
      subjectType: 'announcement',
      subjectId: row.id,
      detail: { text: body.text, translations, active: body.active },
      at,
    });
    return toAnnouncement(row);
  });
}

export async function listAdminPromotions(deps: ServiceDeps) {
  return { items: (await repo.allPromotions(deps.db)).map(toAdminPromotion) };
}

export async function savePromotion(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string | null,
  body: UpsertPromotionBody,
): Promise<AdminPromotion> {
  if (id !== null && !isUuid(id)) throw notFound('This promotion does not exist.');
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const fields: Record<string, string> = {};
    if (body.imageId && !(await repo.imageExists(tx, body.imageId))) fields.imageId = 'This image is gone; upload it again.';
    if (body.planId && !(await repo.planExists(tx, body.planId))) fields.planId = 'This plan does not exist.';
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', fields);
    const translations = bodyToRow(compactTranslations(body.translations, ['title', 'bodyMd']));
    const values: repo.PromotionValues = {
      title: body.title,
      bodyMd: body.bodyMd,
      translations,
      imageId: body.imageId ?? null,
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      planId: body.planId ?? null,
      couponCode: body.couponCode ? body.couponCode.toUpperCase() : null,
      priority: body.priority,
      active: body.active,
      at,
    };
    const savedId = id === null ? await repo.insertPromotion(tx, values) : (await repo.updatePromotion(tx, id, values)) ? id : null;
    if (!savedId) throw notFound('This promotion does not exist.');
    await recordConsoleAction(tx, actor, {
      action: id === null ? 'promotion.created' : 'promotion.updated',
      subjectType: 'promotion',
      subjectId: savedId,
      detail: {
        title: body.title,
        languages: Object.keys(translations),
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        active: body.active,
      },
      at,
    });
    return toAdminPromotion((await repo.findPromotion(tx, savedId))!);
  });
}

/** What the first bytes of each accepted type look like: the declared type must match the file. */
function sniff(bytes: Buffer): (typeof CONTENT_IMAGE_TYPES)[number] | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

const DAY_MS = 86_400_000;
const MIB = 1_048_576;
/** Images one person may upload in any 24 hours, whatever their size (UPLOAD_QUOTA_MIB_PER_DAY bounds the bytes). */
export const UPLOADS_PER_DAY_MAX = 100;

/**
 * The uploader's quota: in any 24 hours at most UPLOADS_PER_DAY_MAX images and
 * UPLOAD_QUOTA_MIB_PER_DAY MiB. Past it, 429 with Retry-After: when enough of the day's uploads
 * have aged out of the window for this one to fit. Counted under the uploader's lock, so
 * parallel uploads cannot all fit in the same room.
 */
async function checkUploadQuota(tx: Tx, deps: ServiceDeps, by: string, size: number, at: Date): Promise<void> {
  const quotaMib = deps.config.UPLOAD_QUOTA_MIB_PER_DAY;
  const uploads = await repo.uploadsSince(tx, by, new Date(at.getTime() - DAY_MS));
  let bytes = uploads.reduce((sum, upload) => sum + Number(upload.size), 0);
  let count = uploads.length;
  const fits = () => count + 1 <= UPLOADS_PER_DAY_MAX && bytes + size <= quotaMib * MIB;
  if (fits()) return;
  // The day's oldest uploads leave the window one by one: the wait is until enough have left.
  let retryAt = at.getTime() + DAY_MS;
  for (const upload of uploads) {
    count -= 1;
    bytes -= Number(upload.size);
    if (fits()) {
      retryAt = new Date(upload.created_at).getTime() + DAY_MS;
      break;
    }
  }
  throw tooManyRequests(
    `Today’s upload allowance is used up (${quotaMib} MiB or ${UPLOADS_PER_DAY_MAX} images in 24 hours). Try again in {wait}.`,
    (retryAt - at.getTime()) / 1000,
  );
}

export async function uploadImage(deps: ServiceDeps, actor: ConsoleActor, contentType: string, bytes: Buffer): Promise<UploadedImage> {
  const declared = contentType.split(';')[0]!.trim().toLowerCase();
  const actual = sniff(bytes);
  if (!actual || actual !== declared) {
    throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', {
      file: 'This file is not a PNG, JPEG or WebP image (or not the type it says it is).',
    });
  }
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    await lockMember(tx, 'uploads', actor.operatorId);
    await checkUploadQuota(tx, deps, actor.operatorId, bytes.length, at);
    const id = await repo.insertImage(tx, { contentType: actual, bytes, at, by: actor.operatorId });
    await recordConsoleAction(tx, actor, {
      action: 'image.uploaded',
      subjectType: 'image',
      subjectId: id,
      detail: { contentType: actual, size: bytes.length },
      at,
    });
    return { id, url: imageUrl(id), contentType: actual, size: bytes.length };
  });
}

export async function listAdminArticles(deps: ServiceDeps) {
  return { items: (await repo.allArticles(deps.db)).map(toArticle) };
}

export async function saveArticle(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string | null,
  body: UpsertHelpArticleBody,
): Promise<AdminHelpArticle> {
  if (id !== null && !isUuid(id)) throw notFound('This article does not exist.');
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const values = { ...body, translations: bodyToRow(compactTranslations(body.translations, ['title', 'bodyMd'])), at };
    const row = id === null ? await repo.insertArticle(tx, values) : await repo.updateArticle(tx, id, values);
    if (!row) throw notFound('This article does not exist.');
    await recordConsoleAction(tx, actor, {
      action: id === null ? 'help_article.created' : 'help_article.updated',
      subjectType: 'help_article',
      subjectId: row.id,
      detail: { title: body.title, category: body.category, languages: Object.keys(values.translations), published: body.published },
      at,
    });
    return toArticle(row);
  });
}

export async function getSupportContacts(deps: ServiceDeps): Promise<SupportContacts> {
  return repo.supportContacts(deps.db);
}

export async function updateSupportContacts(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: UpdateSupportContactsBody,
): Promise<SupportContacts> {
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const before = await repo.supportContacts(tx);
    const after = await repo.updateSupportContacts(tx, { ...body, at, by: actor.operatorId });
    await recordConsoleAction(tx, actor, {
      action: 'support_contacts.updated',
      subjectType: 'settings',
      subjectId: 'support_contacts',
      detail: { before, after },
      at,
    });
    return after;
  });
}

export async function listLegalVersions(deps: ServiceDeps, kind: string) {
  const rows = await repo.legalVersions(deps.db, kind);
  return {
    items: rows.map((row) => ({ ...toLegalAdmin(row), bodyMd: row.body_md, translations: bodyToApi(row.translations) })),
  };
}

/** Publishes the next version of a document; earlier versions stay readable in the console. */
export async function publishLegal(deps: ServiceDeps, actor: ConsoleActor | null, kind: string, body: PublishLegalBody) {
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const translations = bodyToRow(compactTranslations(body.translations, ['bodyMd']));
    const row = await repo.publishLegal(tx, { kind, bodyMd: body.bodyMd, translations, at, by: actor?.operatorId ?? null });
    if (actor) {
      await recordConsoleAction(tx, actor, {
        action: 'legal.published',
        subjectType: 'legal',
        subjectId: kind,
        detail: { version: row.version, languages: ['en', ...Object.keys(translations)] },
        at,
      });
    }
    return toLegalAdmin(row);
  });
}
