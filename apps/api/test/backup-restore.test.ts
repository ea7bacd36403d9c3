import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db, DatabaseHandle } from '../src/db/client';
import {
  BackupRefused,
  backupEmbedded,
  backupPostgres,
  backupStatusFile,
  pruneBackups,
  restoreEmbedded,
  restorePostgres,
  serveBackupSignal,
  serverPidFile,
  type BackupFile,
  type BackupStatus,
} from '../src/db/backup';
import { buildIntegrityReport, linkChainNow, verifyChain } from '../src/ledger/index';
import { rechargeMember } from './books-helpers';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind } from './database';
import { insertUser } from './ledger-helpers';

/**
 * The restore drill (db/backup.ts): books with a hash chain take traffic; a backup is taken while
 * postings keep coming; it is restored into a new directory / a new, empty database; the restored
 * books pass the whole integrity report, hold exactly the transactions the source has (nothing
 * half-written, nothing changed), and their chain links are the source's, link for link.
 */

const scratch = mkdtempSync(join(tmpdir(), 'orchard-backup-'));
const createdDatabases: string[] = [];
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  if (!process.env.TEST_DATABASE_URL || createdDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of createdDatabases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** A new, empty database on the TEST_DATABASE_URL server (no migrations: a restore's target). */
async function emptyPostgresDatabase(): Promise<string> {
  const name = `orchard_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function rowsOf<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const transactionIds = async (db: Db) =>
  (await rowsOf<{ id: string }>(db, sql`select t.id::text as id from ledger_transactions t order by t.id`)).map((row) => Number(row.id));

/** One digest of the given transactions and their entries, as stored. */
async function digestOf(db: Db, ids: number[]): Promise<string> {
  const [row] = await rowsOf<{ digest: string | null }>(
    db,
    sql`select md5(string_agg(concat_ws(':', t.id, t.kind, t.created_at, e.id, e.account_id, e.amount, e.balance_after), ',' order by e.id)) as digest
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
         where t.id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return row?.digest ?? '';
}

const chainLinks = (db: Db) =>
  rowsOf<{ seq: string; tx_id: string; hash: string }>(
    db,
    sql`select c.seq::text, c.tx_id::text, c.hash from ledger_chain c order by c.seq`,
  );

/** Members posting recharges one after another until stopped; answers how many each posted. */
function traffic(db: Db, members: string[]) {
  let running = true;
  let posted = 0;
  const runs = members.map(async (member) => {
    try {
      while (running) {
        await rechargeMember(db, [100 + (posted % 7)], member);
        posted += 1;
        // PGlite answers without I/O: without this the loop never lets a timer (or the backup) run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      running = false;
    }
  });
  return {
    posted: () => posted,
    async stop() {
      running = false;
      await Promise.all(runs);
    },
  };
}

async function until(condition: () => boolean, what = 'the condition') {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited a minute for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function backUp(kind: DatabaseKind, source: DatabaseHandle, url: string | undefined, dir: string): Promise<BackupFile> {
  return kind === 'pglite' ? backupEmbedded(source, dir) : backupPostgres(url!, dir);
}

async function restoreInto(kind: DatabaseKind, file: string): Promise<DatabaseHandle> {
  return kind === 'pglite'
    ? restoreEmbedded(file, join(scratch, `restored-${randomBytes(4).toString('hex')}`))
    : restorePostgres(file, await emptyPostgresDatabase());
}

describe.each(DATABASE_KINDS)('backup and restore drill (%s)', (kind) => {
  it('restores a backup taken under traffic into books that pass the report and match the source, chain included', async () => {
    const source = await createTestDatabase(kind);
    const restoredHandles: DatabaseHandle[] = [];
    try {
      const db = source.handle.db;
      const members = await Promise.all(Array.from({ length: 6 }, () => insertUser(db)));
      for (const member of members) await rechargeMember(db, [500, 250], member);
      // The horizon waits for every older transaction on the server (other databases' too).
      await linkChainNow(db, 30_000);
      expect(await chainLinks(db)).toHaveLength(members.length * 2);
      const url = kind === 'postgres' ? await urlOf(source.handle) : undefined;

      const load = traffic(db, members);
      await until(() => load.posted() >= 12);
      const before = (await transactionIds(db)).length;
      const backup = await backUp(kind, source.handle, url, join(scratch, `backups-${kind}`));
      const postedAtBackup = load.posted();
      await until(() => load.posted() >= postedAtBackup + 12);
      await load.stop();
      await linkChainNow(db, 30_000);

      const restored = await restoreInto(kind, backup.file);
      restoredHandles.push(restored);
      const report = await buildIntegrityReport(restored.db, new Date());
      expect(report.ok).toBe(true);

      const restoredIds = await transactionIds(restored.db);
      const sourceIds = await transactionIds(db);
      expect(restoredIds.length).toBeGreaterThanOrEqual(before);
      expect(restoredIds.length).toBeLessThan(sourceIds.length);
      expect(restoredIds.every((id) => sourceIds.includes(id))).toBe(true);
      expect(await digestOf(restored.db, restoredIds)).toBe(await digestOf(db, restoredIds));
      // One session writes PGlite's commits in id order: the restored books are the source's first ones.
      if (kind === 'pglite') expect(restoredIds).toEqual(sourceIds.slice(0, restoredIds.length));

      const restoredLinks = await chainLinks(restored.db);
      expect(restoredLinks.length).toBeGreaterThanOrEqual(members.length * 2);
      expect(restoredLinks).toEqual((await chainLinks(db)).slice(0, restoredLinks.length));
      await linkChainNow(restored.db, 30_000);
      expect(await verifyChain(restored.db)).toMatchObject({ ok: true, links: restoredIds.length });
    } finally {
      for (const handle of restoredHandles) await handle.close();
      await source.destroy();
    }
  }, 120_000);
});

/** The URL of a test database on the PostgreSQL server (its name, read from the server itself). */
async function urlOf(handle: DatabaseHandle): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(handle.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

const restoreCommand = (file: string, dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/backup-restore.ts', 'restore', file, `--data-dir=${dataDir}`], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });

describe('what a restore refuses, and what the server does when asked for a backup', () => {
  it('restores only into a new or empty directory, never over one in use', async () => {
    const source = await createTestDatabase('pglite');
    try {
      await rechargeMember(source.handle.db, [300]);
      const backup = await backupEmbedded(source.handle, join(scratch, 'refusals'));
      const inUse = mkdtempSync(join(scratch, 'in-use-'));
      writeFileSync(join(inUse, 'PG_VERSION'), '17\n');
      await expect(restoreEmbedded(backup.file, inUse)).rejects.toBeInstanceOf(BackupRefused);
      expect(readdirSync(inUse)).toEqual(['PG_VERSION']);

      // `npm run restore FILE`: the same refusal (exit 2), then a restore into a new directory, checked (exit 0).
      const refused = restoreCommand(backup.file, inUse);
      expect(refused.stderr).toContain('is not empty');
      expect(refused.status).toBe(2);
      const done = restoreCommand(backup.file, join(scratch, 'cli-restored'));
      expect(done.stdout).toContain('RESULT: OK');
      expect(done.stdout).toMatch(/the hash chain holds/);
      expect(done.status).toBe(0);
    } finally {
      await source.destroy();
    }
  }, 120_000);

  // Declared only where there is a PostgreSQL server to dump.
  if (process.env.TEST_DATABASE_URL)
    it('restores a pg_dump only into a database without tables', async () => {
      const source = await createTestDatabase('postgres');
      try {
        await rechargeMember(source.handle.db, [300]);
        const backup = await backupPostgres(await urlOf(source.handle), join(scratch, 'pg-refusals'));
        await expect(restorePostgres(backup.file, await urlOf(source.handle))).rejects.toBeInstanceOf(BackupRefused);
        expect((await transactionIds(source.handle.db)).length).toBe(1);
      } finally {
        await source.destroy();
      }
    });

  it('answers SIGUSR2 with a whole backup and a status file, keeps the newest BACKUP_KEEP, and clears its pid file when stopped', async () => {
    const source = await createTestDatabase('pglite');
    const dataDir = mkdtempSync(join(scratch, 'served-'));
    const backupDir = join(scratch, 'served-backups');
    const logged: string[] = [];
    const log = { info: (_: object, message: string) => logged.push(message), error: (_: object, message: string) => logged.push(message) };
    const stop = serveBackupSignal(source.handle, { dataDir, backupDir, keep: 2, log });
    try {
      expect(readFileSync(serverPidFile(dataDir), 'utf8').trim()).toBe(String(process.pid));
      await rechargeMember(source.handle.db, [700]);
      for (let round = 1; round <= 3; round += 1) {
        process.kill(process.pid, 'SIGUSR2');
        await until(() => logged.length >= round);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(logged).toEqual(['backup written', 'backup written', 'backup written']);
      const status = JSON.parse(readFileSync(backupStatusFile(backupDir), 'utf8')) as BackupStatus;
      expect(status).toMatchObject({ ok: true });
      const kept = readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz'));
      expect(kept).toHaveLength(2);
      expect(kept.some((name) => status.file!.endsWith(name))).toBe(true);
      expect(readdirSync(backupDir).some((name) => name.endsWith('.part'))).toBe(false);
      const restored = await restoreEmbedded(status.file!, join(scratch, 'served-restored'));
      expect(await transactionIds(restored.db)).toHaveLength(1);
      await restored.close();
    } finally {
      stop();
      await source.destroy();
    }
    expect(existsSync(serverPidFile(dataDir))).toBe(false);
    expect(pruneBackups(backupDir, 0)).toEqual([]);
  });
});
