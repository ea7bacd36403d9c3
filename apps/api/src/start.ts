import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { serveBackupSignal } from './db/backup';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seed } from './demo/seed';
import { unpackTemplate } from './db/template';
import { AdjustableClock } from './lib/clock';
import { linkOrigin, sealConsoleSecrets, secondFactorKeys } from './modules/accounts/index';
import type { Tracing } from './lib/tracing';

const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** The server's start, after server.ts has started tracing (or not). */
export async function main(tracing: Tracing | undefined) {
  const config = loadConfig();
  if (config.NODE_ENV === 'production' && !config.SECOND_FACTOR_KEY && !config.SEED_DEMO) {
    throw new Error('SECOND_FACTOR_KEY is not set: in production the console’s authenticator secrets are kept encrypted (README, "Operator console"). Set it to id:$(openssl rand -base64 32).');
  }
  // A new embedded database starts from the build's migrated template (db/template.ts).
  if (!config.DATABASE_URL) unpackTemplate(config.DATA_DIR);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    testClock: config.TEST_CLOCK,
  });
  // The read replica (docs/decisions/0040): a second pool, on a standby of the PostgreSQL database only.
  const replica =
    config.DATABASE_REPLICA_URL && config.DATABASE_URL
      ? await openDatabase({ url: config.DATABASE_REPLICA_URL, poolSize: config.DATABASE_REPLICA_POOL_SIZE, testClock: config.TEST_CLOCK, connectTimeoutMs: 2_000 })
      : undefined;
  const clock = config.TEST_CLOCK ? new AdjustableClock() : undefined;
  const app = await buildApp({ config, database, replica, webDistDir: config.WEB_DIST_DIR ?? WEB_DIST_DIR, clock });
  if (config.DATABASE_REPLICA_URL && !replica) app.log.warn('DATABASE_REPLICA_URL is ignored: a read replica needs DATABASE_URL (PostgreSQL), not the embedded database');
  if (clock) app.log.warn('TEST_CLOCK is on: POST /api/test/clock from this machine moves the clock forward. Never use it in production.');

  const { applied, definitions } = await migrate(database);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (definitions.length > 0) app.log.info({ definitions }, 'database definitions applied');
  const sealed = await sealConsoleSecrets(database.db, secondFactorKeys(config));
  if (sealed > 0) app.log.info({ sealed }, 'console authenticator secrets sealed with the current SECOND_FACTOR_KEY');
  const seeded = await seed(database, config, app.log);
  // The embedded database is backed up by this process when `npm run backup` asks (db/backup.ts).
  const stopBackups = config.DATABASE_URL
    ? () => undefined
    : serveBackupSignal(database, { dataDir: config.DATA_DIR, backupDir: config.BACKUP_DIR, keep: config.BACKUP_KEEP, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      stopBackups();
      await tracing?.shutdown();
      await replica?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  if (!config.PUBLIC_URL) {
    app.log.warn(
      `PUBLIC_URL is not set: links in messages point at ${linkOrigin(config, app.server.address())}; set PUBLIC_URL to the address members use`,
    );
  }
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
  // The listening address as a person types it (127.0.0.1 and 0.0.0.0 read `localhost`), whatever PUBLIC_URL says.
  console.log(`${config.APP_NAME} is ready at ${linkOrigin({ ...config, PUBLIC_URL: undefined }, app.server.address())} (data: ${where})`);
  if (config.HOST === '127.0.0.1' || config.HOST === 'localhost') {
    console.log('  Only this machine can open it: HOST=0.0.0.0 opens it to your network.');
  }
  if (!config.SMTP_URL) {
    console.log("  No SMTP_URL: emailed codes and sign-in links are printed here and listed in the console's Outbox (/admin/outbox).");
  }
  if (seeded.demoSignIn) {
    // Demo credentials are public (README); printed on every start so they are at hand. SEED_DEMO=false hides them.
    const { email, password } = seeded.demoSignIn;
    console.log(`  Demo member: ${email} / ${password} (team members such as amara@orchard.local use the same password)`);
  }
}
