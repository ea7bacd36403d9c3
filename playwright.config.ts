import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { HEADLESS_CHROMIUM_ARGS } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = mkdtempSync(join(tmpdir(), 'orchard-e2e-'));
/** The seeded operator; its authenticator secret (base32) is set by OPERATOR_TOTP_SECRET below (apps/web/e2e/console-factor.ts). */
export const E2E_OPERATOR = {
  email: 'operator@e2e.test',
  password: 'operator-e2e-password',
  totpSecret: 'E2EOPERATORCONSOLESECONDFACTORAB',
};
/** apps/web/e2e/accounts.spec.ts starts an SMTP sink here and reads the codes and links sent. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

/** Browser journeys against the built app on Debian's Chromium (no browser download). */
export default defineConfig({
  testDir: './apps/web/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './.test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The app speaks the browser's language (src/lib/language.ts): every suite reads English unless it asks.
    locale: 'en-US',
    trace: 'retain-on-failure',
    // The service worker would answer navigations and assets before page.route sees them; the
    // journeys that intercept requests need the network. apps/web/e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...HEADLESS_CHROMIUM_ARGS, '--disable-quic', '--no-first-run'],
    },
  },
  webServer: {
    // Overridable so several checkouts of work in progress can run journeys side by side.
    command: process.env.E2E_SERVER_COMMAND ?? 'node apps/api/dist/server.js',
    url: `http://127.0.0.1:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OPERATOR_EMAIL: E2E_OPERATOR.email,
      OPERATOR_PASSWORD: E2E_OPERATOR.password,
      OPERATOR_TOTP_SECRET: E2E_OPERATOR.totpSecret,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      OUTBOX_POLL_MS: '250',
      // wallet.spec.ts watches an order expire for real (the server keeps the real clock): one minute, not thirty.
      RECHARGE_ORDER_TTL_MINUTES: '1',
      // plans journeys move time past the commission holding period (POST /api/test/clock) and
      // expect the release job to notice within a second.
      TEST_CLOCK: 'true',
      COMMISSION_RELEASE_POLL_MS: '500',
      // The journeys share one proved operator session (e2e/console-factor.ts) and move the clock by
      // days: a console session idle for 30 minutes of that clock would end mid-journey.
      CONSOLE_IDLE_MINUTES: '10080',
      // Likewise the step-up before console money actions (five minutes by default): the journeys'
      // operator proved the factor once, days of that clock ago.
      CONSOLE_STEP_UP_MINUTES: '10080',
    },
  },
});
