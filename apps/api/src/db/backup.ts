/**
 * Backups and restores (`npm run backup`, `npm run restore FILE`; README "Backups and restore").
 *
 * - Embedded (PGlite): the whole data directory as a gzipped tarball, taken by the process that
 *   has it open. PGlite runs one query at a time, and the dump waits for the one running, so the
 *   files are read at one instant between two queries: the state a power cut would leave, which
 *   PostgreSQL's own crash recovery brings back to exactly what was committed (an open
 *   transaction's writes are rolled back). A checkpoint first keeps that recovery short. While the
 *   server runs, `npm run backup` asks it (SIGUSR2, `serveBackupSignal`); when it does not, the
 *   command opens the directory itself.
 * - PostgreSQL: `pg_dump --format=custom`, one repeatable-read snapshot while the server keeps
 *   serving; continuous archiving (base backup + WAL) is the server's own and the README's.
 *
 * A restore only ever writes into something empty (a new directory, a database without tables):
 * it never merges into or overwrites live books. Files appear whole or not at all (written as
 * `.part`, then renamed).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from './client';

export interface BackupFile {
  file: string;
  bytes: number;
  ms: number;
}

/** What the server leaves for `npm run backup` after each backup it was asked for. */
export interface BackupStatus {
  at: string;
  ok: boolean;
  file?: string;
  bytes?: number;
  error?: string;
}

/** Inside the data directory while a server has it open (PGlite ignores files it does not know). */
export const serverPidFile = (dataDir: string) => join(dataDir, 'orchard-server.pid');
export const backupStatusFile = (backupDir: string) => join(backupDir, 'last-backup.json');

const BACKUP_NAME = /^orchard-\d{8}T\d{6}\d{3}Z\.(tar\.gz|dump)$/;

function backupName(now: Date, extension: 'tar.gz' | 'dump'): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `orchard-${stamp}.${extension}`;
}

export class BackupRefused extends Error {}

export async function backupEmbedded(handle: DatabaseHandle, dir: string, now = new Date()): Promise<BackupFile> {
  const started = performance.now();
  mkdirSync(dir, { recursive: true });
  await handle.withSession((session) => session.exec('checkpoint'));
  const archive = Buffer.from(await (await handle.dumpDataDir('gzip')).arrayBuffer());
  return writeWhole(join(dir, backupName(now, 'tar.gz')), archive, started);
}

function writeWhole(file: string, data: Buffer, started: number): BackupFile {
  writeFileSync(`${file}.part`, data, { mode: 0o600 });
  renameSync(`${file}.part`, file);
  return { file, bytes: data.length, ms: Math.round(performance.now() - started) };
}

export async function backupPostgres(url: string, dir: string, now = new Date()): Promise<BackupFile> {
  const started = performance.now();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, backupName(now, 'dump'));
  await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}.part`, `--dbname=${url}`]);
  renameSync(`${file}.part`, file);
  return { file, bytes: statSync(file).size, ms: Math.round(performance.now() - started) };
}

/** Keeps the newest `keep` backups in `dir` (0 keeps all); returns the files it removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (keep <= 0 || !existsSync(dir)) return [];
  const old = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .slice(keep);
  for (const name of old) rmSync(join(dir, name));
  return old;
}

/** Unpacks an embedded backup into `dataDir`, which must be new or empty, and opens it. */
export async function restoreEmbedded(file: string, dataDir: string): Promise<DatabaseHandle> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupRefused(`${dataDir} is not empty: restore into a new directory (--data-dir), or move this one aside first`);
  }
  const archive = new Blob([readFileSync(file)], { type: 'application/x-gzip' });
  const handle = await openDatabase({ dataDir, loadDataDir: archive });
  rmSync(serverPidFile(dataDir), { force: true });
  return handle;
}

/** Restores a `pg_dump` backup into the database at `url`, which must have no tables yet, and opens it. */
export async function restorePostgres(file: string, url: string): Promise<DatabaseHandle> {
  const target = await openDatabase({ url, poolSize: 2 });
  const [found] = await target.withSession((session) =>
    session.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    ),
  );
  await target.close();
  if ((found?.tables ?? 0) > 0)
    throw new BackupRefused('the target database already has tables: restore into a new, empty database (--database-url)');
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file]);
  return openDatabase({ url, poolSize: 2 });
}

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) =>
      reject(new BackupRefused(`${command} could not run (${error.message}): install the PostgreSQL client tools`)),
    );
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

interface BackupSignalOptions {
  dataDir: string;
  backupDir: string;
  keep: number;
  log: { info(data: object, message: string): void; error(data: object, message: string): void };
}

/**
 * The embedded server's side of `npm run backup`: it marks the data directory as open (the pid
 * file) and answers SIGUSR2 with a backup and a status file. One backup at a time; a signal
 * during one is answered by that one. Returns the way to stop (removes the pid file).
 */
export function serveBackupSignal(handle: DatabaseHandle, options: BackupSignalOptions): () => void {
  writeFileSync(serverPidFile(options.dataDir), `${process.pid}\n`);
  let running: Promise<void> | undefined;
  const onSignal = () => {
    running ??= backUpNow(handle, options).finally(() => (running = undefined));
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(serverPidFile(options.dataDir), { force: true });
  };
}

async function backUpNow(handle: DatabaseHandle, options: BackupSignalOptions): Promise<void> {
  let status: BackupStatus;
  try {
    const made = await backupEmbedded(handle, options.backupDir);
    const pruned = pruneBackups(options.backupDir, options.keep);
    options.log.info({ ...made, pruned }, 'backup written');
    status = { at: new Date().toISOString(), ok: true, file: made.file, bytes: made.bytes };
  } catch (error) {
    options.log.error({ err: error }, 'backup failed');
    status = { at: new Date().toISOString(), ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  mkdirSync(options.backupDir, { recursive: true });
  writeFileSync(backupStatusFile(options.backupDir), JSON.stringify(status));
}
