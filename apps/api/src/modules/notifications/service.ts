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

/** The page a notification opens: a support reply's ref is `<ticket>:<message>` (modules/support). */
function linkOf(row: repo.InboxRow): string | null {
  return row.kind === 'support_reply' && row.ref ? `/support/${row.ref.split(':')[0]}` : null;
}

function toItem(row: repo.InboxRow) {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency?.trim() ?? null,
    detail: row.detail,
    link: linkOf(row),
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}

/**
 * The inbox's cursor: `<time to the microsecond>|<id>` of the last row shown, base64url; anything
 * else is a 400. Microseconds, not a Date's milliseconds: rows written within one millisecond
 * would otherwise fall between two pages.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9][0-9]{0,17})$/;
function readCursor(cursor: string | undefined): repo.InboxCursor | null {
  if (cursor === undefined) return null;
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const at = new Date(match?.[1] ?? '');
  if (!match || Number.isNaN(at.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { cursor: 'Not a valid cursor.' });
  }
  return { at: match[1]!, id: match[2]! };
}

export async function listInbox(
  deps: ServiceDeps,
  userId: string,
  language: Language,
  query: { cursor?: string; limit?: string },
): Promise<NotificationList> {
  const after = readCursor(query.cursor);
  const limit = query.limit ? Number(query.limit) : PAGE;
  await repo.syncAnnouncements(deps.db, userId, deps.clock.now());
  const rows = await repo.inboxPage(deps.db, userId, language, after, limit + 1);
  const items = rows.slice(0, limit).map(toItem);
  const last = rows[limit - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? Buffer.from(`${last.at_exact}|${last.id}`).toString('base64url') : null,
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

/** Everything read, the running important announcements included (added first, as a look at the inbox would). */
export async function readAll(deps: ServiceDeps, userId: string): Promise<{ unread: number }> {
  const now = deps.clock.now();
  await repo.syncAnnouncements(deps.db, userId, now);
  await repo.markAllRead(deps.db, userId, now);
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
