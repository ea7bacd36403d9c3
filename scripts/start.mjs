// `npm start`: install what is missing, build what is stale, then run the server in this
// process (it migrates, creates the demo content on first start and serves web + API).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';

const envFile = join(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

ensureInstalled();
ensureBuilt();
process.env.DATA_DIR ??= join(ROOT, 'data');
await import(pathToFileURL(join(ROOT, 'apps/api/dist/server.js')).href);
