/**
 * `npm run backup` and `npm run restore FILE` (db/backup.ts; README "Backups and restore").
 *
 * backup: the configured database into BACKUP_DIR, keeping the newest BACKUP_KEEP. Embedded: when a
 * server has DATA_DIR open (its pid file), the server is asked (SIGUSR2) and this waits for its
 * answer; otherwise the directory is opened here. PostgreSQL: pg_dump.
 * restore FILE [--data-dir=DIR | --database-url=URL]: into a new directory (default DATA_DIR) or an
 * empty database (default DATABASE_URL), then the books are checked as `ledger:verify` checks them
 * (every invariant, the hash chain and the seals). Exit code 0 when done and intact, 1 when the restored books
 * do not hold, 2 when it could not run or was refused.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { loadConfig, type Config } from './config';
import {
  BackupRefused,
  backupEmbedded,
  backupPostgres,
  backupStatusFile,
  pruneBackups,
  restoreEmbedded,
  restorePostgres,
  serverPidFile,
  type BackupFile,
  type BackupStatus,
} from './db/backup';
import { openDatabase, type DatabaseHandle } from './db/client';
import { buildIntegrityReport, formatIntegrityReport } from './ledger/index';

const SERVER_ANSWER_MS = 300_000;

const option = (argv: string[], name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

/** The pid of a live server with DATA_DIR open, if any. */
function runningServer(dataDir: string): number | undefined {
  const file = serverPidFile(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

async function askServer(pid: number, backupDir: string): Promise<BackupFile> {
  const statusFile = backupStatusFile(backupDir);
  const before = existsSync(statusFile) ? statSync(statusFile).mtimeMs : 0;
  const asked = Date.now();
  process.kill(pid, 'SIGUSR2');
  while (Date.now() - asked < SERVER_ANSWER_MS) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (!existsSync(statusFile) || statSync(statusFile).mtimeMs <= before) continue;
    const status = JSON.parse(readFileSync(statusFile, 'utf8')) as BackupStatus;
    if (!status.ok || !status.file) throw new Error(`the server could not back up: ${status.error ?? 'see its log'}`);
    return { file: status.file, bytes: status.bytes ?? 0, ms: Date.now() - asked };
  }
  throw new Error(`the server (pid ${pid}) did not answer within ${SERVER_ANSWER_MS / 1000} s: see its log`);
}

async function backup(config: Config): Promise<number> {
  let made: BackupFile;
  if (config.DATABASE_URL) {
    made = await backupPostgres(config.DATABASE_URL, config.BACKUP_DIR);
  } else {
    if (!existsSync(config.DATA_DIR)) throw new BackupRefused(`There is nothing to back up: ${config.DATA_DIR} does not exist.`);
    const pid = runningServer(config.DATA_DIR);
    if (pid) {
      console.log(`The server (pid ${pid}) has ${config.DATA_DIR} open: it writes the backup while it keeps serving.`);
      made = await askServer(pid, config.BACKUP_DIR);
    } else {
      const handle = await openDatabase({ dataDir: config.DATA_DIR });
      try {
        made = await backupEmbedded(handle, config.BACKUP_DIR);
      } finally {
        await handle.close();
      }
    }
  }
  const pruned = pruneBackups(config.BACKUP_DIR, config.BACKUP_KEEP);
  console.log(`Backup written: ${made.file} (${(made.bytes / 1_048_576).toFixed(1)} MiB, ${made.ms} ms)`);
  if (pruned.length > 0) console.log(`Removed ${pruned.length} older backup(s), keeping the newest ${config.BACKUP_KEEP}.`);
  return 0;
}

async function restore(config: Config, argv: string[]): Promise<number> {
  const file = argv.find((arg) => !arg.startsWith('--'));
  if (!file || !existsSync(file))
    throw new BackupRefused(`Name a backup file to restore: npm run restore FILE (${file ?? 'none given'} not found).`);
  let handle: DatabaseHandle;
  if (file.endsWith('.dump')) {
    const url = option(argv, 'database-url') ?? config.DATABASE_URL;
    if (!url)
      throw new BackupRefused('A pg_dump backup restores into PostgreSQL: give --database-url=postgres://… of a new, empty database.');
    handle = await restorePostgres(file, url);
    console.log(`Restored ${file} into ${new URL(url).pathname.slice(1)}.`);
  } else {
    const dataDir = option(argv, 'data-dir') ?? config.DATA_DIR;
    if (runningServer(dataDir))
      throw new BackupRefused(`A server has ${dataDir} open: stop it, or restore into a new directory (--data-dir=…).`);
    handle = await restoreEmbedded(file, dataDir);
    console.log(`Restored ${file} into ${dataDir}.`);
  }
  try {
    const report = await buildIntegrityReport(handle.db, new Date());
    for (const line of formatIntegrityReport(report)) console.log(line);
    return report.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  const [command, ...argv] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') return backup(config);
  if (command === 'restore') return restore(config, argv);
  console.error('Usage: npm run backup | npm run restore FILE [--data-dir=DIR | --database-url=URL]');
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof BackupRefused ? error.message : `It could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(2);
  },
);
