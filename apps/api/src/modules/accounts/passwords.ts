import { parseAccountIdentifier, type ChangePasswordBody, type ResetPasswordBody } from '@orchard/shared';
import { badRequest, unauthenticated } from '../../errors';
import { withTransaction } from '../../ledger/index';
import { hashPassword } from '../../lib/password';
import { passwordProblem } from '../../lib/password-policy';
import { insertAudit } from '../audit/index';
import { codeAttempt, codeAttemptSucceeded, codeError, CODE_TTL_MS, issueCode, judgeCode, RESEND_COOLDOWN_MS, spendCode } from './codes';
import { sendToAddressOwner } from './address-requests';
import type { AccountDeps, RequestContext } from './deps';
import { resetCodeMessage } from './messages';
import { enqueueMessage } from './outbox/outbox';
import * as repo from './repository';
import { revokeSessionsOfUser } from './sessions';
import { accountFrozen, checkPassword, failureKeyOf, passwordAttempt, passwordFailed, passwordSucceeded } from './sign-in';

/** Forgotten password (request a code, reset with it) and password change. */

const WRONG_RESET_CODE = 'That code is not right or no longer works. After 5 wrong tries a code stops working; request a new one.';

export async function requestPasswordReset(
  deps: AccountDeps,
  account: string,
  context: RequestContext,
): Promise<{ message: string; resendAvailableAt: string }> {
  const now = await sendToAddressOwner(deps, account, context, {
    action: 'password.reset_requested',
    notice: 'reset',
    sendToMember: async (tx, member, target, at) => {
      const { code } = await issueCode(tx, { purpose: 'password_reset', target, userId: member.id, now: at, ttlMs: CODE_TTL_MS });
      await enqueueMessage(tx, resetCodeMessage(deps.config.APP_NAME, target, code, member.language ?? context.language), at);
    },
  });
  return {
    message: 'If an account uses this address, a reset code is on its way. It is valid for 10 minutes.',
    resendAvailableAt: new Date(now.getTime() + RESEND_COOLDOWN_MS).toISOString(),
  };
}

/** The reset code and a new password: in one transaction the code is spent, the password set and every session ended. */
export async function resetPassword(deps: AccountDeps, body: ResetPasswordBody, context: RequestContext): Promise<{ message: string }> {
  const problem = passwordProblem(body.password);
  if (problem) throw badRequest('Some fields need attention.', { password: problem });
  const identifier = parseAccountIdentifier(body.account)!;
  const wrongCode = () => codeError(WRONG_RESET_CODE);
  const ticket = await codeAttempt(deps, identifier.value, context.ip);
  let judged: { user: repo.UserRow; row: repo.CodeRow };
  try {
    const user = await repo.findUserByIdentifier(deps.db, identifier);
    const row = user ? await repo.findOpenCode(deps.db, 'password_reset', identifier.value) : undefined;
    if (!user || !row || row.userId !== user.id) {
      await ticket.failed();
      throw wrongCode();
    }
    await judgeCode(deps, ticket, row, body.code, { explain: false, failMessage: WRONG_RESET_CODE });
    await codeAttemptSucceeded(deps, ticket, identifier.value);
    judged = { user, row };
  } finally {
    await ticket.succeeded();
  }
  const { user, row } = judged;
  // Second-factor hook: a console account (operator, support, finance) is to need its second factor
  // here too, once accounts have one, so that a reset code alone never hands over the console. Its
  // codes are already never shown in the console's outbox (admin/service.ts outboxRevealsSecret).
  // Slow work before the transaction opens.
  const passwordHash = await hashPassword(body.password);
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await spendCode(tx, row, now, wrongCode);
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    const ended = await revokeSessionsOfUser(tx, user.id, now, undefined, 'password_reset');
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
  await deps.limiter.clear(deps.rules.signInFailuresPerAccount, failureKeyOf(user, identifier.value));
  return { message: 'Your password was changed and every session was signed out. Sign in with the new password.' };
}

export async function changePassword(
  deps: AccountDeps,
  body: ChangePasswordBody,
  auth: { userId: string; sessionId: string } | null,
  context: RequestContext,
): Promise<{ message: string }> {
  let user: repo.UserRow | undefined;
  /** The failure counter's key; also what the audit entry names when no account has this address. */
  let accountKey: string;
  if (auth) {
    user = await repo.findUserById(deps.db, auth.userId);
    if (!user) throw unauthenticated();
    accountKey = failureKeyOf(user, '');
  } else {
    if (!body.account) throw badRequest('Some fields need attention.', { account: 'Enter your email address or phone number.' });
    const identifier = parseAccountIdentifier(body.account)!;
    user = await repo.findUserByIdentifier(deps.db, identifier);
    accountKey = failureKeyOf(user, identifier.value);
  }
  const problem = passwordProblem(body.newPassword);
  if (problem) throw badRequest('Some fields need attention.', { newPassword: problem });
  if (body.newPassword === body.currentPassword) {
    throw badRequest('Some fields need attention.', { newPassword: 'Choose a password different from the current one.' });
  }
  const ticket = await passwordAttempt(deps, accountKey, context.ip);
  try {
    if (!(await checkPassword(user, body.currentPassword))) {
      await passwordFailed(deps, ticket, { accountKey, user, ip: context.ip, action: 'password.change_failed' });
      const message = auth ? 'This is not your current password.' : 'The account or current password is not right.';
      throw badRequest('Some fields need attention.', { currentPassword: message });
    }
    await passwordSucceeded(deps, ticket, accountKey);
  } finally {
    await ticket.succeeded();
  }
  const member = user!;
  if (member.status !== 'active') throw accountFrozen();
  // Slow work before the transaction opens.
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await repo.updatePasswordHash(tx, member.id, passwordHash);
    const ended = await revokeSessionsOfUser(tx, member.id, now, auth?.sessionId, 'password_changed');
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
