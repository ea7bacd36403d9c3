import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AUTH_LAYOUT_ROUTES, consolePaths, memberPaths, PUBLIC_ROUTES } from './support';
import { DEMO_MEMBER, signInAs, signInOperator } from './wallet-support';

/*
 * Every page, as the people who use it see it (signed out; the demo member with their real data;
 * the operator in the console), at phone and desktop width, light and dark: axe finds no
 * violation at all, of any impact.
 */

async function violationsOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Lists and charts fill in after the heading.
  await page.waitForLoadState('load');
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) => `${path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

async function signedOutPages(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: string[] = [];
  for (const path of [...AUTH_LAYOUT_ROUTES, ...PUBLIC_ROUTES]) found.push(...(await violationsOf(page, path)));
  expect(found).toEqual([]);
}

async function memberPages(page: Page) {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page.request, DEMO_MEMBER);
  const paths = await memberPaths(page.request);
  const found: string[] = [];
  for (const path of paths) found.push(...(await violationsOf(page, path)));
  expect(found).toEqual([]);
}

async function consolePages(page: Page) {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInOperator(page);
  const found: string[] = [];
  for (const path of await consolePaths(page.request)) found.push(...(await violationsOf(page, path)));
  expect(found).toEqual([]);
}

for (const width of [390, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`at ${width} px, ${scheme}`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme: scheme });
      test('signed-out pages', async ({ page }) => signedOutPages(page));
      test('the member’s pages', async ({ page }) => memberPages(page));
      test('the console', async ({ page }) => consolePages(page));
    });
  }
}

// The other languages at phone width: longer Spanish words and Chinese text lay out differently.
for (const locale of ['es-ES', 'zh-CN']) {
  test.describe(`in ${locale} at 390 px`, () => {
    test.use({ viewport: { width: 390, height: 900 }, colorScheme: 'light', locale });
    // The pages are in that language (not English with a foreign browser).
    test.afterEach(async ({ page }) => {
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale.slice(0, 2)}`));
    });
    test('signed-out pages', async ({ page }) => signedOutPages(page));
    test('the member’s pages', async ({ page }) => memberPages(page));
    test('the console', async ({ page }) => consolePages(page));
  });
}
