import type { Role } from '@orchard/shared';
import { and, count, desc, eq, gt, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { sessions, users, type SessionEndReason } from '../../db/schema/index';
import { olderThan } from '../../lib/keyset-cursor';
import { generateToken, sha256Hex } from '../../lib/tokens';

export const SESSION_COOKIE = 'orchard_session';
/** Over HTTPS the cookie takes the `__Host-` prefix: Secure, Path=/, no Domain, so no subdomain can set it. */
const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a step-up (password, passkey or second factor entered again) confirms money movements out of a session. */
export const STEP_UP_MS = 5 * 60_000;

/** last_seen_at is written at most this often, so every request does not cost a write. */
const TOUCH_EVERY_MS = 60_000;

type Executor = Db | Tx;

export interface SessionContext {
  sessionId: string;
  userId: string;
  role: Role;
  /** Whether its holder proved the console's second factor in this session (second-factor.ts). */
  secondFactor: boolean;
  /** When (epoch ms) the session last stepped up (step-up.ts: password, passkey, second factor), or null. */
  steppedUpAt: number | null;
}

/** How long a console session (any role but member) may stay unused; members' sessions: SESSION_IDLE_MS. */
export interface SessionRules {
  consoleIdleMs: number;
}

export function isSecureRequest(request: FastifyRequest, config: Config): boolean {
  if (config.COOKIE_SECURE === 'true') return true;
  if (config.COOKIE_SECURE === 'false') return false;
  return request.protocol === 'https';
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/**
 * The raw session token from the request's cookie, if it has the shape of one. Over HTTPS only the
 * `__Host-` cookie counts: a plain `orchard_session` can be planted by a subdomain or over HTTP.
 */
export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  const cookies = parseCookies(request.headers.cookie);
  const token = isSecureRequest(request, config) ? cookies.get(SECURE_SESSION_COOKIE) : cookies.get(SESSION_COOKIE);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, config: Config, token: string, expiresAt: Date, now: Date) {
  const secure = isSecureRequest(request, config);
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  const parts = [`${name}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`];
  if (secure) parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, config: Config) {
  const secure = isSecureRequest(request, config);
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  reply.header('set-cookie', `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`);
}

/** A new session with a fresh 256-bit token; only its hash is stored. */
export async function createSession(
  db: Executor,
  input: { userId: string; now: Date; ip: string | null; userAgent: string | null; secondFactorAt?: Date | null },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(input.now.getTime() + SESSION_ABSOLUTE_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: sha256Hex(token),
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      secondFactorAt: input.secondFactorAt ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}

function sessionByTokenHash(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      stepUpUntil: sessions.stepUpUntil,
      role: users.role,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .prepare('find_live_session');
}

/**
 * Every API request reads its session: the query is built once per database and prepared by name,
 * so neither the server nor PostgreSQL builds or plans it again per request.
 */
const preparedSessionReads = new WeakMap<Db, ReturnType<typeof sessionByTokenHash>>();

/**
 * The live session a token belongs to (not revoked, not idle 7 days — a console session: not idle
 * `rules.consoleIdleMs` — not older than 30 days).
 */
export async function findLiveSession(db: Db, token: string, now: Date, rules?: SessionRules): Promise<SessionContext | null> {
  let read = preparedSessionReads.get(db);
  if (!read) {
    read = sessionByTokenHash(db);
    preparedSessionReads.set(db, read);
  }
  const [row] = await read.execute({ tokenHash: sha256Hex(token) });
  if (!row) return null;
  const lastSeen = new Date(row.lastSeenAt).getTime();
  if (now.getTime() >= new Date(row.expiresAt).getTime()) return null;
  if (now.getTime() >= lastSeen + SESSION_IDLE_MS) return null;
  if (row.role !== 'member' && rules && now.getTime() >= lastSeen + rules.consoleIdleMs) return null;
  if (row.status !== 'active') return null;
  if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    role: row.role,
    secondFactor: row.secondFactorAt !== null,
    // A step-up is stored as its end (now + STEP_UP_MS, which the members' withdrawals read).
    steppedUpAt: row.stepUpUntil === null ? null : new Date(row.stepUpUntil).getTime() - STEP_UP_MS,
  };
}

export async function revokeSession(db: Executor, sessionId: string, now: Date, reason: SessionEndReason): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of the member except `keepSessionId` (all of them when omitted). */
export async function revokeSessionsOfUser(
  db: Executor,
  userId: string,
  now: Date,
  keepSessionId?: string,
  reason: SessionEndReason = 'operator',
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        keepSessionId ? ne(sessions.id, keepSessionId) : sql`true`,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Not signed out, not past 30 days, not idle 7 days. */
function live(userId: string, now: Date) {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  return and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff));
}

/**
 * Signs out the member's oldest live sessions beyond `max` (call after inserting the new one, in
 * the same transaction, with the member's row locked so parallel sign-ins count one after another).
 */
export async function endSessionsBeyondCap(db: Executor, userId: string, max: number, now: Date): Promise<number> {
  const beyond = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(live(userId, now))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .offset(max);
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, endReason: 'session_cap' })
    .where(inArray(sessions.id, beyond))
    .returning({ id: sessions.id });
  return rows.length;
}

export interface SessionCursor {
  createdAt: Date;
  id: string;
}

/** One page of the member's live sessions, newest first (keyset on created_at, id). */
export async function listLiveSessions(db: Executor, userId: string, now: Date, page: { cursor?: SessionCursor; limit: number }) {
  const after = olderThan(page.cursor, sessions.createdAt, sessions.id);
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(live(userId, now), after))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(page.limit);
}

/** Sessions of the member the cap signed out since `since`. */
export async function countEndedByCap(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.endReason, 'session_cap'), gte(sessions.revokedAt, since)));
  return row?.count ?? 0;
}

/**
 * Of these sessions, the ones still live (not signed out or revoked, not past 30 days, not idle
 * 7 days, their member not frozen), each with its member's role now: for whatever outlives a
 * request on a session (the live-update streams, modules/events).
 */
export async function liveSessionRoles(db: Executor, sessionIds: readonly string[], now: Date): Promise<Map<string, Role>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: sessions.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...sessionIds]),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        eq(users.status, 'active'),
      ),
    );
  return new Map(rows.map((row) => [row.sessionId, row.role]));
}
