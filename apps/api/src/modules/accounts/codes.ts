import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { CodeSent, ErrorCode } from '@orchard/shared';
import type { Tx } from '../../db/client';
import type { PendingRegistration } from '../../db/schema/index';
import { AppError } from '../../errors';
import { generateSixDigitCode, sha256Hex } from '../../lib/tokens';
import type { AccountDeps } from './deps';
import { maskDestination } from './mask';
import type { AttemptTicket } from './rate-limit';
import * as repo from './repository';

/** 6-digit codes (registration, password reset, sign-in): issued, shown masked, judged. */

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;

export function hashCode(codeId: string, code: string): string {
  return sha256Hex(`${codeId}:${code}`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export type Target = { channel: 'email' | 'sms'; destination: string };

/**
 * A fresh code for `target`, inside the caller's transaction: older open codes of the same
 * purpose there stop working. The row id is made here, so the stored hash (salted with it) is
 * written by the insert itself. Returns the row and the digits.
 */
export async function issueCode(
  tx: Tx,
  input: {
    purpose: repo.CodePurpose;
    target: Target;
    userId: string | null;
    now: Date;
    ttlMs: number;
    registration?: PendingRegistration;
  },
): Promise<{ row: repo.CodeRow; code: string }> {
  const code = generateSixDigitCode();
  const id = randomUUID();
  await repo.voidOpenCodes(tx, input.purpose, input.target.destination, input.now);
  const row = await repo.insertCode(tx, {
    id,
    purpose: input.purpose,
    channel: input.target.channel,
    destination: input.target.destination,
    userId: input.userId,
    codeHash: hashCode(id, code),
    now: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    registration: input.registration ?? null,
  });
  return { row, code };
}

export function codeSent(row: repo.CodeRow): CodeSent {
  return {
    verificationId: row.id,
    channel: row.channel,
    destination: maskDestination(row.channel, row.destination),
    expiresAt: new Date(row.expiresAt).toISOString(),
    resendAvailableAt: new Date(new Date(row.sentAt).getTime() + RESEND_COOLDOWN_MS).toISOString(),
  };
}

/**
 * Opens a code attempt (verify, sign-in code, reset) against the per-account (its address) and
 * per-IP limits; only wrong codes count. Settle it with `failed()` or `succeeded()`.
 */
export function codeAttempt(deps: AccountDeps, destination: string, ip: string | null): Promise<AttemptTicket> {
  const checks: Parameters<AccountDeps['limiter']['attempt']>[0] = [[deps.rules.codeAttemptsPerAccount, destination]];
  if (ip) checks.push([deps.rules.codeAttemptsPerIp, ip]);
  return deps.limiter.attempt(checks);
}

/** The right code: the account's failures start over. */
export async function codeAttemptSucceeded(deps: AccountDeps, ticket: AttemptTicket, destination: string): Promise<void> {
  await ticket.succeeded();
  await deps.limiter.clear(deps.rules.codeAttemptsPerAccount, destination);
}

const fail = (message: string, errorCode: ErrorCode = 'CODE_INVALID') => new AppError(errorCode, message, { code: message });

/**
 * Judges a code typed for `row`. The attempt on the code is counted first, in its own statement
 * that stays written even when the action fails (see `repo.countCodeAttempt`): only the first 5
 * attempts on a code are compared at all, however many arrive in parallel, and the 5th wrong one
 * voids it. A wrong code settles `ticket` as a failure and throws with `failMessage` (or a
 * specific reason when `explain`).
 */
export async function judgeCode(
  deps: AccountDeps,
  ticket: AttemptTicket,
  row: repo.CodeRow,
  code: string,
  options: { explain: boolean; failMessage: string },
): Promise<void> {
  const now = deps.clock.now();
  const counted = await repo.countCodeAttempt(deps.db, row.id, CODE_MAX_ATTEMPTS, now);
  if (!counted) {
    await ticket.failed();
    if (!options.explain) throw fail(options.failMessage);
    const current = (await repo.findCode(deps.db, row.id)) ?? row;
    if (current.consumedAt) throw fail('This code was already used.', 'CODE_USED');
    if (current.voidedAt || current.attempts >= CODE_MAX_ATTEMPTS)
      throw fail('This code no longer works (it was wrong 5 times, or a newer one was sent). Request a new code.', 'CODE_VOID');
    throw fail('This code has expired; codes work for 10 minutes. Request a new one.', 'CODE_EXPIRED');
  }
  if (!sameHash(counted.codeHash, hashCode(row.id, code))) {
    if (counted.attempts >= CODE_MAX_ATTEMPTS) await repo.voidExhaustedCode(deps.db, row.id, CODE_MAX_ATTEMPTS, now);
    await ticket.failed();
    const left = CODE_MAX_ATTEMPTS - counted.attempts;
    if (!options.explain) throw fail(options.failMessage);
    throw left > 0
      ? fail(left === 1 ? 'That code is not right. 1 try left.' : `That code is not right. ${left} tries left.`)
      : fail('That code was wrong 5 times, so it no longer works. Request a new code.', 'CODE_VOID');
  }
}

/** Marks the judged code used inside the action's transaction; a parallel use got there first → `error`. */
export async function spendCode(tx: Tx, row: repo.CodeRow, now: Date, error: () => AppError): Promise<void> {
  if (!(await repo.consumeCode(tx, row.id, CODE_MAX_ATTEMPTS, now))) throw error();
}

export { fail as codeError };
