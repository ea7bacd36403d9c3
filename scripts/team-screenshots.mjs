// Screenshots of the team screens and the console's referral pages with the demo data, phone and
// desktop, light and dark, for a person to look at.
// Usage: start a server (DATA_DIR=$(mktemp -d) PORT=3366 OPERATOR_PASSWORD=… node apps/api/dist/server.js),
// then: OPERATOR_PASSWORD=… node scripts/team-screenshots.mjs [baseUrl]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, request as playwrightRequest } from '@playwright/test';
import { findChromium, ROOT } from './lib.mjs';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3366';
const member = { account: 'demo@orchard.local', password: 'orchard-demo-2026' };
const operator = { account: process.env.OPERATOR_EMAIL ?? 'operator@orchard.local', password: process.env.OPERATOR_PASSWORD };
if (!operator.password) throw new Error('Set OPERATOR_PASSWORD to the server operator password.');
const out = join(ROOT, '.test-results', 'screenshots');
mkdirSync(out, { recursive: true });

for (let attempt = 0; ; attempt += 1) {
  const ready = await fetch(new URL('/api/ready', baseUrl)).then(
    (response) => response.ok,
    () => false,
  );
  if (ready) break;
  if (attempt > 120) throw new Error(`No server at ${baseUrl}`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

async function signedIn(credentials) {
  const context = await playwrightRequest.newContext({ baseURL: baseUrl });
  const response = await context.post('/api/v1/auth/sign-in', { data: credentials });
  if (!response.ok()) throw new Error(`sign-in ${credentials.account}: ${response.status()} ${await response.text()}`);
  return context;
}
const memberApi = await signedIn(member);
const operatorApi = await signedIn(operator);
const me = await (await memberApi.get('/api/v1/me')).json();
const memberState = await memberApi.storageState();
const operatorState = await operatorApi.storageState();

const memberPaths = ['/team/list', '/team/list?show=commissions', '/team/level_two', '/team/level_three', '/team/share'];
const operatorPaths = ['/admin/referral-reviews', `/admin/members/${me.id}`];

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const name = (path, width, mode) =>
  `team-${path
    .replace(me.id, 'member')
    .replace(/[^a-z0-9]+/gi, '_')
    .replace(/^_|_$/g, '')}-${width}-${mode}.png`;
for (const [width, viewport] of [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
]) {
  for (const mode of ['light', 'dark']) {
    for (const [state, paths] of [
      [memberState, memberPaths],
      [operatorState, operatorPaths],
    ]) {
      const context = await browser.newContext({ viewport, colorScheme: mode, reducedMotion: 'reduce', deviceScaleFactor: 1, storageState: state });
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(new URL(path, baseUrl).href);
        await page.waitForLoadState('load');
        await page.waitForTimeout(700);
        await page.waitForTimeout(300);
        const file = join(out, name(path, width, mode));
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  }
}
await browser.close();
await memberApi.dispose();
await operatorApi.dispose();
