// Every page of the route table at phone and desktop width, light and dark, for a person to look
// at, with an axe check of each. Signed-in pages as the demo member, /admin pages as the operator;
// dynamic pages with real ids from the demo data.
//
//   npm run screenshots                               starts the built server on a temporary data dir
//   npm run screenshots -- --dist /tmp/web-dist       ... serving another web build (API run from source)
//   npm run screenshots -- --base-url http://127.0.0.1:3000   a running server with demo data
//   npm run screenshots -- --only /home,/admin        some paths only;  --no-axe  pictures only
//   npm run screenshots -- --language zh --variants 390-light   the app in Chinese (the browser's language), one variant
//   npm run screenshots -- --language en,es,zh        each language in turn, on the one server
//
// Output: .test-results/screenshots/<page>-<width>-<mode>[-<language>].png and axe[-<language>].json;
// axe violations are printed per page, then a summary line. Exit code 1 when any page has a
// violation or failed. A run replaces only the pictures of its own languages and variants.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { CONSOLE_TOTP_SECRET, proveConsoleFactor } from './bench/support.mjs';
import { ensureBuilt, findChromium, ROOT } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    dist: { type: 'string' },
    only: { type: 'string' },
    'no-axe': { type: 'boolean', default: false },
    language: { type: 'string', default: 'en' },
    variants: { type: 'string' },
  },
});

const DEMO_MEMBER = { account: 'demo@orchard.local', password: 'orchard-demo-2026' };
const OPERATOR = {
  account: 'operator@orchard.local',
  password: args['base-url'] ? process.env.OPERATOR_PASSWORD : randomBytes(12).toString('hex'),
};
const VARIANTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]
  .flatMap((viewport) => ['light', 'dark'].map((mode) => ({ viewport, mode, name: `${viewport.width}-${mode}` })))
  .filter((variant) => !args.variants || args.variants.split(',').includes(variant.name));
const LANGUAGES = args.language
  .split(',')
  .map((language) => language.trim())
  .filter(Boolean);
// Pictures of another language carry its code in their names (plan-390-light-zh.png).
const suffixOf = (language) => (language === 'en' ? '' : `-${language}`);
const out = join(ROOT, '.test-results', 'screenshots');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The server on a data dir of its own, so demo data is seeded fresh and nothing else is touched. */
async function startServer() {
  const port = Number(process.env.SCREENSHOT_PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'orchard-screenshots-'));
  if (!args.dist) ensureBuilt();
  const apiBuilt = existsSync(join(ROOT, 'apps/api/dist/server.js')) && !args.dist;
  const command = apiBuilt ? [process.execPath, ['apps/api/dist/server.js']] : ['npx', ['tsx', 'apps/api/src/server.ts']];
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(command[0], command[1], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      // PGlite in the fresh data dir, whatever DATABASE_URL the shell has.
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL')),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      OPERATOR_EMAIL: OPERATOR.account,
      OPERATOR_PASSWORD: OPERATOR.password,
      OPERATOR_TOTP_SECRET: CONSOLE_TOTP_SECRET,
      LOG_LEVEL: 'warn',
      ...(args.dist ? { WEB_DIST_DIR: args.dist } : {}),
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  if (Date.now() >= deadline) throw new Error(`the server did not start within 2 minutes:\n${output}`);
  return {
    baseUrl,
    stop() {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API in a throwaway context; returns its cookies for the page contexts. */
async function signIn(browser, baseUrl, account) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const response = await context.request.post('/api/v1/auth/sign-in', { data: account, headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`sign-in as ${account.account} answered ${response.status()}: ${await response.text()}`);
  const { user } = await response.json();
  // The console asks for its second factor (docs/decisions/0029): the server this script starts
  // gives its operator the scripted authenticator secret.
  if (account === OPERATOR && !args['base-url']) {
    const call = async (method, path, { body }) => {
      const answer = await context.request.fetch(path, { method, data: body, headers: { origin: baseUrl } });
      return { status: answer.status(), text: await answer.text() };
    };
    await proveConsoleFactor(call, undefined);
  }
  const state = await context.storageState();
  return { state, user, request: context.request, close: () => context.close() };
}

/** The route table (packages/shared/src/routes.ts), read as text: this script runs on plain Node, without a TypeScript loader. */
function readRouteTable() {
  const source = readFileSync(join(ROOT, 'packages/shared/src/routes.ts'), 'utf8');
  const routes = [...source.matchAll(/\{\s*path: '([^']+)',\s*access: '([a-z-]+)'/g)].map(([, path, access]) => ({ path, access }));
  if (routes.length === 0) throw new Error('no routes found in packages/shared/src/routes.ts');
  return routes;
}

/** Every page to shoot, with the role it is seen as. Console pages come from the web app's route files. */
async function pagesToShoot(member) {
  const APP_ROUTES = readRouteTable();
  const orders = await (await member.request.get('/api/v1/recharge/orders?limit=50')).json();
  const plans = await (await member.request.get('/api/v1/plans')).json();
  const tickets = (await (await member.request.get('/api/v1/support/tickets')).json()).items ?? [];
  const byStatus = new Map();
  for (const order of orders.items ?? []) if (!byStatus.has(order.status)) byStatus.set(order.status, order.id);
  const adminDir = join(ROOT, 'apps/web/src/routes/admin');
  const adminPaths = readdirSync(adminDir, { recursive: true })
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => `/admin/${file.replace(/\.tsx$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, ''))
    // A support request's page shows one of the demo member's requests; other pages, the member.
    .map((path) => path.replace('$id', path.startsWith('/admin/support/') && tickets[0] ? tickets[0].id : member.user.id));

  const pages = [];
  for (const route of APP_ROUTES) {
    const role = route.access === 'signed-in' ? 'member' : route.access === 'operator' ? 'operator' : 'guest';
    if (route.path.startsWith('/admin')) continue;
    if (route.path === '/recharge/confirm/$id') {
      for (const [status, id] of byStatus) pages.push({ path: `/recharge/confirm/${id}`, name: `recharge_confirm_${status}`, role });
    } else if (route.path === '/support/$id') {
      // Each of the demo member's requests, one per state.
      const seen = new Set();
      for (const ticket of tickets) {
        if (seen.has(ticket.status)) continue;
        seen.add(ticket.status);
        pages.push({ path: `/support/${ticket.id}`, name: `support_${ticket.status}`, role });
      }
    } else if (route.path === '/plan/$id') {
      // Each demo plan: on sale, limited and ending soon, one per member.
      for (const plan of plans.items ?? []) pages.push({ path: `/plan/${plan.id}`, name: `plan_${plan.name}`, role });
    } else {
      pages.push({ path: route.path, role });
    }
  }
  for (const path of [...new Set(adminPaths)].sort()) pages.push({ path, name: path.replace(member.user.id, 'id').replace(tickets[0]?.id ?? member.user.id, 'id'), role: 'operator' });
  pages.push({ path: '/no-such-page', role: 'guest' });
  const only = args.only?.split(',').map((path) => path.trim());
  return pages
    .map((page) => ({ ...page, name: (page.name ?? page.path).replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root' }))
    .filter((page) => !only || only.some((path) => page.path === path || page.path.startsWith(`${path}/`)));
}

const server = args['base-url'] ? { baseUrl: args['base-url'].replace(/\/$/, ''), stop() {} } : await startServer();
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let failed = false;
try {
  const member = await signIn(browser, server.baseUrl, DEMO_MEMBER);
  const operator = OPERATOR.password ? await signIn(browser, server.baseUrl, OPERATOR) : null;
  if (!operator) console.log('screenshots: no OPERATOR_PASSWORD given with --base-url; /admin pages are shot signed out');
  const pages = await pagesToShoot(member);
  const states = { guest: undefined, member: member.state, operator: operator?.state };

  mkdirSync(out, { recursive: true });
  for (const language of LANGUAGES) failed = (await shootLanguage(language, pages, states)) || failed;
  await member.close();
  await operator?.close();
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);

/** Every page in every variant in one language; true when a page had a violation or failed. */
async function shootLanguage(language, pages, states) {
  const languageSuffix = suffixOf(language);
  // A full run replaces its language's set in its variants (no pictures of pages that are gone,
  // the other languages' kept); --only adds to it.
  if (!args.only) {
    const names = new Set(VARIANTS.map((variant) => variant.name));
    for (const file of readdirSync(out)) {
      const match = /-(\d+-(?:light|dark))(-[a-z]{2}(?:-[A-Za-z]+)?)?\.png$/.exec(file);
      if (match && names.has(match[1]) && (match[2] ?? '') === languageSuffix) rmSync(join(out, file));
    }
  }
  const report = {};
  for (const variant of VARIANTS) {
    for (const role of ['guest', 'member', 'operator']) {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: variant.viewport,
        colorScheme: variant.mode,
        reducedMotion: 'reduce',
        deviceScaleFactor: 1,
        storageState: states[role],
        // The app starts in the browser's language (src/lib/language.ts).
        locale: language,
      });
      const page = await context.newPage();
      for (const target of pages.filter((entry) => entry.role === role)) {
        const entry = (report[target.name] ??= { path: target.path, role, violations: {}, errors: [] });
        try {
          await page.goto(target.path, { waitUntil: 'load', timeout: 30_000 });
          await page.waitForTimeout(700);
          // Web fonts settle after network idle; a string, as this file is linted as Node code.
          await page.evaluate('document.fonts.ready');
          const file = join(out, `${target.name}-${variant.name}${languageSuffix}.png`);
          // A full-page picture keeps fixed bars where the first screen has them, over the content
          // below: the window is made as tall as the page instead, as a very tall phone shows it.
          const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
          if (height > variant.viewport.height) {
            await page.setViewportSize({ width: variant.viewport.width, height });
            await page.waitForTimeout(200);
          }
          await page.screenshot({ path: file, fullPage: true });
          await page.setViewportSize(variant.viewport);
          if (!args['no-axe']) {
            const result = await new AxeBuilder({ page }).analyze();
            for (const violation of result.violations) {
              const seen = (entry.violations[violation.id] ??= {
                impact: violation.impact,
                help: violation.help,
                variants: [],
                targets: [],
              });
              seen.variants.push(variant.name);
              for (const node of violation.nodes.slice(0, 3)) {
                const selector = node.target.join(' ');
                if (!seen.targets.includes(selector) && seen.targets.length < 3) seen.targets.push(selector);
              }
            }
          }
        } catch (error) {
          entry.errors.push(`${variant.name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
        }
      }
      await context.close();
    }
    console.log(`screenshots: ${variant.name}${languageSuffix} done`);
  }

  writeFileSync(join(out, `axe${languageSuffix}.json`), `${JSON.stringify(report, null, 2)}\n`);
  let withViolations = 0;
  let withErrors = 0;
  for (const [name, entry] of Object.entries(report)) {
    const ids = Object.entries(entry.violations);
    if (ids.length > 0) withViolations++;
    if (entry.errors.length > 0) withErrors++;
    if (ids.length === 0 && entry.errors.length === 0) continue;
    console.log(`\n${entry.path} (${name}, as ${entry.role})`);
    for (const [id, seen] of ids) {
      console.log(`  axe ${id} [${seen.impact}] ${seen.help} — at ${seen.variants.join(', ')}; e.g. ${seen.targets.join(' | ')}`);
    }
    for (const error of entry.errors) console.log(`  failed: ${error}`);
  }
  const total = Object.keys(report).length;
  console.log(
    `\nscreenshots (${language}): ${total} pages × ${VARIANTS.length} variants in ${relative(ROOT, out)}; ` +
      `${args['no-axe'] ? 'axe not run' : `pages with axe violations: ${withViolations} of ${total}`}; pages that failed to load: ${withErrors}`,
  );
  return withViolations > 0 || withErrors > 0;
}
