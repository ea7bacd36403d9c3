// Helpers shared by the start, test and bench scripts. Plain Node, no dependencies: these
// scripts run before `npm install` has happened.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function mustRun(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${status}).`);
    process.exit(status);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return false;
  console.log('Installing dependencies (npm ci)…');
  mustRun('npm', ['ci', '--no-audit', '--no-fund']);
  return true;
}

const WEB_OUTPUT = join(ROOT, 'apps/web/dist/index.html');
const API_OUTPUT = join(ROOT, 'apps/api/dist/server.js');
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  'package-lock.json',
];
const API_INPUTS = ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src', 'package-lock.json'];

function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(join(ROOT, input)) > built);
}

/** Builds the web app and the API when their output is missing or older than their sources. */
export function ensureBuilt({ force = false } = {}) {
  if (force || isStale(WEB_OUTPUT, WEB_INPUTS)) {
    console.log('Building the web app…');
    mustRun('npm', ['run', 'build', '-w', '@orchard/web']);
  }
  if (force || isStale(API_OUTPUT, API_INPUTS)) {
    console.log('Building the API…');
    mustRun('npm', ['run', 'build', '-w', '@orchard/api']);
  }
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
    Boolean,
  );
  return candidates.find((path) => existsSync(path));
}
