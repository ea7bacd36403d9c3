import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { signInMember } from './wallet-support';

/*
 * The installable app: Chromium finds nothing missing for installing it, the service worker answers
 * the app's static files from its precache and never an /api/ request, and with no network at all
 * a navigation shows the offline page instead of the browser's error.
 */

test.use({ serviceWorkers: 'allow' });

test('Chromium finds the app installable, with its manifest', async ({ baseURL }, testInfo) => {
  // A browser profile of its own: Chromium never offers to install from an incognito-like context.
  const profile = mkdtempSync(join(tmpdir(), 'orchard-pwa-'));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the service worker serves the shell from its cache and never an /api/ answer', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const answers: { url: string; fromWorker: boolean }[] = [];
  page.on('response', (response) => answers.push({ url: new URL(response.url()).pathname, fromWorker: response.fromServiceWorker() }));
  // Controlled from the next navigation on: assets come from the precache, API answers from the server.
  await page.reload();
  await signInMember(page);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto('/plan/log');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const api = answers.filter((answer) => answer.url.startsWith('/api/'));
  const assets = answers.filter((answer) => answer.url.startsWith('/assets/'));
  // /home's first reads came in its shell (docs/decisions/0023); the plans history reads its own.
  expect(api.map((answer) => answer.url)).toContain('/api/v1/me/purchases');
  expect(api.filter((answer) => answer.fromWorker)).toEqual([]);
  expect(assets.some((answer) => answer.fromWorker)).toBe(true);
});

test('with no network at all, a navigation shows the offline page', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  try {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeHidden();
});
