import { parseAccountIdentifier, type CodeSent } from '@orchard/shared';
import { AppError } from '../../errors';
import { withTransaction } from '../../ledger/index';
import { verifyPassword } from '../../lib/password';
import type { AccountDeps, RequestContext, StartedSession } from './deps';
import { pendingRegistrationsSince, resumeRegistration } from './registration';
import * as repo from './repository';
import { checkPassword, failureKeyOf, openSession, passwordAttempt, passwordFailed, passwordSucceeded, WRONG_CREDENTIALS } from './sign-in';

/** A password sign-in ends in a session, or, for a registration whose code was never entered, in that code again. */
export type SignInResult = { kind: 'signed_in'; session: StartedSession } | { kind: 'needs_code'; sent: CodeSent };

/**
 * Password sign-in. An address with no account but a registration still waiting for its code is
 * judged against that registration's password: the right one resumes the registration (the code
 * again, resumeRegistration); a wrong one is answered, counted and audited exactly as for an
 * address nobody uses. Every attempt reads both the account and the pending registration and runs
 * one argon2 verification, so neither answer nor work tells the three kinds of address apart.
 */
export async function signIn(deps: AccountDeps, account: string, password: string, context: RequestContext): Promise<SignInResult> {
  const identifier = parseAccountIdentifier(account)!;
  const user = await repo.findUserByIdentifier(deps.db, identifier);
  const pending = await repo.findPendingRegistration(deps.db, identifier.value, pendingRegistrationsSince(deps.clock.now()));
  const registration = user ? undefined : pending;
  const accountKey = failureKeyOf(user, identifier.value);
  const ticket = await passwordAttempt(deps, accountKey, context.ip);
  try {
    const isRight = registration
      ? await verifyPassword(registration.registration!.passwordHash, password)
      : await checkPassword(user, password);
    if (!isRight) {
      await passwordFailed(deps, ticket, { accountKey: identifier.value, user, ip: context.ip, action: 'sign_in.failed' });
      throw new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
    }
    await passwordSucceeded(deps, ticket, accountKey);
  } finally {
    await ticket.succeeded();
  }
  if (registration) return { kind: 'needs_code', sent: await resumeRegistration(deps, registration, context) };
  const now = deps.clock.now();
  const session = await withTransaction(deps.db, (tx) => openSession(deps, tx, { userId: user!.id, context, method: 'password', now }));
  return { kind: 'signed_in', session };
}
