import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { AUTH_LAYOUT_ROUTES, consolePaths, memberPaths, PUBLIC_ROUTES } from './support';
import { DEMO_MEMBER, signInAs, signInOperator } from './wallet-support';

/*
 * No page is wider than the phone that shows it: every page of the route table (signed out; the
 * demo member with their real data, a bank account still in its cool-down among them; the operator
 * in the console) at 320 and 390 px, in each language, keeps `document.documentElement.scrollWidth`
 * within the window. A wide table may scroll inside its own box; the page itself never scrolls
 * sideways (that hides the bottom tabs and cuts words at the edge).
 */

const WIDTHS = [320, 390];
const LOCALES = ['en-US', 'es-ES', 'zh-CN'];

/** How far a page sticks out, with the innermost elements that do (for the failure message), or null. */
async function overflowOf(page: Page, path: string): Promise<string | null> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Lists, charts and the cool-down caption fill in after the heading.
  await page.waitForLoadState('load');
  await page.waitForTimeout(400);
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    const clipped = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(node).overflowX)) return true;
      }
      return false;
    };
    const sticking = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5 && !clipped(element),
    );
    const innermost = sticking.filter((element) => !sticking.some((other) => other !== element && element.contains(other)));
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${String(element.getAttribute('class') ?? '').slice(0, 60)}">${(element.textContent ?? '').trim().slice(0, 40)}`;
    return { scrollWidth, width, culprits: innermost.slice(0, 3).map(describe) };
  });
  return found ? `${path}: ${found.scrollWidth} px wide at ${found.width} px — ${found.culprits.join(' | ')}` : null;
}

async function overflowsOf(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const overflow = await overflowOf(page, path);
    if (overflow) found.push(overflow);
  }
  return found;
}

/** A new account waits out the cool-down; /withdraw and /withdraw/bank then say until when. */
async function addCoolingAccount(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/me/bank-accounts', {
    data: { holderName: 'Demo Member', bankName: 'Sparkasse Köln Bonn', country: 'DE', number: 'DE89370400440532013000', label: null },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

for (const locale of LOCALES) {
  for (const width of WIDTHS) {
    test.describe(`${locale} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 }, locale });
      test.beforeEach(async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
      });
      // The pages are in that language (not English with a foreign browser).
      test.afterEach(async ({ page }) => {
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale.slice(0, 2)}`));
      });

      test('signed-out pages fit', async ({ page }) => {
        expect(await overflowsOf(page, [...AUTH_LAYOUT_ROUTES, ...PUBLIC_ROUTES])).toEqual([]);
      });

      test('the member’s pages fit', async ({ page }) => {
        test.setTimeout(180_000);
        await signInAs(page.request, DEMO_MEMBER);
        const cooling = await addCoolingAccount(page.request);
        try {
          expect(await overflowsOf(page, await memberPaths(page.request))).toEqual([]);
        } finally {
          const removed = await page.request.delete(`/api/v1/me/bank-accounts/${cooling}`, { headers: { 'x-requested-with': 'fetch' } });
          expect(removed.status(), await removed.text()).toBe(204);
        }
      });

      test('the console fits', async ({ page }) => {
        test.setTimeout(180_000);
        await signInOperator(page);
        expect(await overflowsOf(page, await consolePaths(page.request))).toEqual([]);
      });
    });
  }
}

/** How many lines an element's text takes (one client rect per line of a wrapped text). */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

// Spanish words are the longest: a name is not cut, a figure not broken across lines.
for (const width of WIDTHS) {
  test.describe(`es-ES at ${width} px, words whole`, () => {
    test.use({ viewport: { width, height: 800 }, locale: 'es-ES' });

    test('the profile shows the whole name; the team its figures on one line each', async ({ page }) => {
      await signInAs(page.request, DEMO_MEMBER);
      await page.goto('/profile');
      const name = page.getByText('Demo Member', { exact: true });
      await expect(name).toBeVisible();
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await expect(page.getByRole('button', { name: 'Cambiar nombre' })).toBeVisible();
      expect(await linesOf(page.getByRole('button', { name: 'Cambiar nombre' }))).toBe(1);

      await page.goto('/team/list');
      const size = page.getByText(/^\d+ miembros?$/).first();
      await expect(size).toBeVisible();
      expect(await linesOf(size)).toBe(1);
      const levels = page.getByTestId('team-levels');
      for (const level of [1, 2, 3]) expect(await linesOf(levels.getByRole('rowheader', { name: `Nivel ${level}` }))).toBe(1);
    });
  });
}
