import type { Db } from '../../db/client';
import { generateInviteCode } from '../../lib/invite-code';
import { insertAudit } from '../audit/index';
import * as repo from './repository';

/**
 * A member as verifyRegistration creates one (unique invite code, referrer fixed now, audited),
 * without the address check: the demo seeding's members (demo/business.ts), who have no inbox.
 */
export async function createDemoMember(
  db: Db,
  member: { email: string; displayName: string },
  referrerId: string | null,
  passwordHash: string,
  now: Date,
): Promise<string> {
  let inviteCode = generateInviteCode();
  while (await repo.findUserByInviteCode(db, inviteCode)) inviteCode = generateInviteCode();
  const created = await repo.insertUser(db, {
    email: member.email,
    phone: null,
    displayName: member.displayName,
    passwordHash,
    inviteCode,
    referrerId,
    createdAt: now,
  });
  await insertAudit(db, {
    actorId: created.id,
    action: 'account.registered',
    subjectType: 'user',
    subjectId: created.id,
    ip: null,
    detail: { channel: 'email', referrerId, demo: true },
    at: now,
  });
  return created.id;
}
