// `npm run backup` and `npm run restore FILE`: for the database `npm start` uses (the same .env,
// DATA_DIR defaulting to ./data, or DATABASE_URL), into BACKUP_DIR (./backups). Builds the API first
// if needed, then runs apps/api/src/backup-restore.ts. A running embedded server is asked to write
// the backup itself while it keeps serving; a restore only writes into a new directory or an empty
// database, then checks the books.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';

const envFile = join(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

ensureInstalled();
ensureBuilt();
process.env.DATA_DIR ??= join(ROOT, 'data');
process.env.BACKUP_DIR ??= join(ROOT, 'backups');
await import(pathToFileURL(join(ROOT, 'apps/api/dist/backup-restore.js')).href);
