import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { generateInviteCode } from '../lib/invite-code';
import { hashPassword } from '../lib/password';
import { seedDemoPaymentChannels } from '../modules/recharge/demo-channels';
import type { DatabaseHandle } from './client';
import { users } from './schema/index';

export interface SeedLogger {
  info(message: string): void;
}

const DEFAULT_OPERATOR_EMAIL = 'operator@orchard.local';

/**
 * First-start content: the operator account, then demo content. Every step checks before it
 * writes, so running it on each start is harmless.
 */
export async function seed(database: DatabaseHandle, config: Config, log: SeedLogger | FastifyBaseLogger): Promise<void> {
  await seedOperator(database, config, log);
  if (config.SEED_DEMO) await seedDemoPaymentChannels(database);
  if (config.SEED_DEMO) await seedDemoMember(database, log);
}

/** A member to try the app with (README lists it). Created once; never when SEED_DEMO=false. */
export const DEMO_MEMBER_EMAIL = 'demo@orchard.local';
export const DEMO_MEMBER_PASSWORD = 'orchard-demo-2026';

async function seedDemoMember(database: DatabaseHandle, log: SeedLogger | FastifyBaseLogger) {
  const { db } = database;
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER_EMAIL)).limit(1);
  if (existing.length > 0) return;
  await db.insert(users).values({
    email: DEMO_MEMBER_EMAIL,
    displayName: 'Demo Member',
    passwordHash: await hashPassword(DEMO_MEMBER_PASSWORD),
    role: 'member',
    inviteCode: generateInviteCode(),
  });
  log.info(`Demo member created: ${DEMO_MEMBER_EMAIL} / ${DEMO_MEMBER_PASSWORD}`);
}

async function seedOperator(database: DatabaseHandle, config: Config, log: SeedLogger | FastifyBaseLogger) {
  const { db } = database;
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'operator')).limit(1);
  if (existing.length > 0) return;

  const email = (config.OPERATOR_EMAIL ?? DEFAULT_OPERATOR_EMAIL).toLowerCase();
  const generated = config.OPERATOR_PASSWORD === undefined;
  const password = config.OPERATOR_PASSWORD ?? randomBytes(12).toString('base64url');
  await db.insert(users).values({
    email,
    displayName: 'Operator',
    passwordHash: await hashPassword(password),
    role: 'operator',
    inviteCode: generateInviteCode(),
  });
  if (generated) {
    // Printed once: the only copy of this password is in this line of the start-up output.
    console.log(`\n  Operator account created: ${email}\n  Password (shown once): ${password}\n`);
  } else {
    log.info(`Operator account created: ${email}`);
  }
}
