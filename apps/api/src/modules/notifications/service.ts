import {
  API_PREFIX,
  DEFAULT_LANGUAGE,
  NOTIFICATION_KINDS,
  type Language,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
  type UpdateNotificationPreferencesBody,
} from '@orchard/shared';
import { AppError } from '../../errors';
import { translateTemplate } from '../../i18n/translate';
import type { ServiceDeps } from '../../lib/service-deps';
import { linkOrigin } from '../accounts/index';
import * as repo from './repository';
import { readUnsubscribeToken, unsubscribeToken, type UnsubscribeTarget } from './texts';

/** The inbox, the preferences and the unsubscribe link (docs/decisions/0034). */

const PAGE = 20;

function toItem(row: repo.InboxRow) {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency?.trim() ?? null,
    detail: row.detail,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}

export async function listInbox(
  deps: ServiceDeps,
  userId: string,
  language: Language,
  query: { cursor?: string; limit?: string },
): Promise<NotificationList> {
  const before = query.cursor ? Buffer.from(query.cursor, 'base64url').toString('utf8') : null;
  if (before !== null && !/^[1-9][0-9]{0,17}$/.test(before)) {
    throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { cursor: 'Not a valid cursor.' });
  }
  const limit = query.limit ? Number(query.limit) : PAGE;
  await repo.syncAnnouncements(deps.db, userId, deps.clock.now());
  const rows = await repo.inboxPage(deps.db, userId, language, before, limit + 1);
  const items = rows.slice(0, limit).map(toItem);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? Buffer.from(last.id).toString('base64url') : null,
    unread: await repo.unreadCount(deps.db, userId),
  };
}

export async function unreadOf(deps: ServiceDeps, userId: string): Promise<{ unread: number }> {
  return { unread: await repo.syncedUnreadCount(deps.db, userId, deps.clock.now()) };
}

export async function readOne(deps: ServiceDeps, userId: string, id: string): Promise<{ unread: number }> {
  if (!(await repo.markRead(deps.db, userId, id, deps.clock.now()))) throw new AppError('NOT_FOUND', 'No such notification.');
  return { unread: await repo.unreadCount(deps.db, userId) };
}

export async function readAll(deps: ServiceDeps, userId: string): Promise<{ unread: number }> {
  await repo.markAllRead(deps.db, userId, deps.clock.now());
  return { unread: 0 };
}

function toPreferences(row: repo.PreferenceRow): NotificationPreferences {
  const email = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !row.email_off.includes(kind)]));
  return { email: email as Record<NotificationKind, boolean>, digest: row.digest, hasEmail: row.has_email };
}

export async function getPreferences(deps: ServiceDeps, userId: string): Promise<NotificationPreferences> {
  return toPreferences(await repo.preferencesOf(deps.db, userId));
}

/** Kinds left out of the body keep their current setting. */
export async function updatePreferences(
  deps: ServiceDeps,
  userId: string,
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferences> {
  return deps.db.transaction(async (tx) => {
    const current = await repo.preferencesOf(tx, userId);
    const off = NOTIFICATION_KINDS.filter(
      (kind) => body.email[kind] === false || (body.email[kind] === undefined && current.email_off.includes(kind)),
    );
    await repo.savePreferences(tx, userId, off, body.digest, deps.clock.now());
    return toPreferences(await repo.preferencesOf(tx, userId));
  });
}

let cachedKey: Promise<string> | undefined;
/** The signing key, read once per process (it never changes). */
export function signingKey(deps: Pick<ServiceDeps, 'db'>): Promise<string> {
  cachedKey ??= repo.unsubscribeKey(deps.db).catch((error: unknown) => {
    cachedKey = undefined;
    throw error;
  });
  return cachedKey;
}

/** One-click unsubscribe: the token names the member and the kind; a bad token is 404 and changes nothing. */
export async function unsubscribe(deps: ServiceDeps, token: string): Promise<{ kind: UnsubscribeTarget }> {
  const found = readUnsubscribeToken(await signingKey(deps), token);
  if (!found) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid.');
  await deps.db.transaction(async (tx) => {
    const current = await repo.preferencesOf(tx, found.userId);
    const off = new Set(current.email_off);
    if (found.target !== 'digest') off.add(found.target);
    const digest = found.target === 'digest' ? false : current.digest;
    await repo.savePreferences(tx, found.userId, [...off], digest, deps.clock.now());
  });
  return { kind: found.target };
}

/** The email of one or more notification lines, with its unsubscribe link and headers (RFC 8058). */
export function notificationEmail(
  deps: ServiceDeps,
  key: string,
  to: { userId: string; email: string; language: Language | null },
  target: UnsubscribeTarget,
  subject: string,
  lines: string[],
) {
  const language = to.language ?? DEFAULT_LANGUAGE;
  const origin = linkOrigin(deps.config);
  const token = unsubscribeToken(key, to.userId, target);
  const t = (template: string, values: Record<string, string | number> = {}) => translateTemplate(language, template, values);
  const body = [
    ...lines,
    '',
    t('See it in your inbox: {url}', { url: `${origin}/inbox` }),
    '',
    t('Stop these emails: {url}', { url: `${origin}/unsubscribe?token=${token}` }),
    t('Choose which emails you get: {url}', { url: `${origin}/profile` }),
  ].join('\n');
  return {
    kind: `notification:${target}`,
    channel: 'email' as const,
    destination: to.email,
    subject,
    body,
    headers: {
      'List-Unsubscribe': `<${origin}${API_PREFIX}/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
