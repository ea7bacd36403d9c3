import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { ensureMemberAccounts, platformAccountId, postTransaction, withTransaction } from '../src/ledger/index';
import { seedFullBalance } from './amount-limits-seed';
import { asSuperuser, insertUser } from './ledger-helpers';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A fresh, migrated database of its own on the TEST_DATABASE_URL server (the script opens it by URL). */
async function createVerifyDatabase(): Promise<{ url: string; handle: DatabaseHandle; drop(): Promise<void> }> {
  const name = `orchard_t_${randomBytes(6).toString('hex')}`;
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  base.pathname = `/${name}`;
  const handle = await openDatabase({ url: base.toString(), poolSize: 2 });
  await migrate(handle);
  return {
    url: base.toString(),
    handle,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const verifyAgainst = (url: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/ledger-verify.ts'], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });

/** `npm run ledger:verify` end to end: the script's output and exit code on an intact and a tampered ledger. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('ledger:verify on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createVerifyDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createVerifyDatabase();
    handle = database.handle;
    const member = await insertUser(handle.db);
    await withTransaction(handle.db, async (tx) => {
      const accounts = await ensureMemberAccounts(tx, member, 'USD');
      const cash = await platformAccountId(tx, 'platform_cash', 'USD');
      await postTransaction(tx, {
        kind: 'recharge',
        entries: [
          { accountId: accounts.available, amount: 1234 },
          { accountId: cash, amount: -1234 },
        ],
        at: new Date(),
      });
    });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const verify = () => verifyAgainst(database.url);

  it('prints the checks and the trial balance and exits 0 when intact, 1 on a breach', async () => {
    const intact = verify();
    expect(intact.stdout).toContain('RESULT: OK');
    expect(intact.stdout).toMatch(/member_available\s+12\.34/);
    expect(intact.stdout).toMatch(/platform_cash\s+-12\.34/);
    expect(intact.status).toBe(0);

    await asSuperuser(handle.db, sql`update ledger_accounts set balance = balance + 1 where type = 'member_available'`);
    const tampered = verify();
    expect(tampered.stdout).toContain('RESULT: BREACH');
    expect(tampered.stdout).toContain('[FAIL]');
    expect(tampered.status).toBe(1);
  }, 60_000);
});

/** Issue 9, defect 4: sums past 2^53 (ten members at the balance ceiling) printed to the last digit. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('ledger:verify past 2^53 on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createVerifyDatabase>>;

  beforeAll(async () => {
    database = await createVerifyDatabase();
    for (let i = 0; i < 10; i++) await seedFullBalance(database.handle.db, await insertUser(database.handle.db));
    const odd = await insertUser(database.handle.db);
    await withTransaction(database.handle.db, async (tx) => {
      const accounts = await ensureMemberAccounts(tx, odd, 'USD');
      const cash = await platformAccountId(tx, 'platform_cash', 'USD');
      await postTransaction(tx, {
        kind: 'recharge',
        entries: [
          { accountId: accounts.available, amount: 1235 },
          { accountId: cash, amount: -1235 },
        ],
        at: new Date(),
      });
    });
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('prints member liabilities and platform cash exactly and finds the ledger intact', () => {
    const result = verifyAgainst(database.url);
    // 10 × 10^15 + 1235 minor units = 10,000,000,000,001,235: not representable as a double.
    expect(result.stdout).toMatch(/member_available\s+100000000000012\.35\n/);
    expect(result.stdout).toMatch(/platform_cash\s+-100000000000012\.35\n/);
    expect(result.stdout).toMatch(/member liabilities\s+100000000000012\.35\n/);
    expect(result.stdout).toContain('[ok]   USD total is zero');
    expect(result.stdout).toContain('RESULT: OK');
    expect(result.status).toBe(0);
  }, 60_000);
});
