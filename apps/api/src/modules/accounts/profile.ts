import type { ListSessionsQuery, Me, SessionList, UpdateMeBody } from '@orchard/shared';
import { AppError, unauthenticated } from '../../errors';
import { withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { insertAudit } from '../audit/index';
import * as repo from './repository';
import { countEndedByCap, listLiveSessions, revokeSessionsOfUser, type SessionCursor } from './sessions';

/** The member's own profile and sessions. */

const CAP_NOTICE_DAYS = 30;

export function toMe(user: repo.UserRow): Me {
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    inviteCode: user.inviteCode,
    createdAt: new Date(user.createdAt).toISOString(),
    language: user.language ?? null,
  };
}

export async function getMe(deps: ServiceDeps, userId: string): Promise<Me> {
  const me = await findMe(deps, userId);
  if (!me) throw unauthenticated();
  return me;
}

/** The member behind a live session, or null when the account is gone. */
export async function findMe(deps: ServiceDeps, userId: string): Promise<Me | null> {
  const user = await repo.findUserById(deps.db, userId);
  return user ? toMe(user) : null;
}

export async function updateMe(deps: ServiceDeps, userId: string, change: UpdateMeBody): Promise<Me> {
  const user = await repo.updateProfile(deps.db, userId, {
    ...(change.displayName !== undefined ? { displayName: change.displayName.trim() } : {}),
    ...(change.language !== undefined ? { language: change.language } : {}),
  });
  if (!user) throw unauthenticated();
  return toMe(user);
}

function encodeCursor(session: SessionCursor): string {
  return Buffer.from(`${new Date(session.createdAt).toISOString()}|${session.id}`).toString('base64url');
}

const CURSOR_SHAPE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-fA-F-]{36})$/;

/** A cursor from encodeCursor, or a 400 naming the field: never a value the database would choke on. */
function decodeCursor(cursor: string | undefined): SessionCursor | undefined {
  if (cursor === undefined) return undefined;
  const match = CURSOR_SHAPE.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const createdAt = new Date(match?.[1] ?? '');
  const at = createdAt.getTime();
  if (!match || !isUuid(match[2]!) || Number.isNaN(at) || at < 0 || at >= Date.UTC(10000, 0, 1)) {
    throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { cursor: 'Not a valid cursor.' });
  }
  return { createdAt, id: match[2]! };
}

/** One page of the member's live sessions, newest first; the current one flagged; the cap and what it ended lately. */
export async function listSessions(
  deps: ServiceDeps,
  auth: { userId: string; sessionId: string },
  query: ListSessionsQuery,
): Promise<SessionList> {
  const now = deps.clock.now();
  const limit = query.limit ? Number(query.limit) : 20;
  const rows = await listLiveSessions(deps.db, auth.userId, now, { cursor: decodeCursor(query.cursor), limit: limit + 1 });
  const page = rows.slice(0, limit);
  const since = new Date(now.getTime() - CAP_NOTICE_DAYS * 24 * 60 * 60_000);
  return {
    sessions: page.map((row) => ({
      id: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      lastSeenAt: new Date(row.lastSeenAt).toISOString(),
      expiresAt: new Date(row.expiresAt).toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
      current: row.id === auth.sessionId,
    })),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
    maxSessions: deps.config.MAX_SESSIONS_PER_MEMBER,
    endedByCapRecently: await countEndedByCap(deps.db, auth.userId, since),
  };
}

export async function revokeOtherSessions(
  deps: ServiceDeps,
  auth: { userId: string; sessionId: string },
  ip: string | null,
): Promise<number> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const revoked = await revokeSessionsOfUser(tx, auth.userId, now, auth.sessionId, 'other_sessions_revoked');
    await insertAudit(tx, {
      actorId: auth.userId,
      action: 'sessions.revoked_others',
      subjectType: 'user',
      subjectId: auth.userId,
      ip,
      detail: { revoked },
      at: now,
    });
    return revoked;
  });
}
