// Screenshots of the wallet, recharge and console money pages with real data, phone and desktop,
// light and dark, for a person to look at.
// Usage: start a server (DATA_DIR=$(mktemp -d) PORT=3366 OPERATOR_PASSWORD=… node apps/api/dist/server.js),
// then: OPERATOR_PASSWORD=… node scripts/wallet-screenshots.mjs [baseUrl]
import { randomUUID } from 'node:crypto';
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

// Wait for the server to answer (it may still be migrating and seeding).
for (let attempt = 0; ; attempt += 1) {
  const ready = await fetch(new URL('/api/ready', baseUrl)).then(
    (response) => response.ok,
    () => false,
  );
  if (ready) break;
  if (attempt > 60) throw new Error(`No server at ${baseUrl}`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

async function api(credentials) {
  const context = await playwrightRequest.newContext({ baseURL: baseUrl });
  const response = await context.post('/api/v1/auth/sign-in', { data: credentials });
  if (!response.ok()) throw new Error(`sign-in ${credentials.account}: ${response.status()} ${await response.text()}`);
  return context;
}
const json = async (response) => {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return response.json();
};
const key = () => ({ 'idempotency-key': randomUUID() });

// Data: a credited recharge and an adjustment on the statement, one order waiting for review,
// one order still open (the countdowns).
const memberApi = await api(member);
const operatorApi = await api(operator);
const me = await json(await memberApi.get('/api/v1/me'));
const order = (amount) =>
  memberApi.post('/api/v1/recharge/orders', { data: { channel: 'bank-transfer', amount }, headers: key() }).then(json);
const credited = await order(5_000);
await json(await memberApi.post(`/api/v1/recharge/orders/${credited.id}/submit`, { data: { payerReference: 'TX-88120' } }));
await json(await operatorApi.post(`/api/v1/admin/recharge/orders/${credited.id}/credit`, { data: {}, headers: key() }));
await json(
  await operatorApi.post(`/api/v1/admin/members/${me.id}/adjustments`, {
    data: { direction: 'credit', amount: 250, reason: 'Welcome credit' },
    headers: key(),
  }),
);
const waiting = await order(12_550);
await json(await memberApi.post(`/api/v1/recharge/orders/${waiting.id}/submit`, { data: { payerReference: 'BANK-77341' } }));
const open = await order(2_000);
const memberState = await memberApi.storageState();
const operatorState = await operatorApi.storageState();

const memberPaths = ['/home', '/recharge', `/recharge/confirm/${open.id}`, `/recharge/confirm/${waiting.id}`, '/trx/log', '/recharge/log'];
const operatorPaths = ['/admin/recharges', '/admin/ledger', '/admin/channels', '/admin/adjust'];

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const name = (path, width, mode) =>
  `wallet-${path
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, (id) => (id === open.id ? 'open' : 'submitted'))
    .replace(/[^a-z0-9]+/gi, '_')
    .replace(/^_|_$/g, '')}-${width}-${mode}.png`;
for (const [width, viewport] of [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
]) {
  for (const mode of ['light', 'dark']) {
    for (const [state, paths] of [
      [memberState, memberPaths],
      [operatorState, width === '1280' ? operatorPaths : []],
    ]) {
      const context = await browser.newContext({
        viewport,
        colorScheme: mode,
        reducedMotion: 'reduce',
        deviceScaleFactor: 1,
        storageState: state,
      });
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
      if (paths === memberPaths && width === '390') {
        // The confirm sheet of a recharge.
        await page.goto(new URL('/recharge', baseUrl).href);
        await page.getByRole('textbox', { name: 'Amount' }).fill('25');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(300);
        const file = join(out, `wallet-recharge-sheet-${width}-${mode}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      }
      await context.close();
    }
  }
}
await browser.close();
await memberApi.dispose();
await operatorApi.dispose();
