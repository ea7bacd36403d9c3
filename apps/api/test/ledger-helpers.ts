import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { paymentChannels, users } from '../src/db/schema/index';
import { INVITE_CODE_ALPHABET } from '../src/lib/invite-code';

function inviteCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((byte) => INVITE_CODE_ALPHABET[byte % INVITE_CODE_ALPHABET.length]).join('');
}

/** A users row written directly, for service-level tests that need no session. */
/** A member (or operator); `referrerId` sets the referral chain, which never changes afterwards. */
export async function insertUser(db: Db, role: 'member' | 'operator' = 'member', referrerId: string | null = null): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      email: `${role}-${randomBytes(6).toString('hex')}@test.local`,
      displayName: role === 'member' ? 'Member' : 'Operator',
      passwordHash: 'not-a-real-hash',
      role,
      inviteCode: inviteCode(),
      referrerId,
    })
    .returning({ id: users.id });
  return row!.id;
}

export const GATEWAY_SECRET = 'whsec_test_0123456789abcdef';

/** A bank-transfer channel `bank` and a gateway channel `gw`, both 100–1,000,000 minor units. */
export async function insertChannels(db: Db): Promise<void> {
  await db
    .insert(paymentChannels)
    .values([
      {
        code: 'bank',
        kind: 'bank_transfer',
        name: 'Bank transfer',
        instructions: 'Pay to IBAN XX00 0000',
        minAmount: 100,
        maxAmount: 1_000_000,
        presets: [1000, 5000],
      },
      {
        code: 'gw',
        kind: 'gateway',
        name: 'Test gateway',
        paymentUrlTemplate: 'https://pay.example/checkout?order={orderId}&amount={amount}',
        webhookSecret: GATEWAY_SECRET,
        minAmount: 100,
        maxAmount: 1_000_000,
      },
    ])
    .onConflictDoNothing();
}

/**
 * Runs `statements` as a superuser repairing (or breaking) the books by hand would: in one
 * transaction with `session_replication_role = replica`, so no trigger fires (the ledger's guards,
 * ledger/sql/, included; CHECK constraints still hold). The suites use it to break an invariant
 * the database otherwise refuses and see the integrity report name it.
 */
export async function asSuperuser(db: Db, ...statements: SQL[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
  });
}
