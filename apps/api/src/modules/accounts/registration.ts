import {
  DEFAULT_LANGUAGE,
  normalizeEmail,
  normalizePhone,
  type AccountIdentifier,
  type CodeSent,
  type RegisterBody,
} from '@orchard/shared';
import { AppError, badRequest, conflict } from '../../errors';
import { sqlStateOf, withTransaction } from '../../ledger/index';
import { generateInviteCode } from '../../lib/invite-code';
import { hashPassword } from '../../lib/password';
import { passwordProblem } from '../../lib/password-policy';
import { generateSixDigitCode } from '../../lib/tokens';
import { insertAudit } from '../audit/index';
import {
  codeAttempt,
  codeAttemptSucceeded,
  codeError,
  codeSent,
  CODE_TTL_MS,
  hashCode,
  issueCode,
  judgeCode,
  RESEND_COOLDOWN_MS,
  spendCode,
} from './codes';
import type { AccountDeps, RequestContext, StartedSession } from './deps';
import { existingAccountMessage, registrationCodeMessage } from './messages';
import { enqueueMessage } from './outbox/outbox';
import { tooManyRequests } from './rate-limit';
import * as repo from './repository';
import { openSession } from './sign-in';
import { termsShown } from './terms';

/** Register → (resend) → verify: the account exists only once its code was entered. */

/** A registration not verified within a day is abandoned; register again. */
const REGISTRATION_TTL_MS = 24 * 60 * 60_000;

/** Code and link sends: 1 per 60 s and 10 per day per destination, 30 per hour per IP (plus `extra`). */
export async function sendLimits(
  deps: AccountDeps,
  destination: string,
  ip: string | null,
  extra: Parameters<AccountDeps['limiter']['consume']>[0] = [],
) {
  const checks: Parameters<AccountDeps['limiter']['consume']>[0] = [
    ...extra,
    [deps.rules.sendsPerDestinationMinute, destination],
    [deps.rules.sendsPerDestinationDay, destination],
  ];
  if (ip) checks.push([deps.rules.sendsPerIpHour, ip]);
  await deps.limiter.consume(checks);
}

export function channelOf(identifier: AccountIdentifier): 'email' | 'sms' {
  return identifier.kind === 'email' ? 'email' : 'sms';
}

export async function register(deps: AccountDeps, body: RegisterBody, context: RequestContext): Promise<CodeSent> {
  const email = body.email ? normalizeEmail(body.email) : null;
  const phone = body.phone ? normalizePhone(body.phone) : null;
  const identifier: AccountIdentifier = email ? { kind: 'email', value: email } : { kind: 'phone', value: phone! };
  const fields: Record<string, string> = {};

  const problem = passwordProblem(body.password);
  if (problem) fields.password = problem;

  let referrerId: string | null = null;
  const inviteCode = body.inviteCode?.trim().toUpperCase() ?? '';
  if (inviteCode) {
    const referrer = await repo.findUserByInviteCode(deps.db, inviteCode);
    // A closed account's code is dead (docs/decisions/0035): it answers like a code nobody has.
    if (!referrer || referrer.status === 'closed') fields.inviteCode = 'No member has this invite code. Check it, or ask your friend for their link again.';
    else referrerId = referrer.id;
  } else if (deps.config.REQUIRE_INVITE) {
    fields.inviteCode = 'An invite code is required to join. Ask a member for their invite link.';
  }
  const acceptedTermsVersion = body.acceptedTermsVersion.trim();
  // The terms as this page showed them: the version the form names, in the request's language.
  const terms = await termsShown(deps.db, context.language);
  if (acceptedTermsVersion !== terms.version) {
    fields.acceptedTermsVersion =
      'The terms or privacy notice changed since this page opened. Reload the page, read them and accept again.';
  }
  if (Object.keys(fields).length > 0) throw badRequest('Some fields need attention.', fields);

  await sendLimits(deps, identifier.value, context.ip, context.ip ? [[deps.rules.registrationsPerIpDay, context.ip]] : []);
  // Slow work before the transaction opens.
  const passwordHash = await hashPassword(body.password);
  const now = deps.clock.now();
  const target = { channel: channelOf(identifier), destination: identifier.value };
  const row = await withTransaction(deps.db, async (tx) => {
    // An address that already has an account gets the same answer and the same work (a code row
    // whose code is never sent, so verifying it only ever fails); only its owner is told, by message.
    const existing = await repo.findUserByIdentifier(tx, identifier);
    const issued = await issueCode(tx, {
      purpose: 'register',
      target,
      userId: null,
      now,
      ttlMs: CODE_TTL_MS,
      registration: {
        email,
        phone,
        displayName: body.displayName.trim(),
        passwordHash,
        referrerId,
        ip: context.ip,
        acceptedTermsVersion,
        acceptedTermsLanguage: terms.termsLanguage,
        acceptedPrivacyLanguage: terms.privacyLanguage,
        language: context.language,
      },
    });
    const message = existing
      ? existingAccountMessage(deps.config.APP_NAME, target, context.baseUrl, existing.language ?? context.language)
      : registrationCodeMessage(deps.config.APP_NAME, target, issued.code, context.language);
    await enqueueMessage(tx, message, now);
    return issued.row;
  });
  deps.outbox.kick();
  return codeSent(row);
}

export async function resendCode(deps: AccountDeps, verificationId: string, context: RequestContext): Promise<CodeSent> {
  const row = await repo.findCode(deps.db, verificationId);
  const now = deps.clock.now();
  if (!row || row.purpose !== 'register' || now.getTime() - new Date(row.createdAt).getTime() > REGISTRATION_TTL_MS) {
    throw new AppError('CODE_NOT_FOUND', 'This registration was not found or has expired. Please register again.');
  }
  if (row.consumedAt) throw AppError.withStatus('CODE_USED', 409, 'This account is already verified. Sign in instead.');
  const open = await repo.findOpenCode(deps.db, 'register', row.destination);
  if (row.voidedAt && open && open.id !== row.id) {
    throw new AppError('CODE_REPLACED', 'A newer registration was started for this address. Use the code from the newest message.');
  }
  const waitMs = new Date(row.sentAt).getTime() + RESEND_COOLDOWN_MS - now.getTime();
  if (waitMs > 0) throw tooManyRequests('You can ask for a new code in {wait}.', waitMs / 1000);
  return sendRegistrationCodeAgain(deps, row, context, now);
}

/** Since when a registration may still be completed (REGISTRATION_TTL_MS). */
export function pendingRegistrationsSince(now: Date): Date {
  return new Date(now.getTime() - REGISTRATION_TTL_MS);
}

/**
 * The right password for an address whose registration code was never entered (the page that
 * waited for it was closed): within the resend cool-down the code already sent still stands;
 * after it, a new one is sent under the send limits, as "Send a new code" would. Either way the
 * answer says where, and /verify-code completes the account.
 */
export async function resumeRegistration(deps: AccountDeps, row: repo.CodeRow, context: RequestContext): Promise<CodeSent> {
  const now = deps.clock.now();
  const coolingDown = new Date(row.sentAt).getTime() + RESEND_COOLDOWN_MS > now.getTime();
  return coolingDown ? codeSent(row) : sendRegistrationCodeAgain(deps, row, context, now);
}

/** A new code for a registration's row, under the send limits; the previous code stops working. */
async function sendRegistrationCodeAgain(deps: AccountDeps, row: repo.CodeRow, context: RequestContext, now: Date): Promise<CodeSent> {
  await sendLimits(deps, row.destination, context.ip);
  const code = generateSixDigitCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const target = { channel: row.channel, destination: row.destination };
  await withTransaction(deps.db, async (tx) => {
    const existing = await repo.findUserByIdentifier(tx, { kind: row.channel === 'email' ? 'email' : 'phone', value: row.destination });
    await repo.replaceCode(tx, row.id, hashCode(row.id, code), now, expiresAt);
    const message = existing
      ? existingAccountMessage(deps.config.APP_NAME, target, context.baseUrl, existing.language ?? context.language)
      : registrationCodeMessage(deps.config.APP_NAME, target, code, row.registration?.language ?? context.language);
    await enqueueMessage(tx, message, now);
  });
  deps.outbox.kick();
  return codeSent({ ...row, sentAt: now, expiresAt });
}

/** The registration code: in one transaction the code is spent, the account created, audited and signed in. */
export async function verifyRegistration(
  deps: AccountDeps,
  verificationId: string,
  code: string,
  context: RequestContext,
): Promise<StartedSession> {
  const row = await repo.findCode(deps.db, verificationId);
  if (!row || row.purpose !== 'register' || !row.registration) {
    throw new AppError('CODE_NOT_FOUND', 'This registration was not found. Please register again.');
  }
  const registration = row.registration;
  const ticket = await codeAttempt(deps, row.destination, context.ip);
  try {
    await judgeCode(deps, ticket, row, code, { explain: true, failMessage: '' });
    await codeAttemptSucceeded(deps, ticket, row.destination);
  } finally {
    // Released, not counted, if anything else went wrong on the way.
    await ticket.succeeded();
  }
  const now = deps.clock.now();
  try {
    return await withTransaction(deps.db, async (tx) => {
      await spendCode(tx, row, now, () => codeError('This code was already used.', 'CODE_USED'));
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
        // Recorded with the account it belongs to; the version was checked when the code was sent.
        acceptedTermsVersion: registration.acceptedTermsVersion ?? null,
        termsAcceptedAt: registration.acceptedTermsVersion ? now : null,
        // Registrations started before terms had languages saw the only text there was: the default language's.
        acceptedTermsLanguage: registration.acceptedTermsVersion ? (registration.acceptedTermsLanguage ?? DEFAULT_LANGUAGE) : null,
        language: registration.language ?? null,
      });
      await insertAudit(tx, {
        actorId: created.id,
        action: 'account.registered',
        subjectType: 'user',
        subjectId: created.id,
        ip: context.ip,
        detail: {
          channel: row.channel,
          referrerId: registration.referrerId,
          termsVersion: registration.acceptedTermsVersion ?? null,
          termsLanguage: registration.acceptedTermsVersion ? (registration.acceptedTermsLanguage ?? DEFAULT_LANGUAGE) : null,
          privacyLanguage: registration.acceptedTermsVersion ? (registration.acceptedPrivacyLanguage ?? DEFAULT_LANGUAGE) : null,
        },
        at: now,
      });
      await deps.signals.registered(tx, { userId: created.id, referrerId: registration.referrerId, at: now });
      return openSession(deps, tx, { userId: created.id, context, method: 'registration', now });
    });
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw conflict('An account already uses this address. Sign in, or reset your password.');
    throw error;
  }
}
