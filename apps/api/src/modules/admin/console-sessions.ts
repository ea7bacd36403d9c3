import type { ConsoleSession, ConsoleSessionList } from '@orchard/shared';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index';
import { notFound } from '../../errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { assertMayActOn, revokeSession } from '../accounts/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';

/**
 * The console's own sessions (/admin/console-sessions): every live session of an operator, support
 * or finance account — who, signed in when, last seen, from where (the address's last part
 * hidden), when it proved the second factor — and an operator ending one of another console
 * account's (the account rules' `console_session` row: never one's own, never a member's).
 */

/** Console accounts are few: one page holds every live session. */
const CONSOLE_LIST_MAX = 200;

/** 203.0.113.7 → 203.0.113.•; 2001:db8:1:2::7 → 2001:db8:1:•: enough to tell places apart, not to find one. */
function maskIp(ip: string | null): string | null {
  if (!ip) return null;
  if (ip.includes(':')) return `${ip.split(':').filter(Boolean).slice(0, 3).join(':')}:•`;
  const parts = ip.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.•` : '•';
}

function liveConsoleSessions(deps: Pick<ServiceDeps, 'config'>, now: Date) {
  const idleCutoff = new Date(now.getTime() - deps.config.CONSOLE_IDLE_MINUTES * 60_000);
  return and(
    ne(users.role, 'member'),
    eq(users.status, 'active'),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, idleCutoff),
  );
}

/** Live console sessions, last seen first; the caller's own flagged. */
export async function listConsoleSessions(deps: ServiceDeps, currentSessionId: string): Promise<ConsoleSessionList> {
  const rows = await deps.db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      displayName: users.displayName,
      role: users.role,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      secondFactorAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveConsoleSessions(deps, deps.clock.now()))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(CONSOLE_LIST_MAX);
  const items: ConsoleSession[] = rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    displayName: row.displayName,
    role: row.role,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    ip: maskIp(row.ip),
    userAgent: row.userAgent,
    secondFactorAt: row.secondFactorAt === null ? null : new Date(row.secondFactorAt).toISOString(),
    current: row.id === currentSessionId,
  }));
  return { items, total: items.length };
}

/** Ends one live session of another console account (audited in the same transaction). */
export async function revokeConsoleSession(deps: ServiceDeps, actor: ConsoleActor, sessionId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [session] = await tx
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .for('update');
    const missing = () => notFound('This session has ended already.');
    if (!session) throw missing();
    const account = await assertMayActOn(tx, actor, 'console_session', session.userId, { missing });
    await revokeSession(tx, sessionId, now, 'operator');
    await recordConsoleAction(tx, actor, {
      action: 'console_session.revoked',
      subjectType: 'user',
      subjectId: session.userId,
      detail: { sessionId, role: account.role },
      at: now,
    });
  });
}
