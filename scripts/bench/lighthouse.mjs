// Lighthouse (mobile emulation, the default config) for `/`, `/register` and signed-in `/home`:
// performance, accessibility and best-practices scores with FCP, LCP, TBT and CLS, the median of
// several runs per page. Goals are reported as pass/fail; nothing here fails a test.
//
//   node scripts/bench/lighthouse.mjs                          (builds if stale, starts apps/api/dist)
//   node scripts/bench/lighthouse.mjs --dist /tmp/web-dist     (the built server with another web build)
//   node scripts/bench/lighthouse.mjs --base-url http://127.0.0.1:4180   (a server already running)
//
// Options: --runs N (3), --port N (3413, for the server started here), --save DIR (each run's full
// report as JSON, to read what a page waits for); LIGHTHOUSE_RUNS also sets the runs. The signed-in page uses the seeded demo member (SEED_DEMO, on unless turned off).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findChromium } from '../lib.mjs';

export const LIGHTHOUSE_GOALS = { performance: 0.95, accessibility: 1, bestPractices: 0.95 };
const CATEGORIES = { performance: 'performance', accessibility: 'accessibility', bestPractices: 'best-practices' };
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
};
const MAX_FAILED_RUNS = 3;
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/register', signedIn: false },
  { path: '/home', signedIn: true },
];
// The same flags as every other headless Chromium here: no browser download, no background traffic.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// Kept in step with apps/api/src/demo/seed.ts (the demo member the README lists).
const DEMO_MEMBER = { account: 'demo@orchard.local', password: 'orchard-demo-2026' };

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Signs the demo member in through the API; returns the Cookie header value and a sign-out. */
async function signInDemoMember(baseUrl) {
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(DEMO_MEMBER),
  });
  if (!response.ok) throw new Error(`demo member sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const signOut = () =>
    fetch(`${baseUrl}/api/v1/auth/sign-out`, { method: 'POST', headers: { origin: baseUrl, cookie } }).catch(() => undefined);
  return { cookie, signOut };
}

/** Audits of the three categories that lose points (score below 1), with a short detail. */
function shortfalls(lhr) {
  const found = new Map();
  for (const category of Object.values(CATEGORIES)) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const firstItem = audit.details?.items?.[0];
      const detail =
        firstItem?.description ?? firstItem?.issueType ?? firstItem?.url ?? firstItem?.node?.snippet ?? audit.displayValue ?? '';
      found.set(ref.id, { category, score: audit.score, detail: String(detail).slice(0, 200) });
    }
  }
  return Object.fromEntries(found);
}

function summarize(lhr) {
  const run = {};
  for (const [key, id] of Object.entries(CATEGORIES)) run[key] = lhr.categories[id].score;
  for (const [key, id] of Object.entries(METRICS)) run[key] = lhr.audits[id].numericValue;
  run.shortfalls = shortfalls(lhr);
  return run;
}

function verdicts(figures) {
  return Object.fromEntries(Object.entries(LIGHTHOUSE_GOALS).map(([key, goal]) => [key, figures[key] >= goal ? 'pass' : 'fail']));
}

function printPage(path, page) {
  const goals = Object.entries(page.goals)
    .map(([key, verdict]) => `${key} ${verdict}`)
    .join(', ');
  console.log(
    `lighthouse ${path}: performance ${page.performance.toFixed(2)}, accessibility ${page.accessibility.toFixed(2)}, best practices ${page.bestPractices.toFixed(2)}; ` +
      `FCP ${Math.round(page.fcpMs)} ms, LCP ${Math.round(page.lcpMs)} ms, TBT ${Math.round(page.tbtMs)} ms, CLS ${page.cls.toFixed(3)} ` +
      `(median of ${page.runs}) — ${goals}`,
  );
  for (const [id, shortfall] of Object.entries(page.shortfalls)) {
    console.log(`    ${shortfall.category}: ${id} ${shortfall.score}${shortfall.detail ? ` — ${shortfall.detail}` : ''}`);
  }
}

/**
 * Runs Lighthouse `runs` times per page against a running server at `baseUrl`; every figure is
 * the median of its runs (each separately), the shortfalls are those of any run.
 */
export async function runLighthouse({ baseUrl, runs = 3, saveDir }) {
  const chromePath = findChromium();
  if (!chromePath) {
    console.log('lighthouse: skipped, no Chromium found (set CHROMIUM_PATH)');
    return { skipped: 'no Chromium found' };
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const session = await signInDemoMember(baseUrl);
  const pages = {};
  try {
    // One discarded run: the first load after a start pays for cold caches in the server and in
    // Chromium, which would otherwise land on the first page's figures.
    await lighthouse(`${baseUrl}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    for (const { path, signedIn } of PAGES) {
      const results = [];
      const failures = [];
      // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) is run again.
      while (results.length < runs && failures.length < MAX_FAILED_RUNS) {
        const { lhr } = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.values(CATEGORIES),
          extraHeaders: signedIn ? { Cookie: session.cookie } : undefined,
        });
        if (lhr.runtimeError) failures.push(lhr.runtimeError.code);
        else results.push(summarize(lhr));
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          const name = `${path === '/' ? 'root' : path.slice(1).replaceAll('/', '-')}-${results.length + failures.length}.json`;
          writeFileSync(join(saveDir, name), JSON.stringify(lhr));
        }
      }
      if (results.length < runs) {
        console.log(`lighthouse ${path}: no figures, ${failures.length} runs failed (${failures.join(', ')})`);
        pages[path] = { error: failures.join(', ') };
        continue;
      }
      const figures = {};
      for (const key of [...Object.keys(CATEGORIES), ...Object.keys(METRICS)]) figures[key] = median(results.map((run) => run[key]));
      const page = { ...figures, runs, goals: verdicts(figures), shortfalls: Object.assign({}, ...results.map((run) => run.shortfalls)) };
      printPage(path, page);
      pages[path] = page;
    }
  } finally {
    await session.signOut();
    await chrome.kill();
  }
  const allGoalsMet = Object.values(pages).every((page) => page.goals && Object.values(page.goals).every((verdict) => verdict === 'pass'));
  console.log(
    `lighthouse goals (performance ≥ ${LIGHTHOUSE_GOALS.performance}, accessibility ${LIGHTHOUSE_GOALS.accessibility}, best practices ≥ ${LIGHTHOUSE_GOALS.bestPractices}): ${allGoalsMet ? 'all met' : 'NOT all met'}`,
  );
  return { config: 'lighthouse default (mobile emulation, simulated throttling)', goals: LIGHTHOUSE_GOALS, allGoalsMet, pages };
}

/** Starts the built server on a fresh data directory (demo member seeded), runs, stops it. */
export async function runLighthouseOnBuiltServer({ port = 3413, runs = 3, distDir, saveDir } = {}) {
  const { startServer } = await import('./startup-and-bundle.mjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'orchard-bench-'));
  const server = await startServer({ port, dataDir, env: distDir ? { WEB_DIST_DIR: distDir } : {} });
  try {
    return await runLighthouse({ baseUrl: `http://127.0.0.1:${port}`, runs, saveDir });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(option('--runs') ?? process.env.LIGHTHOUSE_RUNS ?? 3);
  const baseUrl = option('--base-url');
  if (baseUrl) {
    await runLighthouse({ baseUrl: baseUrl.replace(/\/$/, ''), runs, saveDir: option('--save') });
  } else {
    const distDir = option('--dist');
    const { ensureBuilt } = await import('../lib.mjs');
    if (!distDir) ensureBuilt();
    await runLighthouseOnBuiltServer({ port: Number(option('--port') ?? 3413), runs, distDir, saveDir: option('--save') });
  }
}
