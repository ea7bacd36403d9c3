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

/** An operator account (the first one; with SEED_DEMO also the demo's second operator, who approves). */
export async function createFirstOperator(db: Db, email: string, passwordHash: string, displayName = 'Operator'): Promise<string> {
  return repo.insertOperator(db, { email, displayName, passwordHash, inviteCode: generateInviteCode() });
}

export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  return (await repo.findUserByIdentifier(db, { kind: 'email', value: email })) !== undefined;
}
