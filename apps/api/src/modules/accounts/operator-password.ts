import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { withTransaction } from '../../ledger/index';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../../lib/password';
import { passwordProblem } from '../../lib/password-policy';
import { insertAudit } from '../audit/index';
import { DatabaseRateLimitStore, RateLimiter, rateRules, RedisRateLimitStore } from './rate-limit';
import * as repo from './repository';
import { failureKeyOf } from './sign-in';
import { revokeSessionsOfUser } from './sessions';

/**
 * A new password for an operator account, set from this machine (`npm run operator:password`,
 * src/operator-password.ts) when the one printed at the first start is lost: the account's
 * sessions end (as a password reset ends them), its failed sign-ins start over, and the change is
 * audited (`operator.password_set`, no actor: it came from the command line, not from a session).
 */

export type SetOperatorPasswordResult =
  | { ok: true; email: string; sessionsEnded: number }
  | { ok: false; problem: 'password'; message: string }
  | { ok: false; problem: 'account'; operators: string[] };

export async function setOperatorPassword(
  deps: { db: Db; clock: Clock; config: Config },
  input: { email: string; password: string },
): Promise<SetOperatorPasswordResult> {
  const problem = passwordProblem(input.password);
  if (problem) return { ok: false, problem: 'password', message: problem };
  const email = input.email.trim().toLowerCase();
  const [operator] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'operator')));
  if (!operator) {
    const operators = await deps.db.select({ email: users.email }).from(users).where(eq(users.role, 'operator'));
    return { ok: false, problem: 'account', operators: operators.map((row) => row.email ?? '').filter(Boolean) };
  }
  // Slow work before the transaction opens.
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const sessionsEnded = await withTransaction(deps.db, async (tx) => {
    await repo.updatePasswordHash(tx, operator.id, passwordHash);
    const ended = await revokeSessionsOfUser(tx, operator.id, now, undefined, 'password_reset');
    await insertAudit(tx, {
      actorId: null,
      action: 'operator.password_set',
      subjectType: 'user',
      subjectId: operator.id,
      detail: { via: 'npm run operator:password', sessionsEnded: ended },
      at: now,
    });
    return ended;
  });
  await clearSignInFailures(deps, operator);
  return { ok: true, email, sessionsEnded };
}

/** The account's failed sign-ins start over, in whichever store the server keeps them. */
async function clearSignInFailures(deps: { db: Db; clock: Clock; config: Config }, operator: repo.UserRow): Promise<void> {
  const store = deps.config.REDIS_URL ? new RedisRateLimitStore(deps.config.REDIS_URL) : new DatabaseRateLimitStore(deps.db);
  try {
    const rules = rateRules(deps.config.REGISTRATIONS_PER_IP_PER_DAY);
    await new RateLimiter(store, deps.clock).clear(rules.signInFailuresPerAccount, failureKeyOf(operator, operator.email ?? ''));
  } finally {
    await store.close();
  }
}
