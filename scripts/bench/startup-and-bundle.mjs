// Measures (1) server cold start to ready, median of 5, on a fresh data directory and on an
// existing one, and (2) the first-load bytes of `/` (JS + CSS, gzip) as Chromium loads them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { HEADLESS_CHROMIUM_ARGS } from '../chromium.mjs';
import { findChromium, ROOT } from '../lib.mjs';

export const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;
const SERVER = join(ROOT, 'apps/api/dist/server.js');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function waitReady(url, deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

export async function startServer({ port, dataDir, env = {} }) {
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OPERATOR_PASSWORD: 'bench-operator-password',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = await waitReady(`http://127.0.0.1:${port}/api/ready`, Date.now() + 60_000);
  const elapsed = performance.now() - started;
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error('server did not become ready within 60 s');
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { elapsed, stop };
}

async function measureStartup(port) {
  const fresh = [];
  const warm = [];
  for (let i = 0; i < 5; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'orchard-bench-'));
    try {
      const first = await startServer({ port, dataDir });
      fresh.push(first.elapsed);
      await first.stop();
      const second = await startServer({ port, dataDir });
      warm.push(second.elapsed);
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { freshMs: median(fresh), warmMs: median(warm) };
}

/** `distDir`: a web build to serve instead of apps/web/dist (the server's WEB_DIST_DIR). */
export async function measureFirstLoad(port, { distDir } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'orchard-bench-'));
  const server = await startServer({ port, dataDir, env: distDir ? { WEB_DIST_DIR: distDir } : {} });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: HEADLESS_CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const assets = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') assets.push(response);
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
    let js = 0;
    let css = 0;
    const files = [];
    for (const response of assets) {
      const body = await response.body();
      const gzipped = gzipSync(body, { level: 9 }).length;
      if (response.request().resourceType() === 'script') js += gzipped;
      else css += gzipped;
      files.push({ url: new URL(response.url()).pathname, gzip: gzipped });
    }
    return { js, css, total: js + css, files };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runStartupAndBundle(port = 3411) {
  const startup = await measureStartup(port);
  console.log(`server start to ready, fresh data dir (migrate + seed): ${startup.freshMs.toFixed(0)} ms (median of 5)`);
  console.log(`server start to ready, existing data dir: ${startup.warmMs.toFixed(0)} ms (median of 5)`);
  const load = await measureFirstLoad(port);
  printFirstLoad(load);
  return { startup, firstLoad: { js: load.js, css: load.css, total: load.total, budget: FIRST_LOAD_BUDGET_BYTES } };
}

export function printFirstLoad(load) {
  for (const file of load.files) console.log(`  ${file.url}: ${(file.gzip / 1024).toFixed(1)} KB gzip`);
  const verdict = load.total <= FIRST_LOAD_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `first load of /: ${(load.total / 1024).toFixed(1)} KB gzip (JS ${(load.js / 1024).toFixed(1)} KB + CSS ${(load.css / 1024).toFixed(1)} KB), ${verdict} the ${FIRST_LOAD_BUDGET_BYTES / 1024} KB budget`,
  );
}
