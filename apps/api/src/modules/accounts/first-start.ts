import type { Db } from '../../db/client';
import { generateInviteCode } from '../../lib/invite-code';
import * as repo from './repository';

/**
 * What the first-start seeding (src/demo/seed.ts) needs of the accounts: whether an operator
 * exists yet, the first operator, and whether an email already has an account.
 */
export function findAnyOperatorId(db: Db): Promise<string | undefined> {
  return repo.findAnyOperatorId(db);
}

export async function createFirstOperator(db: Db, email: string, passwordHash: string): Promise<string> {
  return repo.insertOperator(db, { email, displayName: 'Operator', passwordHash, inviteCode: generateInviteCode() });
}

export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  return (await repo.findUserByIdentifier(db, { kind: 'email', value: email })) !== undefined;
}
