import { RECOVERY_CODE_PATTERN, type RecoveryCodes, type SecondFactorStatus, type TotpSetup } from '@orchard/shared';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { consoleRecoveryCodes, consoleTotp, sessions } from '../../db/schema/index';
import { AppError, conflict, forbidden } from '../../errors';
import { withTransaction } from '../../ledger/index';
import { hashPassword, verifyPassword } from '../../lib/password';
import { insertAudit } from '../audit/index';
import type { AccountDeps } from './deps';
import * as repo from './repository';
import {
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  totpEnrolment,
  totpStepOf,
} from './second-factor-codes';
import { sealedTotp, secondFactorKeys, totpRowOf } from './second-factor-keys';
import { STEP_UP_MS } from './sessions';
import type { Keyring } from '../../lib/secret-box';

/**
 * The console's second factor (issue 30). Every console role (operator, support, finance) proves,
 * in each session, a code from its authenticator app (TOTP), a one-time recovery code, or a passkey
 * (passkeys.ts: signing in with one, or the passkey step-up). Until then the operator scope answers
 * every /admin request SECOND_FACTOR_REQUIRED. Proving it also counts as the step-up for five
 * minutes (step-up.ts). Wrong codes count against a budget per account and per address, like
 * passwords (rate-limit/rules.ts); a code is accepted once (RFC 6238 section 5.2).
 */

interface SessionAuth {
  userId: string;
  sessionId: string;
  role: string;
  secondFactor: boolean;
}

const CODE_WRONG = 'That code is wrong.';
const wrongCode = () => new AppError('CODE_INVALID', CODE_WRONG, { code: CODE_WRONG });
const consoleOnly = () => forbidden('Only console accounts use a second factor.');

const confirmedTotp = (deps: AccountDeps, userId: string) => totpRowOf(deps.db, userId, secondFactorKeys(deps.config));

export async function secondFactorStatus(deps: AccountDeps, auth: SessionAuth): Promise<SecondFactorStatus> {
  const totp = await confirmedTotp(deps, auth.userId);
  const [keys] = await rowsOf<{ n: number }>(deps.db, sql`select count(*)::int as n from passkeys where user_id = ${auth.userId}`);
  const [codes] = await deps.db
    .select({ n: count() })
    .from(consoleRecoveryCodes)
    .where(and(eq(consoleRecoveryCodes.userId, auth.userId), isNull(consoleRecoveryCodes.usedAt)));
  return {
    required: auth.role !== 'member',
    verified: auth.secondFactor,
    totp: Boolean(totp?.confirmedAt),
    passkeys: keys?.n ?? 0,
    recoveryCodesLeft: codes?.n ?? 0,
  };
}

/** A new authenticator secret for this console account, unconfirmed until a code from it is entered. */
export async function startTotpSetup(deps: AccountDeps, auth: SessionAuth): Promise<TotpSetup> {
  if (auth.role === 'member') throw consoleOnly();
  const existing = await confirmedTotp(deps, auth.userId);
  if (existing?.confirmedAt) throw conflict('An authenticator app is set up already. An operator can reset it.');
  const user = await repo.findUserById(deps.db, auth.userId);
  const secret = newTotpSecret();
  const now = deps.clock.now();
  const sealed = sealedTotp(secondFactorKeys(deps.config), auth.userId, secret);
  await deps.db
    .insert(consoleTotp)
    .values({ userId: auth.userId, ...sealed, createdAt: now })
    .onConflictDoUpdate({ target: consoleTotp.userId, set: { ...sealed, createdAt: now }, setWhere: isNull(consoleTotp.confirmedAt) });
  const label = user?.email ?? user?.phone ?? 'console';
  return { secret, ...(await totpEnrolment(secret, label, deps.config.APP_NAME)) };
}

/** Marks this session as having proved the second factor, and stepped up for STEP_UP_MS. */
export async function markSecondFactor(db: Db | Tx, auth: { userId: string; sessionId: string }, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactorAt: now, stepUpUntil: new Date(now.getTime() + STEP_UP_MS) })
    .where(and(eq(sessions.id, auth.sessionId), eq(sessions.userId, auth.userId), isNull(sessions.revokedAt)));
}

/** Runs `check` as one guess against the account's and the address's budgets: a false answer counts. */
async function guess<T>(deps: AccountDeps, userId: string, ip: string | null, check: () => Promise<T | null>): Promise<T> {
  const checks: Parameters<AccountDeps['limiter']['attempt']>[0] = [[deps.rules.secondFactorFailuresPerAccount, `user:${userId}`]];
  if (ip) checks.push([deps.rules.secondFactorFailuresPerIp, ip]);
  const ticket = await deps.limiter.attempt(checks);
  try {
    const result = await check();
    if (result === null) {
      await ticket.failed();
      await insertAudit(deps.db, {
        actorId: userId,
        action: 'second_factor.failed',
        subjectType: 'user',
        subjectId: userId,
        ip,
        at: deps.clock.now(),
      });
      throw wrongCode();
    }
    return result;
  } finally {
    await ticket.succeeded();
  }
}

/**
 * Confirms the new authenticator with a code from it: the account's second factor from now on. Makes
 * ten recovery codes (shown once, kept hashed) and marks this session as having proved it.
 */
export async function confirmTotp(deps: AccountDeps, auth: SessionAuth, code: string, ip: string | null): Promise<RecoveryCodes> {
  if (auth.role === 'member') throw consoleOnly();
  const pending = await confirmedTotp(deps, auth.userId);
  if (!pending) throw conflict('Start setting up an authenticator app first.');
  if (pending.confirmedAt) throw conflict('An authenticator app is set up already. An operator can reset it.');
  const now = deps.clock.now();
  const step = await guess(deps, auth.userId, ip, async () => totpStepOf(pending.secret, code, now));
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(recoveryCodes.map(hashPassword));
  await withTransaction(deps.db, async (tx) => {
    const confirmed = await tx
      .update(consoleTotp)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(and(eq(consoleTotp.userId, auth.userId), eq(consoleTotp.secret, pending.stored), isNull(consoleTotp.confirmedAt)))
      .returning({ userId: consoleTotp.userId });
    if (confirmed.length === 0) throw conflict('This authenticator was set up or replaced meanwhile. Start again.');
    await tx.delete(consoleRecoveryCodes).where(eq(consoleRecoveryCodes.userId, auth.userId));
    await tx
      .insert(consoleRecoveryCodes)
      .values(
        recoveryCodes.map((value, index) => ({ userId: auth.userId, lookup: value.slice(0, 4), codeHash: hashes[index]!, createdAt: now })),
      );
    await markSecondFactor(tx, auth, now);
    await insertAudit(tx, {
      actorId: auth.userId,
      action: 'second_factor.enrolled',
      subjectType: 'user',
      subjectId: auth.userId,
      ip,
      at: now,
      detail: { method: 'totp' },
    });
  });
  return { recoveryCodes };
}

const CODE_TAKEN = 'This code was already used. Wait for the next one.';

/**
 * The step a TOTP code is accepted for, taken (never again, nor an older one), or null. A right code
 * of a step already taken is no guess (whoever typed it holds the app) and is not counted: it is
 * refused as used, so two sign-ins within one 30-second step wait for the next code.
 */
async function takeTotpCode(deps: AccountDeps, userId: string, code: string, now: Date): Promise<'totp' | null> {
  const db = deps.db;
  const totp = await confirmedTotp(deps, userId);
  if (!totp?.confirmedAt) return null;
  const step = totpStepOf(totp.secret, code, now);
  if (step === null) return null;
  if (step <= totp.lastUsedStep) throw new AppError('CODE_USED', CODE_TAKEN, { code: CODE_TAKEN });
  const taken = await db
    .update(consoleTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(consoleTotp.userId, userId), sql`${consoleTotp.lastUsedStep} < ${step}`, sql`${consoleTotp.confirmedAt} is not null`))
    .returning({ userId: consoleTotp.userId });
  return taken.length > 0 ? 'totp' : null;
}

/** A recovery code of the account's, used up, or null. */
async function takeRecoveryCode(db: Db, userId: string, typed: string, now: Date): Promise<'recovery_code' | null> {
  const { code, lookup } = normaliseRecoveryCode(typed);
  const [row] = await db
    .select()
    .from(consoleRecoveryCodes)
    .where(and(eq(consoleRecoveryCodes.userId, userId), eq(consoleRecoveryCodes.lookup, lookup), isNull(consoleRecoveryCodes.usedAt)));
  if (!row || !(await verifyPassword(row.codeHash, code))) return null;
  const used = await db
    .update(consoleRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(consoleRecoveryCodes.id, row.id), isNull(consoleRecoveryCodes.usedAt)))
    .returning({ id: consoleRecoveryCodes.id });
  return used.length > 0 ? 'recovery_code' : null;
}

/** Proves the second factor in this session with a code from the app or a recovery code. */
export async function verifySecondFactor(
  deps: AccountDeps,
  auth: SessionAuth,
  typed: string,
  ip: string | null,
): Promise<SecondFactorStatus> {
  if (auth.role === 'member') throw consoleOnly();
  const now = deps.clock.now();
  const isRecovery = RECOVERY_CODE_PATTERN.test(typed);
  const method = await guess(deps, auth.userId, ip, () =>
    isRecovery ? takeRecoveryCode(deps.db, auth.userId, typed, now) : takeTotpCode(deps, auth.userId, typed, now),
  );
  await withTransaction(deps.db, async (tx) => {
    await markSecondFactor(tx, auth, now);
    await insertAudit(tx, {
      actorId: auth.userId,
      action: 'second_factor.verified',
      subjectType: 'user',
      subjectId: auth.userId,
      ip,
      at: now,
      detail: { method },
    });
  });
  return secondFactorStatus(deps, { ...auth, secondFactor: true });
}

/** Gives a console account a confirmed authenticator secret (the seeded operator: OPERATOR_TOTP_SECRET, or the demo's). */
export async function enrolConsoleTotp(db: Db | Tx, userId: string, plain: string, now: Date, ring: Keyring = { keys: new Map() }): Promise<void> {
  const sealed = sealedTotp(ring, userId, plain);
  await db
    .insert(consoleTotp)
    .values({ userId, ...sealed, createdAt: now, confirmedAt: now })
    .onConflictDoUpdate({ target: consoleTotp.userId, set: { ...sealed, createdAt: now, confirmedAt: now, lastUsedStep: 0 } });
}

/** Takes away an account's authenticator, recovery codes and passkeys (the operator's reset, in its transaction). */
export async function clearSecondFactor(tx: Tx, userId: string): Promise<{ totp: boolean; recoveryCodes: number; passkeys: number }> {
  const totp = await tx.delete(consoleTotp).where(eq(consoleTotp.userId, userId)).returning({ userId: consoleTotp.userId });
  const codes = await tx
    .delete(consoleRecoveryCodes)
    .where(eq(consoleRecoveryCodes.userId, userId))
    .returning({ id: consoleRecoveryCodes.id });
  const keys = await rowsOf<{ id: string }>(tx, sql`delete from passkeys where user_id = ${userId} returning id`);
  return { totp: totp.length > 0, recoveryCodes: codes.length, passkeys: keys.length };
}
