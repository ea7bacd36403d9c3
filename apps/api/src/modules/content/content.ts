import {
  compactTranslations,
  type AdminHelpArticle,
  type AdminPromotion,
  type PublishLegalBody,
  type SupportContacts,
  type UpdateSupportContactsBody,
  type UpsertAnnouncementBody,
  type UpsertHelpArticleBody,
  type UpsertPromotionBody,
} from '@orchard/shared';
import { AppError, notFound } from '../../errors';
import { withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { bodyToApi, bodyToRow, toAdminPromotion, toAnnouncement, toArticle, toLegalAdmin } from './views';

/** The console's content actions: announcements, promotions, help articles, support contacts, legal pages. */

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
    const values = { text: body.text, translations, startsAt, endsAt, priority: body.priority, active: body.active, important: body.important, at };
    const row = id === null ? await repo.insertAnnouncement(tx, values) : await repo.updateAnnouncement(tx, id, values);
    if (!row) throw notFound('This announcement does not exist.');
    await recordConsoleAction(tx, actor, {
      action: id === null ? 'announcement.created' : 'announcement.updated',
      subjectType: 'announcement',
      subjectId: row.id,
      detail: { text: body.text, translations, active: body.active, important: body.important },
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
