import { parseAccountIdentifier, safeRedirectPath } from '@orchard/shared';
import type { Tx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { withTransaction } from '../../ledger/index';
import { generateToken, sha256Hex } from '../../lib/tokens';
import { assertMayActOn } from './account-policy';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import { codeAttempt, codeAttemptSucceeded, codeError, issueCode, judgeCode, spendCode } from './codes';
import { sendToAddressOwner } from './address-requests';
import type { AccountDeps, RequestContext, StartedSession } from './deps';
import { signInLinkMessage } from './messages';
import { enqueueMessage } from './outbox/outbox';
import * as repo from './repository';
import { openSession } from './sign-in';

/** Single-use sign-in links (asked for by the member, or issued by an operator) and the code that comes with them. */

const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
const WRONG_SIGN_IN_CODE = 'That code is not right or no longer works. After 5 wrong tries a code stops working; request a new link.';

const linkInvalid = () => new AppError('LINK_INVALID', 'This sign-in link is not valid. Request a new one.');
const linkUsed = () => new AppError('LINK_USED', 'This sign-in link was already used; each link works once. Request a new one.');

/** Writes a link in the caller's transaction; only the token's hash is stored. */
async function createSignInLink(
  tx: Tx,
  input: { userId: string; baseUrl: string; redirect: string | undefined; issuedBy: string | null; now: Date },
) {
  const token = generateToken();
  const expiresAt = new Date(input.now.getTime() + SIGN_IN_LINK_TTL_MS);
  const safe = input.redirect ? safeRedirectPath(input.redirect) : '/home';
  const row = await repo.insertSignInLink(tx, {
    userId: input.userId,
    tokenHash: sha256Hex(token),
    now: input.now,
    expiresAt,
    issuedBy: input.issuedBy,
    redirect: safe,
  });
  const query = new URLSearchParams({ token });
  if (safe !== '/home') query.set('redirect', safe);
  return { row, token, url: `${input.baseUrl}/auto_way?${query.toString()}`, expiresAt };
}

/** Link, code, message and audit entry in one transaction; the same answer for an unknown account. */
export async function requestSignInLink(
  deps: AccountDeps,
  account: string,
  redirect: string | undefined,
  context: RequestContext,
): Promise<{ message: string }> {
  await sendToAddressOwner(deps, account, context, {
    action: 'sign_in_link.requested',
    notice: 'link',
    sendToMember: async (tx, member, target, now) => {
      const link = await createSignInLink(tx, { userId: member.id, baseUrl: context.baseUrl, redirect, issuedBy: null, now });
      const { code } = await issueCode(tx, { purpose: 'sign_in', target, userId: member.id, now, ttlMs: SIGN_IN_LINK_TTL_MS });
      await enqueueMessage(
        tx,
        signInLinkMessage(deps.config.APP_NAME, target, link.url, link.token, code, member.language ?? context.language),
        now,
      );
    },
  });
  return { message: 'If an account uses this address, a sign-in link is on its way. It works once, for 15 minutes.' };
}

/**
 * The code from a sign-in link message; the same answer for a wrong code and an unknown account.
 * In one transaction: the code is spent, the link from the same message retired, and the session started.
 */
export async function signInWithCode(deps: AccountDeps, account: string, code: string, context: RequestContext): Promise<StartedSession> {
  const identifier = parseAccountIdentifier(account)!;
  const wrongCode = () => codeError(WRONG_SIGN_IN_CODE);
  const ticket = await codeAttempt(deps, identifier.value, context.ip);
  let judged: { user: repo.UserRow; row: repo.CodeRow };
  try {
    const user = await repo.findUserByIdentifier(deps.db, identifier);
    const row = user ? await repo.findOpenCode(deps.db, 'sign_in', identifier.value) : undefined;
    if (!user || !row || row.userId !== user.id) {
      await ticket.failed();
      throw wrongCode();
    }
    await judgeCode(deps, ticket, row, code, { explain: false, failMessage: WRONG_SIGN_IN_CODE });
    await codeAttemptSucceeded(deps, ticket, identifier.value);
    judged = { user, row };
  } finally {
    await ticket.succeeded();
  }
  const { user, row } = judged;
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    await spendCode(tx, row, now, wrongCode);
    // The link from the same message must not stay usable once its code was.
    await repo.retireRequestedLinks(tx, user.id, now);
    return openSession(deps, tx, { userId: user.id, context, method: 'code', now });
  });
}

/** In one transaction: the link is used, the code from the same message voided, and the session started. */
export async function consumeSignInLink(
  deps: AccountDeps,
  token: string,
  context: RequestContext,
): Promise<StartedSession & { redirect: string }> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const link = await repo.findSignInLink(tx, sha256Hex(token));
    if (!link) throw linkInvalid();
    if (link.usedAt) throw linkUsed();
    if (now.getTime() >= new Date(link.expiresAt).getTime()) {
      throw new AppError('LINK_EXPIRED', 'This sign-in link has expired; links work for 15 minutes. Request a new one.');
    }
    if (!(await repo.markSignInLinkUsed(tx, link.id, now))) throw linkUsed();
    const user = await repo.findUserById(tx, link.userId);
    if (!user) throw linkInvalid();
    for (const destination of [user.email, user.phone]) if (destination) await repo.voidOpenCodes(tx, 'sign_in', destination, now);
    const started = await openSession(deps, tx, {
      userId: user.id,
      context,
      method: 'link',
      detail: link.issuedBy ? { issuedBy: link.issuedBy } : {},
      now,
    });
    return { ...started, redirect: safeRedirectPath(link.redirect ?? '/home') };
  });
}

/** An operator hands a member a link (support); the link and its audit entry (with the reason) in one transaction. */
export async function issueSignInLink(
  deps: AccountDeps,
  input: { actor: ConsoleActor; memberId: string; reason: string; redirect: string | undefined },
  context: RequestContext,
): Promise<{ url: string; expiresAt: string }> {
  const { actor, memberId } = input;
  const operatorId = actor.operatorId;
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const member = await repo.findUserById(tx, memberId);
    if (!member) throw new AppError('NOT_FOUND', 'This member does not exist.');
    // A link signs its holder in as the member: for members only, never for the one issuing it.
    await assertMayActOn(tx, actor, 'sign_in_link', member.id);
    if (member.status !== 'active') throw conflict('This account is frozen; unfreeze it before issuing a sign-in link.');
    const link = await createSignInLink(tx, {
      userId: member.id,
      baseUrl: context.baseUrl,
      redirect: input.redirect,
      issuedBy: operatorId,
      now,
    });
    await recordConsoleAction(tx, actor, {
      action: 'sign_in_link.issued',
      subjectType: 'user',
      subjectId: member.id,
      detail: { reason: input.reason, linkId: link.row.id, expiresAt: link.expiresAt.toISOString() },
      at: now,
    });
    return { url: link.url, expiresAt: link.expiresAt.toISOString() };
  });
}
