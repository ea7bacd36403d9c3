import { parseAccountIdentifier } from '@orchard/shared';
import type { Tx } from '../../db/client';
import { withTransaction } from '../../ledger/index';
import { insertAudit } from '../audit/index';
import type { AccountDeps, RequestContext } from './deps';
import { noAccountMessage } from './messages';
import { enqueueMessage } from './outbox/outbox';
import { channelOf, sendLimits } from './registration';
import * as repo from './repository';

export interface AddressTarget {
  channel: 'email' | 'sms';
  destination: string;
}

/**
 * Something asked for by address (a reset code, a sign-in link): in one transaction it goes to an
 * active account, or a notice goes to an address with no account, with the same work, answer and
 * audit action either way, so the answer never tells whether an account exists.
 */
export async function sendToAddressOwner(
  deps: AccountDeps,
  account: string,
  context: RequestContext,
  request: {
    action: 'password.reset_requested' | 'sign_in_link.requested';
    notice: 'reset' | 'link';
    sendToMember: (tx: Tx, member: repo.UserRow, target: AddressTarget, now: Date) => Promise<void>;
  },
): Promise<Date> {
  const identifier = parseAccountIdentifier(account)!;
  await sendLimits(deps, identifier.value, context.ip);
  const now = deps.clock.now();
  const target = { channel: channelOf(identifier), destination: identifier.value };
  await withTransaction(deps.db, async (tx) => {
    const user = await repo.findUserByIdentifier(tx, identifier);
    const isMember = user !== undefined && user.status === 'active';
    if (isMember) await request.sendToMember(tx, user, target, now);
    else await enqueueMessage(tx, noAccountMessage(deps.config.APP_NAME, target, context.baseUrl, request.notice, context.language), now);
    await insertAudit(tx, {
      actorId: null,
      action: request.action,
      subjectType: 'user',
      subjectId: isMember ? user.id : null,
      ip: context.ip,
      ...(isMember ? {} : { detail: { account: identifier.value, reason: 'unknown account' } }),
      at: now,
    });
  });
  deps.outbox.kick();
  return now;
}
