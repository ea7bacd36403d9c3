// `npm run operator:password`: a new password for the operator account of the database `npm start`
// uses (the same .env, DATA_DIR defaulting to ./data, or DATABASE_URL). Builds the API first if
// needed, then runs apps/api/src/operator-password.ts, which asks for the password and prints
// nothing secret. Stop the server first when the data is in the embedded database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';

const envFile = join(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

ensureInstalled();
ensureBuilt();
process.env.DATA_DIR ??= join(ROOT, 'data');
await import(pathToFileURL(join(ROOT, 'apps/api/dist/operator-password.js')).href);
