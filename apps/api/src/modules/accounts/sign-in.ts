import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { withTransaction } from '../../ledger/index';
import { hashPassword, verifyPassword } from '../../lib/password';
import { insertAudit } from '../audit/index';
import type { AccountDeps, RequestContext, StartedSession } from './deps';
import { toMe } from './profile';
import type { AttemptTicket } from './rate-limit';
import * as repo from './repository';
import { createSession, endSessionsBeyondCap, revokeSession } from './sessions';

/** Sign-out, the password checks every password action shares, and the session every sign-in method ends with (password-sign-in.ts signs in). */

export const WRONG_CREDENTIALS = 'The account or password is not right.';
export const accountFrozen = () => new AppError('ACCOUNT_FROZEN', 'This account is frozen. Please contact support.');

/**
 * Starts a session inside the action's transaction: the member's row is locked (so parallel
 * sign-ins count sessions one after another), the session this browser had ends, the new one is
 * written, the oldest live ones beyond MAX_SESSIONS_PER_MEMBER are signed out, and the sign-in is
 * audited. A frozen account gets 403 and the whole action rolls back.
 */
export async function openSession(
  deps: AccountDeps,
  tx: Tx,
  input: { userId: string; context: RequestContext; method: string; detail?: Record<string, unknown>; now: Date; secondFactor?: boolean },
): Promise<StartedSession> {
  const { context, now } = input;
  const user = await repo.lockUser(tx, input.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  if (user.status !== 'active') throw accountFrozen();
  // A new token at every sign-in: whatever session this browser had before ends here.
  if (context.currentSessionId) await revokeSession(tx, context.currentSessionId, now, 'replaced');
  const session = await createSession(tx, {
    userId: user.id,
    now,
    ip: context.ip,
    userAgent: context.userAgent,
    secondFactorAt: input.secondFactor ? now : null,
  });
  const capped = await endSessionsBeyondCap(tx, user.id, deps.config.MAX_SESSIONS_PER_MEMBER, now);
  await deps.signals.signedIn(tx, { userId: user.id, deviceHash: context.deviceHash ?? null, ip: context.ip, at: now });
  await insertAudit(tx, {
    actorId: user.id,
    action: 'sign_in.succeeded',
    subjectType: 'user',
    subjectId: user.id,
    ip: context.ip,
    detail: { method: input.method, ...input.detail, ...(capped > 0 ? { sessionsEndedByCap: capped } : {}) },
    at: now,
  });
  return { user: toMe(user), token: session.token, expiresAt: session.expiresAt };
}

/** Failed sign-ins count per member (whether they typed the email or the phone), per identifier otherwise. */
export function failureKeyOf(user: repo.UserRow | undefined, identifier: string): string {
  return user ? `user:${user.id}` : identifier;
}

/** Opens a password attempt against the per-account and per-IP failure limits (see RateLimiter.attempt). */
export function passwordAttempt(deps: AccountDeps, accountKey: string, ip: string | null): Promise<AttemptTicket> {
  const checks: Parameters<AccountDeps['limiter']['attempt']>[0] = [[deps.rules.signInFailuresPerAccount, accountKey]];
  if (ip) checks.push([deps.rules.signInFailuresPerIp, ip]);
  return deps.limiter.attempt(checks);
}

let dummyHash: Promise<string> | undefined;

/** Password check with constant work whether or not the account exists (a dummy argon2 hash otherwise). */
export async function checkPassword(user: repo.UserRow | undefined, password: string): Promise<boolean> {
  if (!user) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(await dummyHash, password);
    return false;
  }
  return verifyPassword(user.passwordHash, password);
}

/**
 * A wrong password: counted against both limits and audited. One statement each, outside any
 * transaction, since they must stay written though the action fails (docs/decisions/0006).
 */
export async function passwordFailed(
  deps: AccountDeps,
  ticket: AttemptTicket,
  input: { accountKey: string; user: repo.UserRow | undefined; ip: string | null; action: string },
): Promise<void> {
  await ticket.failed();
  await insertAudit(deps.db, {
    actorId: null,
    action: input.action,
    subjectType: 'user',
    subjectId: input.user?.id ?? null,
    ip: input.ip,
    detail: input.user ? {} : { account: input.accountKey, reason: 'unknown account' },
    at: deps.clock.now(),
  });
}

/** The right password: the account's failures start over (the IP's are not touched: only failures count). */
export async function passwordSucceeded(deps: AccountDeps, ticket: AttemptTicket, accountKey: string): Promise<void> {
  await ticket.succeeded();
  await deps.limiter.clear(deps.rules.signInFailuresPerAccount, accountKey);
}

export async function signOut(deps: AccountDeps, sessionId: string, userId: string, ip: string | null): Promise<void> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await revokeSession(tx, sessionId, now, 'signed_out');
    await insertAudit(tx, { actorId: userId, action: 'sign_out', subjectType: 'user', subjectId: userId, ip, at: now });
  });
}
