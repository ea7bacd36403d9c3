import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { hashPassword } from '../lib/password';
import { systemClock } from '../lib/clock';
import { sealBooks } from '../modules/books/index';
import { publishDailyDisclosure } from '../modules/disclosure/index';
import { settleDemoInbox } from '../modules/notifications/index';
import { createFirstOperator, emailHasAccount, enrolConsoleTotp, findAnyOperatorId, secondFactorKeys } from '../modules/accounts/index';
import { seedDemoPaymentChannels } from '../modules/recharge/index';
import type { DatabaseHandle } from '../db/client';
import { createDemoBusiness } from './business';

export interface SeedLogger {
  info(message: string): void;
}

const DEFAULT_OPERATOR_EMAIL = 'operator@orchard.local';
/**
 * The demo operator's authenticator secret (README, "Operator console"): public, like the demo
 * member's password, so whoever runs `npm start` can add it to an authenticator app. Only while
 * SEED_DEMO is on and OPERATOR_TOTP_SECRET is unset; a production operator sets up their own.
 */
const DEMO_OPERATOR_TOTP_SECRET = 'ORCHARDDEMOCONSOLESECONDFACTOR23';
/**
 * The demo's second operator, who approves what the first asks for over the threshold
 * (docs/decisions/0033): the demo member's password and this public authenticator secret (README).
 */
const DEMO_APPROVER_EMAIL = 'approver@orchard.local';
const DEMO_APPROVER_TOTP_SECRET = 'ORCHARDDEMOSECONDOPERATORAPPROVE';

/** Held while the first-start content is written (migrate.ts has its own for the schema). */
const SEED_LOCK_KEY = 727_001;

/**
 * First-start content: the operator account, then demo content. Every step checks before it
 * writes, so running it on each start is harmless; an advisory lock makes instances that start
 * together on one fresh database take turns (without it the second one's operator insert failed
 * and the instance exited).
 */
export async function seed(database: DatabaseHandle, config: Config, log: SeedLogger | FastifyBaseLogger): Promise<SeedResult> {
  return database.withSession(async (session) => {
    await session.query('select pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    try {
      return await seedInTurn(database, config, log);
    } finally {
      await session.query('select pg_advisory_unlock($1)', [SEED_LOCK_KEY]);
    }
  });
}

async function seedInTurn(database: DatabaseHandle, config: Config, log: SeedLogger | FastifyBaseLogger): Promise<SeedResult> {
  await seedOperator(database, config, log);
  if (!config.SEED_DEMO) return { demoSignIn: null };
  await seedDemoPaymentChannels(database);
  await seedDemoMember(database, config, log);
  return { demoSignIn: { email: DEMO_MEMBER_EMAIL, password: DEMO_MEMBER_PASSWORD } };
}

export interface SeedResult {
  /** The demo member's sign-in, for the start-up output (SEED_DEMO only). */
  demoSignIn: { email: string; password: string } | null;
}

/** A member to try the app with (README lists it). Created once; never when SEED_DEMO=false. */
export const DEMO_MEMBER_EMAIL = 'demo@orchard.local';
const DEMO_MEMBER_PASSWORD = 'orchard-demo-2026';

/**
 * The demo member and the business around them (demo/business.ts): only on a database that has no demo
 * member yet, so a second start, or a database where the demo member was renamed away, adds nothing.
 */
async function seedDemoMember(database: DatabaseHandle, config: Config, log: SeedLogger | FastifyBaseLogger) {
  const { db } = database;
  if (await emailHasAccount(db, DEMO_MEMBER_EMAIL)) return;
  const operatorId = await findAnyOperatorId(db);
  const passwordHash = await hashPassword(DEMO_MEMBER_PASSWORD);
  const approverId = await createFirstOperator(db, DEMO_APPROVER_EMAIL, passwordHash, 'Rosa Reyes');
  await enrolConsoleTotp(db, approverId, DEMO_APPROVER_TOTP_SECRET, new Date(), secondFactorKeys(config));
  // The story is told in the weeks before now: its money is dated by the story's clock.
  await database.withAppClock((storyDb) =>
    createDemoBusiness({
      db: storyDb,
      config,
      operatorId: operatorId!,
      approverId,
      demoMember: { email: DEMO_MEMBER_EMAIL, displayName: 'Demo Member' },
      passwordHash,
      now: new Date(),
    }),
  );
  // The inbox the story filled (its triggers): older news read, nothing of the past mailed.
  await settleDemoInbox(db, new Date());
  // The story's past days, sealed: the console shows their seals and a member's statement their proofs.
  await sealBooks({ db, clock: systemClock, config });
  // Today's earnings disclosure (/earnings), from the story's books: the page is filled at once.
  await publishDailyDisclosure({ db, clock: systemClock, config });
  log.info(
    `Demo data created: the demo member ${DEMO_MEMBER_EMAIL} with a three-level team, six weeks of recharges, plan purchases, commissions, coupons and withdrawals`,
  );
}

async function seedOperator(database: DatabaseHandle, config: Config, log: SeedLogger | FastifyBaseLogger) {
  const { db } = database;
  if (await findAnyOperatorId(db)) return;

  const email = (config.OPERATOR_EMAIL ?? DEFAULT_OPERATOR_EMAIL).toLowerCase();
  const generated = config.OPERATOR_PASSWORD === undefined;
  const password = config.OPERATOR_PASSWORD ?? randomBytes(12).toString('base64url');
  const operatorId = await createFirstOperator(db, email, await hashPassword(password));
  // The console asks for the second factor: a configured (or the demo's) authenticator secret, or
  // the operator sets one up at the first sign-in.
  const totpSecret = config.OPERATOR_TOTP_SECRET ?? (config.SEED_DEMO ? DEMO_OPERATOR_TOTP_SECRET : undefined);
  if (totpSecret) await enrolConsoleTotp(db, operatorId, totpSecret, new Date(), secondFactorKeys(config));
  if (generated) {
    // Printed once: the only copy of this password is in this line of the start-up output.
    console.log(`\n  Operator account created: ${email}\n  Password (shown once): ${password}\n`);
  } else {
    log.info(`Operator account created: ${email}`);
  }
}
