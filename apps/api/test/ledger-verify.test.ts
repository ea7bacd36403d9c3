import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { ensureMemberAccounts, platformAccountId, postTransaction, withTransaction } from '../src/ledger/index';
import { insertUser } from './ledger-helpers';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

/** `npm run ledger:verify` end to end: the script's output and exit code on an intact and a tampered ledger. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('ledger:verify on PostgreSQL', () => {
  const name = `orchard_t_${randomBytes(6).toString('hex')}`;
  let url: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    base.pathname = `/${name}`;
    url = base.toString();
    handle = await openDatabase({ url, poolSize: 2 });
    await migrate(handle);
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
    await handle?.close();
    const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });

  const verify = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/ledger-verify.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });

  it('prints the checks and the trial balance and exits 0 when intact, 1 on a breach', async () => {
    const intact = verify();
    expect(intact.stdout).toContain('RESULT: OK');
    expect(intact.stdout).toMatch(/member_available\s+12\.34/);
    expect(intact.stdout).toMatch(/platform_cash\s+-12\.34/);
    expect(intact.status).toBe(0);

    await handle.db.execute(sql`update ledger_accounts set balance = balance + 1 where type = 'member_available'`);
    const tampered = verify();
    expect(tampered.stdout).toContain('RESULT: BREACH');
    expect(tampered.stdout).toContain('[FAIL]');
    expect(tampered.status).toBe(1);
  }, 60_000);
});
