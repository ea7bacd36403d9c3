// `npm run dev`: the API with reload on :3000 and the Vite dev server on :5173 (proxying /api).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from './lib.mjs';

const envFile = join(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
ensureInstalled();

const env = { ...process.env, NODE_ENV: 'development', DATA_DIR: process.env.DATA_DIR ?? join(ROOT, 'data') };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server.ts'], { cwd: join(ROOT, 'apps/api'), stdio: 'inherit', env }),
  spawn('npx', ['vite'], { cwd: join(ROOT, 'apps/web'), stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', (code) => (stop(), process.exit(code ?? 0)));
