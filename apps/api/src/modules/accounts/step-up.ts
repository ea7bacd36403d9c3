import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { AccountDeps } from './deps';
import * as repo from './repository';
import { STEP_UP_MS } from './sessions';
import { checkPassword, failureKeyOf, passwordAttempt, passwordFailed, passwordSucceeded } from './sign-in';


/**
 * Step-up before a withdrawal (issue 13): the member's password again. The right one marks this
 * session, and only this one, for STEP_UP_MS (in the database, so every instance sees it); a wrong
 * one counts toward the sign-in lockout like a failed sign-in. Hashing runs before any write.
 */
export async function stepUp(
  deps: AccountDeps,
  auth: { userId: string; sessionId: string },
  password: string,
  ip: string | null,
): Promise<{ validUntil: string }> {
  const user = await repo.findUserById(deps.db, auth.userId);
  const accountKey = failureKeyOf(user, auth.userId);
  const ticket = await passwordAttempt(deps, accountKey, ip);
  try {
    if (!(await checkPassword(user, password))) {
      await passwordFailed(deps, ticket, { accountKey, user, ip, action: 'step_up.failed' });
      throw new AppError('STEP_UP_FAILED', 'That password is wrong.', { password: 'That password is wrong.' });
    }
    await passwordSucceeded(deps, ticket, accountKey);
  } finally {
    await ticket.succeeded();
  }
  const validUntil = new Date(deps.clock.now().getTime() + STEP_UP_MS);
  await markSteppedUp(deps.db, auth, validUntil);
  return { validUntil: validUntil.toISOString() };
}

/** Marks a live session as stepped up until `until` (after the password was checked). */
export async function markSteppedUp(db: Db, auth: { userId: string; sessionId: string }, until: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ stepUpUntil: until })
    .where(and(eq(sessions.id, auth.sessionId), eq(sessions.userId, auth.userId), isNull(sessions.revokedAt)));
}
