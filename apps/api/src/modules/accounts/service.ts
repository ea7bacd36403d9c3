import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  parseAccountIdentifier,
  normalizeEmail,
  normalizePhone,
  safeRedirectPath,
  type AccountIdentifier,
  type ChangePasswordBody,
  type CodeSent,
  type Me,
  type RegisterBody,
  type ResetPasswordBody,
} from '@orchard/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, unauthenticated } from '../../errors';
import { sqlStateOf } from '../../ledger/database-errors';
import type { Clock } from '../../lib/clock';
import { generateInviteCode } from '../../lib/invite-code';
import { hashPassword, verifyPassword } from '../../lib/password';
import { passwordProblem } from '../../lib/password-policy';
import { generateSixDigitCode, generateToken, sha256Hex } from '../../lib/tokens';
import { insertAudit, type AuditInput } from '../audit/repository';
import { maskDestination } from './mask';
import { existingAccountMessage, noAccountMessage, registrationCodeMessage, resetCodeMessage, signInLinkMessage } from './messages';
import { enqueueMessage, type OutboxWorker } from './outbox/outbox';
import { rateRules, tooManyRequests, type RateLimiter, type RateRule, type RateRules } from './rate-limit';
import * as repo from './repository';
import { createSession, revokeSession, revokeSessionsOfUser } from './sessions';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/** A registration not verified within a day is abandoned; register again. */
const REGISTRATION_TTL_MS = 24 * 60 * 60_000;

/** What a request tells the service about where it came from. */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
  /** Origin for links in messages (PUBLIC_URL, or the request's own). */
  baseUrl: string;
  /** The session the request already has, if any (ended when a new one starts). */
  currentSessionId: string | null;
}

export interface StartedSession {
  user: Me;
  token: string;
  expiresAt: Date;
}

export function toMe(user: repo.UserRow): Me {
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    inviteCode: user.inviteCode,
    referrerId: user.referrerId,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

function hashCode(codeId: string, code: string): string {
  return sha256Hex(`${codeId}:${code}`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

function channelOf(identifier: AccountIdentifier): 'email' | 'sms' {
  return identifier.kind === 'email' ? 'email' : 'sms';
}

/** Failed sign-ins count per member (whether they typed the email or the phone), per identifier otherwise. */
function failureKeyOf(user: repo.UserRow | undefined, identifier: string): string {
  return user ? `user:${user.id}` : identifier;
}

const WRONG_CREDENTIALS = 'The account or password is not right.';
const WRONG_SIGN_IN_CODE = 'That code is not right or no longer works. After 5 wrong tries a code stops working; request a new link.';
const WRONG_RESET_CODE = 'That code is not right or no longer works. After 5 wrong tries a code stops working; request a new one.';

export class AccountService {
  private dummyHash: Promise<string> | undefined;
  readonly rules: RateRules;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly outbox: OutboxWorker,
    private readonly log: FastifyBaseLogger,
  ) {
    this.rules = rateRules(config.REGISTRATIONS_PER_IP_PER_DAY);
  }

  /** Checking a password against this costs what checking a real one does, so timing says nothing. */
  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }

  private async audit(entry: Omit<AuditInput, 'at'>, db: Parameters<typeof insertAudit>[0] = this.db) {
    await insertAudit(db, { ...entry, at: this.clock.now() });
  }

  /**
   * Code attempts (verify, sign-in code, reset): counted before the code is judged, per account
   * (its address) and per IP, so a burst cannot outrun the limit; 429 once a window is full.
   */
  private async acquireCodeAttempt(destination: string, ip: string | null) {
    const checks: Array<[RateRule, string]> = [[this.rules.codeAttemptsPerAccount, destination]];
    if (ip) checks.push([this.rules.codeAttemptsPerIp, ip]);
    await this.limiter.acquire(checks);
  }

  /** The right code: the account starts over and the IP gets its attempt back. */
  private async codeAttemptSucceeded(destination: string, ip: string | null) {
    await this.limiter.clear(this.rules.codeAttemptsPerAccount, destination);
    if (ip) await this.limiter.release(this.rules.codeAttemptsPerIp, ip);
  }

  /** Code and link sends: 1 per 60 s and 10 per day per destination, 30 per hour per IP (plus `extra`). */
  private async sendLimits(destination: string, ip: string | null, extra: Array<[RateRule, string]> = []) {
    const checks: Array<[RateRule, string]> = [
      ...extra,
      [this.rules.sendsPerDestinationMinute, destination],
      [this.rules.sendsPerDestinationDay, destination],
    ];
    if (ip) checks.push([this.rules.sendsPerIpHour, ip]);
    await this.limiter.consume(checks);
  }

  private codeSent(row: repo.CodeRow): CodeSent {
    return {
      verificationId: row.id,
      channel: row.channel,
      destination: maskDestination(row.channel, row.destination),
      expiresAt: new Date(row.expiresAt).toISOString(),
      resendAvailableAt: new Date(new Date(row.sentAt).getTime() + RESEND_COOLDOWN_MS).toISOString(),
    };
  }

  private async startSession(
    user: repo.UserRow,
    context: RequestContext,
    method: string,
    detail: Record<string, unknown> = {},
  ): Promise<StartedSession> {
    const now = this.clock.now();
    // A new token at every sign-in: whatever session this browser had before ends here.
    if (context.currentSessionId) await revokeSession(this.db, context.currentSessionId, now);
    const session = await createSession(this.db, { userId: user.id, now, ip: context.ip, userAgent: context.userAgent });
    await this.audit({
      actorId: user.id,
      action: 'sign_in.succeeded',
      subjectType: 'user',
      subjectId: user.id,
      ip: context.ip,
      detail: { method, ...detail },
    });
    return { user: toMe(user), token: session.token, expiresAt: session.expiresAt };
  }

  // Register → verify.

  async register(body: RegisterBody, context: RequestContext): Promise<CodeSent> {
    const email = body.email ? normalizeEmail(body.email) : null;
    const phone = body.phone ? normalizePhone(body.phone) : null;
    const identifier: AccountIdentifier = email ? { kind: 'email', value: email } : { kind: 'phone', value: phone! };
    const fields: Record<string, string> = {};

    const problem = passwordProblem(body.password);
    if (problem) fields.password = problem;

    let referrerId: string | null = null;
    const inviteCode = body.inviteCode?.trim().toUpperCase() ?? '';
    if (inviteCode) {
      const referrer = await repo.findUserByInviteCode(this.db, inviteCode);
      if (!referrer) fields.inviteCode = 'No member has this invite code. Check it, or ask your friend for their link again.';
      else referrerId = referrer.id;
    } else if (this.config.REQUIRE_INVITE) {
      fields.inviteCode = 'An invite code is required to join. Ask a member for their invite link.';
    }

    if (Object.keys(fields).length > 0) throw badRequest('Some fields need attention.', fields);

    await this.sendLimits(identifier.value, context.ip, context.ip ? [[this.rules.registrationsPerIpDay, context.ip]] : []);
    // An address that already has an account gets the same answer and the same work (a code row
    // whose code is never sent, so verifying it only ever fails); only its owner is told, by message.
    const existing = await repo.findUserByIdentifier(this.db, identifier);

    const passwordHash = await hashPassword(body.password);
    const now = this.clock.now();
    const channel = channelOf(identifier);
    const code = generateSixDigitCode();
    const row = await this.db.transaction(async (tx) => {
      await repo.voidOpenCodes(tx, 'register', identifier.value, now);
      const inserted = await repo.insertCode(tx, {
        purpose: 'register',
        channel,
        destination: identifier.value,
        userId: null,
        codeHash: 'pending',
        now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        registration: { email, phone, displayName: body.displayName.trim(), passwordHash, referrerId, ip: context.ip },
      });
      // The hash is salted with the row id, which exists only after the insert.
      await repo.replaceCode(tx, inserted.id, hashCode(inserted.id, code), now, inserted.expiresAt);
      const target = { channel, destination: identifier.value };
      await enqueueMessage(
        tx,
        existing
          ? existingAccountMessage(this.config.APP_NAME, target, context.baseUrl)
          : registrationCodeMessage(this.config.APP_NAME, target, code),
        now,
      );
      return inserted;
    });
    this.outbox.kick();
    return this.codeSent(row);
  }

  async resendCode(verificationId: string, context: RequestContext): Promise<CodeSent> {
    const row = await repo.findCode(this.db, verificationId);
    const now = this.clock.now();
    if (!row || row.purpose !== 'register' || now.getTime() - new Date(row.createdAt).getTime() > REGISTRATION_TTL_MS) {
      throw new AppError('CODE_NOT_FOUND', 404, 'This registration was not found or has expired. Please register again.');
    }
    if (row.consumedAt) throw new AppError('CODE_USED', 409, 'This account is already verified. Sign in instead.');
    const open = await repo.findOpenCode(this.db, 'register', row.destination);
    if (row.voidedAt && open && open.id !== row.id) {
      throw new AppError('CODE_REPLACED', 409, 'A newer registration was started for this address. Use the code from the newest message.');
    }
    const waitMs = new Date(row.sentAt).getTime() + RESEND_COOLDOWN_MS - now.getTime();
    if (waitMs > 0) throw tooManyRequests('You can ask for a new code in {wait}.', waitMs / 1000);
    await this.sendLimits(row.destination, context.ip);

    const code = generateSixDigitCode();
    const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
    const target = { channel: row.channel, destination: row.destination };
    const existing = await repo.findUserByIdentifier(this.db, {
      kind: row.channel === 'email' ? 'email' : 'phone',
      value: row.destination,
    });
    await this.db.transaction(async (tx) => {
      await repo.replaceCode(tx, row.id, hashCode(row.id, code), now, expiresAt);
      await enqueueMessage(
        tx,
        existing
          ? existingAccountMessage(this.config.APP_NAME, target, context.baseUrl)
          : registrationCodeMessage(this.config.APP_NAME, target, code),
        now,
      );
    });
    this.outbox.kick();
    return this.codeSent({ ...row, sentAt: now, expiresAt });
  }

  /**
   * Judges a code typed for `row`. The attempt is counted first, atomically (see
   * `repo.countCodeAttempt`): only the first 5 attempts on a code are compared at all, however many
   * arrive in parallel, and the 5th wrong one voids it. Throws with `failMessage` (or a specific
   * reason when `explain`).
   */
  private async checkCode(row: repo.CodeRow, code: string, explain: boolean, failMessage: string): Promise<void> {
    const now = this.clock.now();
    const fail = (message: string, errorCode = 'CODE_INVALID') => new AppError(errorCode, 400, message, { code: message });
    const counted = await repo.countCodeAttempt(this.db, row.id, CODE_MAX_ATTEMPTS, now);
    if (!counted) {
      if (!explain) throw fail(failMessage);
      const current = (await repo.findCode(this.db, row.id)) ?? row;
      if (current.consumedAt) throw fail('This code was already used.', 'CODE_USED');
      if (current.voidedAt || current.attempts >= CODE_MAX_ATTEMPTS)
        throw fail('This code no longer works (it was wrong 5 times, or a newer one was sent). Request a new code.', 'CODE_VOID');
      throw fail('This code has expired; codes work for 10 minutes. Request a new one.', 'CODE_EXPIRED');
    }
    if (!sameHash(counted.codeHash, hashCode(row.id, code))) {
      if (counted.attempts >= CODE_MAX_ATTEMPTS) await repo.voidExhaustedCode(this.db, row.id, CODE_MAX_ATTEMPTS, now);
      const left = CODE_MAX_ATTEMPTS - counted.attempts;
      if (!explain) throw fail(failMessage);
      throw left > 0
        ? fail(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
        : fail('That code was wrong 5 times, so it no longer works. Request a new code.', 'CODE_VOID');
    }
  }

  async verifyRegistration(verificationId: string, code: string, context: RequestContext): Promise<StartedSession> {
    const row = await repo.findCode(this.db, verificationId);
    if (!row || row.purpose !== 'register' || !row.registration) {
      throw new AppError('CODE_NOT_FOUND', 404, 'This registration was not found. Please register again.');
    }
    await this.acquireCodeAttempt(row.destination, context.ip);
    await this.checkCode(row, code, true, '');
    const registration = row.registration;
    const now = this.clock.now();
    let user: repo.UserRow;
    try {
      user = await this.db.transaction(async (tx) => {
        if (!(await repo.consumeCode(tx, row.id, CODE_MAX_ATTEMPTS, now))) {
          throw new AppError('CODE_USED', 400, 'This code was already used.', { code: 'This code was already used.' });
        }
        let inviteCode = generateInviteCode();
        while (await repo.findUserByInviteCode(tx, inviteCode)) inviteCode = generateInviteCode();
        const created = await repo.insertUser(tx, {
          email: registration.email,
          phone: registration.phone,
          displayName: registration.displayName,
          passwordHash: registration.passwordHash,
          inviteCode,
          referrerId: registration.referrerId,
          createdAt: now,
        });
        await insertAudit(tx, {
          actorId: created.id,
          action: 'account.registered',
          subjectType: 'user',
          subjectId: created.id,
          ip: context.ip,
          detail: { channel: row.channel, referrerId: registration.referrerId },
          at: now,
        });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('An account already uses this address. Sign in, or reset your password.');
      throw error;
    }
    await this.codeAttemptSucceeded(row.destination, context.ip);
    return this.startSession(user, context, 'registration');
  }

  // Sign in.

  /** Counts the attempt up front (atomic against parallel bursts); 429 when the account or IP is locked. */
  private async acquireSignInAttempt(accountKey: string, ip: string | null) {
    const checks: Array<[RateRule, string]> = [[this.rules.signInFailuresPerAccount, accountKey]];
    if (ip) checks.push([this.rules.signInFailuresPerIp, ip]);
    await this.limiter.acquire(checks);
  }

  /** A successful attempt is not a failure: the account starts over and the IP gets its attempt back. */
  private async signInAttemptSucceeded(accountKey: string, ip: string | null) {
    await this.limiter.clear(this.rules.signInFailuresPerAccount, accountKey);
    if (ip) await this.limiter.release(this.rules.signInFailuresPerIp, ip);
  }

  private async auditSignInFailure(accountKey: string, user: repo.UserRow | undefined, ip: string | null, action: string) {
    await this.audit({
      actorId: null,
      action,
      subjectType: 'user',
      subjectId: user?.id ?? null,
      ip,
      detail: user ? {} : { account: accountKey, reason: 'unknown account' },
    });
  }

  /** Password check with constant work whether or not the account exists. */
  private async checkPassword(user: repo.UserRow | undefined, password: string): Promise<boolean> {
    if (!user) {
      await verifyPassword(await this.getDummyHash(), password);
      return false;
    }
    return verifyPassword(user.passwordHash, password);
  }

  async signIn(account: string, password: string, context: RequestContext): Promise<StartedSession> {
    const identifier = parseAccountIdentifier(account)!;
    const user = await repo.findUserByIdentifier(this.db, identifier);
    const limitKey = failureKeyOf(user, identifier.value);
    await this.acquireSignInAttempt(limitKey, context.ip);
    if (!(await this.checkPassword(user, password))) {
      await this.auditSignInFailure(identifier.value, user, context.ip, 'sign_in.failed');
      throw new AppError('INVALID_CREDENTIALS', 401, WRONG_CREDENTIALS);
    }
    await this.signInAttemptSucceeded(limitKey, context.ip);
    if (user!.status !== 'active') throw new AppError('ACCOUNT_FROZEN', 403, 'This account is frozen. Please contact support.');
    return this.startSession(user!, context, 'password');
  }

  async signOut(sessionId: string, userId: string, ip: string | null): Promise<void> {
    await revokeSession(this.db, sessionId, this.clock.now());
    await this.audit({ actorId: userId, action: 'sign_out', subjectType: 'user', subjectId: userId, ip });
  }

  // Passwords.

  async requestPasswordReset(account: string, context: RequestContext): Promise<{ message: string; resendAvailableAt: string }> {
    const identifier = parseAccountIdentifier(account)!;
    await this.sendLimits(identifier.value, context.ip);
    const now = this.clock.now();
    const channel = channelOf(identifier);
    const target = { channel, destination: identifier.value };
    const user = await repo.findUserByIdentifier(this.db, identifier);
    await this.db.transaction(async (tx) => {
      if (user && user.status === 'active') {
        await repo.voidOpenCodes(tx, 'password_reset', identifier.value, now);
        const code = generateSixDigitCode();
        const row = await repo.insertCode(tx, {
          purpose: 'password_reset',
          channel,
          destination: identifier.value,
          userId: user.id,
          codeHash: 'pending',
          now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          registration: null,
        });
        await repo.replaceCode(tx, row.id, hashCode(row.id, code), now, row.expiresAt);
        await enqueueMessage(tx, resetCodeMessage(this.config.APP_NAME, target, code), now);
        await insertAudit(tx, {
          actorId: null,
          action: 'password.reset_requested',
          subjectType: 'user',
          subjectId: user.id,
          ip: context.ip,
          at: now,
        });
      } else {
        // Same work and the same answer as for a real account; only the owner of the address learns there is none.
        await enqueueMessage(tx, noAccountMessage(this.config.APP_NAME, target, context.baseUrl, 'reset'), now);
        await insertAudit(tx, {
          actorId: null,
          action: 'password.reset_requested',
          subjectType: 'user',
          subjectId: null,
          ip: context.ip,
          detail: { account: identifier.value, reason: 'unknown account' },
          at: now,
        });
      }
    });
    this.outbox.kick();
    return {
      message: 'If an account uses this address, a reset code is on its way. It is valid for 10 minutes.',
      resendAvailableAt: new Date(now.getTime() + RESEND_COOLDOWN_MS).toISOString(),
    };
  }

  async resetPassword(body: ResetPasswordBody, context: RequestContext): Promise<{ message: string }> {
    const problem = passwordProblem(body.password);
    if (problem) throw badRequest('Some fields need attention.', { password: problem });
    const identifier = parseAccountIdentifier(body.account)!;
    await this.acquireCodeAttempt(identifier.value, context.ip);
    const user = await repo.findUserByIdentifier(this.db, identifier);
    const row = user ? await repo.findOpenCode(this.db, 'password_reset', identifier.value) : undefined;
    if (!user || !row || row.userId !== user.id) {
      throw new AppError('CODE_INVALID', 400, WRONG_RESET_CODE, { code: WRONG_RESET_CODE });
    }
    await this.checkCode(row, body.code, false, WRONG_RESET_CODE);
    const passwordHash = await hashPassword(body.password);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      if (!(await repo.consumeCode(tx, row.id, CODE_MAX_ATTEMPTS, now)))
        throw new AppError('CODE_INVALID', 400, WRONG_RESET_CODE, { code: WRONG_RESET_CODE });
      await repo.updatePasswordHash(tx, user.id, passwordHash);
      const ended = await revokeSessionsOfUser(tx, user.id, now);
      await insertAudit(tx, {
        actorId: user.id,
        action: 'password.reset',
        subjectType: 'user',
        subjectId: user.id,
        ip: context.ip,
        detail: { sessionsEnded: ended },
        at: now,
      });
    });
    await this.limiter.clear(this.rules.signInFailuresPerAccount, failureKeyOf(user, identifier.value));
    await this.codeAttemptSucceeded(identifier.value, context.ip);
    return { message: 'Your password was changed and every session was signed out. Sign in with the new password.' };
  }

  async changePassword(
    body: ChangePasswordBody,
    auth: { userId: string; sessionId: string } | null,
    context: RequestContext,
  ): Promise<{ message: string }> {
    let user: repo.UserRow | undefined;
    let accountKey: string;
    if (auth) {
      user = await repo.findUserById(this.db, auth.userId);
      if (!user) throw unauthenticated();
      accountKey = failureKeyOf(user, '');
    } else {
      if (!body.account) throw badRequest('Some fields need attention.', { account: 'Enter your email address or phone number.' });
      const identifier = parseAccountIdentifier(body.account)!;
      user = await repo.findUserByIdentifier(this.db, identifier);
      accountKey = failureKeyOf(user, identifier.value);
    }
    const problem = passwordProblem(body.newPassword);
    if (problem) throw badRequest('Some fields need attention.', { newPassword: problem });
    if (body.newPassword === body.currentPassword) {
      throw badRequest('Some fields need attention.', { newPassword: 'Choose a password different from the current one.' });
    }
    await this.acquireSignInAttempt(accountKey, context.ip);
    if (!(await this.checkPassword(user, body.currentPassword))) {
      await this.auditSignInFailure(accountKey, user, context.ip, 'password.change_failed');
      const message = auth ? 'This is not your current password.' : 'The account or current password is not right.';
      throw badRequest('Some fields need attention.', { currentPassword: message });
    }
    await this.signInAttemptSucceeded(accountKey, context.ip);
    if (user!.status !== 'active') throw new AppError('ACCOUNT_FROZEN', 403, 'This account is frozen. Please contact support.');
    const passwordHash = await hashPassword(body.newPassword);
    const now = this.clock.now();
    const member = user!;
    await this.db.transaction(async (tx) => {
      await repo.updatePasswordHash(tx, member.id, passwordHash);
      const ended = await revokeSessionsOfUser(tx, member.id, now, auth?.sessionId);
      await insertAudit(tx, {
        actorId: member.id,
        action: 'password.changed',
        subjectType: 'user',
        subjectId: member.id,
        ip: context.ip,
        detail: { sessionsEnded: ended, signedIn: Boolean(auth) },
        at: now,
      });
    });
    return {
      message: auth
        ? 'Your password was changed. Your other sessions were signed out.'
        : 'Your password was changed and every session was signed out. Sign in with the new password.',
    };
  }

  // Sign-in links.

  /** A fresh code for a member (older open codes of the same purpose there stop working); returns the digits. */
  private async issueCode(
    purpose: 'sign_in',
    target: { channel: 'email' | 'sms'; destination: string },
    userId: string,
    now: Date,
    ttlMs: number,
  ): Promise<string> {
    const code = generateSixDigitCode();
    await this.db.transaction(async (tx) => {
      await repo.voidOpenCodes(tx, purpose, target.destination, now);
      const row = await repo.insertCode(tx, {
        purpose,
        channel: target.channel,
        destination: target.destination,
        userId,
        codeHash: 'pending',
        now,
        expiresAt: new Date(now.getTime() + ttlMs),
        registration: null,
      });
      await repo.replaceCode(tx, row.id, hashCode(row.id, code), now, row.expiresAt);
    });
    return code;
  }

  /** The code from a sign-in link message; the same answer for a wrong code and an unknown account. */
  async signInWithCode(account: string, code: string, context: RequestContext): Promise<StartedSession> {
    const identifier = parseAccountIdentifier(account)!;
    await this.acquireCodeAttempt(identifier.value, context.ip);
    const user = await repo.findUserByIdentifier(this.db, identifier);
    const row = user ? await repo.findOpenCode(this.db, 'sign_in', identifier.value) : undefined;
    if (!user || !row || row.userId !== user.id) throw new AppError('CODE_INVALID', 400, WRONG_SIGN_IN_CODE, { code: WRONG_SIGN_IN_CODE });
    await this.checkCode(row, code, false, WRONG_SIGN_IN_CODE);
    const now = this.clock.now();
    if (!(await repo.consumeCode(this.db, row.id, CODE_MAX_ATTEMPTS, now))) {
      throw new AppError('CODE_INVALID', 400, WRONG_SIGN_IN_CODE, { code: WRONG_SIGN_IN_CODE });
    }
    await this.codeAttemptSucceeded(identifier.value, context.ip);
    // The link from the same message must not stay usable once its code was.
    await repo.retireRequestedLinks(this.db, user.id, now);
    if (user.status !== 'active') throw new AppError('ACCOUNT_FROZEN', 403, 'This account is frozen. Please contact support.');
    return this.startSession(user, context, 'code');
  }

  private async createSignInLink(userId: string, baseUrl: string, redirect: string | undefined, issuedBy: string | null) {
    const now = this.clock.now();
    const token = generateToken();
    const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_TTL_MS);
    const safe = redirect ? safeRedirectPath(redirect) : '/home';
    const row = await repo.insertSignInLink(this.db, { userId, tokenHash: sha256Hex(token), now, expiresAt, issuedBy, redirect: safe });
    const query = new URLSearchParams({ token });
    if (safe !== '/home') query.set('redirect', safe);
    return { row, token, url: `${baseUrl}/auto_way?${query.toString()}`, expiresAt };
  }

  async requestSignInLink(account: string, redirect: string | undefined, context: RequestContext): Promise<{ message: string }> {
    const identifier = parseAccountIdentifier(account)!;
    await this.sendLimits(identifier.value, context.ip);
    const now = this.clock.now();
    const target = { channel: channelOf(identifier), destination: identifier.value };
    const user = await repo.findUserByIdentifier(this.db, identifier);
    if (user && user.status === 'active') {
      const link = await this.createSignInLink(user.id, context.baseUrl, redirect, null);
      const code = await this.issueCode('sign_in', target, user.id, now, SIGN_IN_LINK_TTL_MS);
      await enqueueMessage(this.db, signInLinkMessage(this.config.APP_NAME, target, link.url, link.token, code), now);
      await this.audit({ actorId: null, action: 'sign_in_link.requested', subjectType: 'user', subjectId: user.id, ip: context.ip });
    } else {
      await enqueueMessage(this.db, noAccountMessage(this.config.APP_NAME, target, context.baseUrl, 'link'), now);
      await this.audit({
        actorId: null,
        action: 'sign_in_link.requested',
        subjectType: 'user',
        subjectId: null,
        ip: context.ip,
        detail: { account: identifier.value, reason: 'unknown account' },
      });
    }
    this.outbox.kick();
    return { message: 'If an account uses this address, a sign-in link is on its way. It works once, for 15 minutes.' };
  }

  async consumeSignInLink(token: string, context: RequestContext): Promise<StartedSession & { redirect: string }> {
    const link = await repo.findSignInLink(this.db, sha256Hex(token));
    const now = this.clock.now();
    if (!link) throw new AppError('LINK_INVALID', 400, 'This sign-in link is not valid. Request a new one.');
    if (link.usedAt) throw new AppError('LINK_USED', 400, 'This sign-in link was already used; each link works once. Request a new one.');
    if (now.getTime() >= new Date(link.expiresAt).getTime()) {
      throw new AppError('LINK_EXPIRED', 400, 'This sign-in link has expired; links work for 15 minutes. Request a new one.');
    }
    if (!(await repo.markSignInLinkUsed(this.db, link.id, now))) {
      throw new AppError('LINK_USED', 400, 'This sign-in link was already used; each link works once. Request a new one.');
    }
    const user = await repo.findUserById(this.db, link.userId);
    if (!user) throw new AppError('LINK_INVALID', 400, 'This sign-in link is not valid. Request a new one.');
    // Likewise the code from the same message.
    for (const destination of [user.email, user.phone]) if (destination) await repo.voidOpenCodes(this.db, 'sign_in', destination, now);
    if (user.status !== 'active') throw new AppError('ACCOUNT_FROZEN', 403, 'This account is frozen. Please contact support.');
    const started = await this.startSession(user, context, 'link', link.issuedBy ? { issuedBy: link.issuedBy } : {});
    return { ...started, redirect: safeRedirectPath(link.redirect ?? '/home') };
  }

  /** An operator hands a member a link (support); audited with the reason. */
  async issueSignInLink(operatorId: string, memberId: string, reason: string, redirect: string | undefined, context: RequestContext) {
    const member = await repo.findUserById(this.db, memberId);
    if (!member) throw new AppError('NOT_FOUND', 404, 'This member does not exist.');
    if (member.status !== 'active') throw conflict('This account is frozen; unfreeze it before issuing a sign-in link.');
    if (member.role === 'operator' && member.id !== operatorId) throw forbidden('Sign-in links cannot be issued for another operator.');
    const link = await this.createSignInLink(member.id, context.baseUrl, redirect, operatorId);
    await this.audit({
      actorId: operatorId,
      action: 'sign_in_link.issued',
      subjectType: 'user',
      subjectId: member.id,
      ip: context.ip,
      detail: { reason, linkId: link.row.id, expiresAt: link.expiresAt.toISOString() },
    });
    return { url: link.url, expiresAt: link.expiresAt.toISOString() };
  }

  // Profile.

  async getMe(userId: string): Promise<Me> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw unauthenticated();
    return toMe(user);
  }

  async updateMe(userId: string, displayName: string): Promise<Me> {
    const user = await repo.updateDisplayName(this.db, userId, displayName.trim());
    if (!user) throw unauthenticated();
    return toMe(user);
  }

  async revokeOtherSessions(userId: string, sessionId: string, ip: string | null): Promise<number> {
    const now = this.clock.now();
    const revoked = await revokeSessionsOfUser(this.db, userId, now, sessionId);
    await this.audit({
      actorId: userId,
      action: 'sessions.revoked_others',
      subjectType: 'user',
      subjectId: userId,
      ip,
      detail: { revoked },
    });
    return revoked;
  }

  logger() {
    return this.log;
  }
}
