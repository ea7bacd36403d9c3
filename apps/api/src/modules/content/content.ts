import {
  API_PREFIX,
  type CONTENT_IMAGE_TYPES,
  type AdminHelpArticle,
  type AdminPromotion,
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
import { tooManyRequests } from '../accounts/rate-limit';
import { recordConsoleAction, type ConsoleActor } from '../audit/console';
import { renderMarkdown } from './markdown';
import * as repo from './repository';

const iso = (value: repo.Time) => new Date(value).toISOString();
export const imageUrl = (id: string) => `${API_PREFIX}/content/images/${id}`;

function toAnnouncement(row: repo.AnnouncementRow): Announcement {
  return {
    id: row.id,
    text: row.text,
    startsAt: iso(row.starts_at),
    endsAt: row.ends_at === null ? null : iso(row.ends_at),
    priority: Number(row.priority),
    active: row.active,
  };
}

function toPromotion(row: repo.PromotionRow): Promotion {
  return {
    id: row.id,
    title: row.title,
    bodyHtml: renderMarkdown(row.body_md),
    imageUrl: row.image_id ? imageUrl(row.image_id) : null,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    plan: row.plan_id && row.plan_name ? { id: row.plan_id, name: row.plan_name } : null,
    couponCode: row.coupon_code,
  };
}

function toAdminPromotion(row: repo.PromotionRow): AdminPromotion {
  return {
    id: row.id,
    title: row.title,
    bodyMd: row.body_md,
    bodyHtml: renderMarkdown(row.body_md),
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
    sortOrder: Number(row.sort_order),
    published: row.published,
  };
}

// ------------------------------------------------------------------ member side

/** /home: the announcements running now for the marquee, and the featured promotion. */
export async function getHomeContent(deps: ServiceDeps): Promise<HomeContent> {
  const now = deps.clock.now();
  const [announcements, promotions] = await Promise.all([repo.runningAnnouncements(deps.db, now), repo.runningPromotions(deps.db, now, 1)]);
  return {
    announcements: announcements.map((row) => ({ id: row.id, text: row.text })),
    featured: promotions[0] ? toPromotion(promotions[0]) : null,
    serverTime: now.toISOString(),
  };
}

/** /promotion: every promotion running now, the featured first, then the soonest to end. */
export async function listPromotions(deps: ServiceDeps): Promise<PromotionList> {
  const now = deps.clock.now();
  const rows = await repo.runningPromotions(deps.db, now);
  return { items: rows.map(toPromotion), serverTime: now.toISOString() };
}

/** /help-center: the articles (by category, or the best matches of a search) and the support contacts. */
export async function getHelpCenter(deps: ServiceDeps, query: SearchHelpQuery): Promise<HelpCenter> {
  const q = query.q?.trim();
  const [rows, contacts] = await Promise.all([
    q ? repo.searchArticles(deps.db, q, query.category) : repo.publishedArticles(deps.db, query.category),
    repo.supportContacts(deps.db),
  ]);
  return {
    items: rows.map((row) => {
      const { bodyMd: _omit, sortOrder: _sort, published: _published, ...article } = toArticle(row);
      return article;
    }),
    searched: Boolean(q),
    contacts,
  };
}

/** /about: the newest published version of the terms, the privacy notice and the about page. */
export async function getLegalPages(deps: ServiceDeps): Promise<LegalPages> {
  const rows = await repo.newestLegal(deps.db);
  return {
    documents: rows.map((row) => ({
      kind: row.kind,
      version: Number(row.version),
      bodyHtml: renderMarkdown(row.body_md),
      publishedAt: iso(row.published_at),
    })),
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
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields need attention.', { endsAt: 'The end must be after the start.' });
  return withTransaction(deps.db, async (tx) => {
    const values = { text: body.text, startsAt, endsAt, priority: body.priority, active: body.active, at };
    const row = id === null ? await repo.insertAnnouncement(tx, values) : await repo.updateAnnouncement(tx, id, values);
    if (!row) throw notFound('This announcement does not exist.');
    await recordConsoleAction(tx, actor, {
      action: id === null ? 'announcement.created' : 'announcement.updated',
      subjectType: 'announcement',
      subjectId: row.id,
      detail: { text: body.text, active: body.active },
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
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 400, 'Some fields need attention.', fields);
    const values: repo.PromotionValues = {
      title: body.title,
      bodyMd: body.bodyMd,
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
      detail: { title: body.title, startsAt: body.startsAt, endsAt: body.endsAt, active: body.active },
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
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields need attention.', {
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
    const values = { ...body, at };
    const row = id === null ? await repo.insertArticle(tx, values) : await repo.updateArticle(tx, id, values);
    if (!row) throw notFound('This article does not exist.');
    await recordConsoleAction(tx, actor, {
      action: id === null ? 'help_article.created' : 'help_article.updated',
      subjectType: 'help_article',
      subjectId: row.id,
      detail: { title: body.title, category: body.category, published: body.published },
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
    items: rows.map((row) => ({
      kind: row.kind,
      version: Number(row.version),
      bodyMd: row.body_md,
      bodyHtml: renderMarkdown(row.body_md),
      publishedAt: iso(row.published_at),
    })),
  };
}

/** Publishes the next version of a document; earlier versions stay readable in the console. */
export async function publishLegal(deps: ServiceDeps, actor: ConsoleActor | null, kind: string, body: PublishLegalBody) {
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const row = await repo.publishLegal(tx, { kind, bodyMd: body.bodyMd, at, by: actor?.operatorId ?? null });
    if (actor) {
      await recordConsoleAction(tx, actor, {
        action: 'legal.published',
        subjectType: 'legal',
        subjectId: kind,
        detail: { version: row.version },
        at,
      });
    }
    return { kind: row.kind, version: Number(row.version), bodyHtml: renderMarkdown(row.body_md), publishedAt: iso(row.published_at) };
  });
}
