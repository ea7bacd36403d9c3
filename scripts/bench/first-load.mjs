// Just the first-load measurement of `/`: node scripts/bench/first-load.mjs [web-dist-dir]
// Without a directory it measures apps/web/dist (built first when stale). With one (or
// FIRST_LOAD_DIST_DIR) it measures that build as served by the built API, and builds nothing.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureBuilt, ROOT } from '../lib.mjs';
import { FIRST_LOAD_BUDGET_BYTES, measureFirstLoad, printFirstLoad } from './startup-and-bundle.mjs';

const distArgument = process.argv[2] ?? process.env.FIRST_LOAD_DIST_DIR;
const distDir = distArgument ? resolve(distArgument) : undefined;
if (!distDir) {
  ensureBuilt();
} else if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`${distDir} holds no web build (index.html missing).`);
  process.exit(2);
} else if (!existsSync(join(ROOT, 'apps/api/dist/server.js'))) {
  console.error('apps/api/dist/server.js is missing: build the API first (npm run build -w @orchard/api).');
  process.exit(2);
}
const load = await measureFirstLoad(Number(process.env.FIRST_LOAD_PORT ?? 3412), { distDir });
printFirstLoad(load);
console.log(`(${load.total} of ${FIRST_LOAD_BUDGET_BYTES} bytes)`);
process.exit(load.total > FIRST_LOAD_BUDGET_BYTES ? 1 : 0);
