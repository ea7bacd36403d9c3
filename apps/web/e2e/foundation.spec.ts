import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  AUTH_LAYOUT_ROUTES,
  LOADING_BAR_NAME,
  pretendEmptyTeam,
  pretendSignedIn,
  PUBLIC_ROUTES,
  SIGNED_IN_ROUTES,
  watchLoadingBar,
} from './support';
import { APP_ROUTES } from '../../../packages/shared/src/routes';
import { signInMember } from './wallet-support';

test.describe('signed out', () => {
  for (const path of PUBLIC_ROUTES) {
    test(`public ${path} renders in the default layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Default layout, signed out: the way to sign in, no tab bar.
      await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  for (const path of AUTH_LAYOUT_ROUTES) {
    test(`auth-layout ${path} renders in the auth layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Auth layout: logo card, no navigation bar and no sign-in button.
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
      await expect(page.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  for (const path of SIGNED_IN_ROUTES) {
    test(`signed-in ${path} sends the visitor to / with redirect`, async ({ page }) => {
      await page.goto(`${path}?tab=1`);
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === `${path}?tab=1`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    });
  }

  test('the operator console sends a visitor to sign in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === '/admin');
  });

  test('an unknown path shows the 404 view and the server says 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
  });

  test('the app name comes from the run-time config', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(/Orchard/);
    const config = await page.locator('meta[name="orchard-config"]').getAttribute('content');
    expect(JSON.parse(config ?? '{}')).toMatchObject({ appName: 'Orchard', apiBaseUrl: '/api/v1' });
  });
});

test.describe('signed in (front end only)', () => {
  test('the sign-in page sends a signed-in member to a safe redirect or /home', async ({ page, baseURL }) => {
    const ownHost = new URL(baseURL ?? page.url()).host;
    await pretendSignedIn(page);
    await page.goto('/?redirect=%2Ftrx%2Flog');
    await expect(page).toHaveURL((url) => url.pathname === '/trx/log');
    await page.goto('/?redirect=%2F%2Fevil.example');
    await expect(page).toHaveURL((url) => url.host === ownHost && url.pathname === '/home');
    await page.goto('/?redirect=https%3A%2F%2Fevil.example%2Fx');
    await expect(page).toHaveURL((url) => url.host === ownHost && url.pathname === '/home');
  });

  test('signed-in pages show their layout with the tab bar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await pretendSignedIn(page);
    await pretendEmptyTeam(page);
    await page.goto('/team/level_two');
    await expect(page.getByRole('heading', { level: 1, name: 'Team level 2' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await expect(tabs.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Plans' }).click();
    await expect(page).toHaveURL(/\/plan$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  });

  test('a signed-out visitor is not an error: no console error on the signed-out pages', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const path of ['/', '/register', '/forget-password', '/about']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test('a member is kept out of the operator console', async ({ page }) => {
    await pretendSignedIn(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a server failure while loading a page shows the other error view', async ({ page }) => {
    await page.route('**/api/v1/session', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Down for maintenance' } }),
      }),
    );
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeVisible();
    await expect(page.getByText('Down for maintenance')).toBeVisible();
    await expect(page.getByText('503')).toBeVisible();
  });

  test('an answer the app cannot read shows Internal Server Error', async ({ page }) => {
    await page.route('**/api/v1/session', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'oops' }));
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeVisible();
  });
});

test.describe('first load', () => {
  test("a page's shell carries its first reads: the members' pages render without asking the API for them", async ({ page }) => {
    await signInMember(page);
    const pages = APP_ROUTES.filter((route) => route.access === 'signed-in' && route.reads);
    expect(pages.map((route) => route.path)).toContain('/home');
    for (const route of pages) {
      // The API reads the page makes before the live stream opens (which then refreshes everything).
      const asked: string[] = [];
      let streamOpened = false;
      const listen = (request: { url(): string }) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/v1/events') streamOpened = true;
        else if (url.pathname.startsWith('/api/v1/') && !streamOpened) asked.push(`${url.pathname.slice('/api/v1'.length)}${url.search}`);
      };
      page.on('request', listen);
      const stream = page.waitForRequest('**/api/v1/events');
      await page.goto(route.path);
      await stream;
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      page.off('request', listen);
      expect({ page: route.path, asked: asked.filter((path) => path === '/session' || route.reads!.includes(path)) }).toEqual({
        page: route.path,
        asked: [],
      });
    }
  });
});

test.describe('theme', () => {
  test('the choice survives a reload and is applied before first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    // Record the class the moment the body starts parsing, before any app code runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { __early: string }).__early = document.documentElement.className;
      });
    });
    await page.goto('/about');
    expect(await page.evaluate(() => (window as unknown as { __early: string }).__early)).toContain('dark');
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __early: string }).__early)).toContain('dark');
    await expect(page.getByRole('radio', { name: 'Dark' }).first()).toHaveAttribute('aria-checked', 'true');
  });

  test('"system" follows the operating system live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('radio', { name: 'System' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('the invite page follows the dark theme; only the QR code’s card stays white, to scan', async ({ page }) => {
    // A page may still force a mode (T2: route staticData.forceTheme, components/theme-controller.test.tsx);
    // the invite page needs only its QR code light.
    await pretendSignedIn(page);
    await pretendEmptyTeam(page);
    await page.addInitScript(() => localStorage.setItem('orchard:theme', 'dark'));
    await page.goto('/team/share');
    await expect(page.getByRole('heading', { level: 1, name: 'Invite friends' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    const background = (element: Element) => getComputedStyle(element).backgroundColor;
    const qrCard = page.getByRole('img', { name: 'QR code of your invite link' }).locator('..');
    const white = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.backgroundColor = 'white';
      document.body.append(probe);
      const value = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return value;
    });
    expect(await qrCard.evaluate(background)).toBe(white);
    expect(await page.locator('body').evaluate(background)).not.toBe(white);
  });
});

test.describe('loading bar', () => {
  test('a fast navigation shows no bar', async ({ page }) => {
    const barShown = await watchLoadingBar(page);
    await page.goto('/about');
    // Fast: the page's code and data are at hand. A page's own code is its own chunk (docs/decisions/0023),
    // fetched on intent (hover, focus, touch), as a member's finger on the link starts it.
    await page.getByRole('link', { name: 'Help' }).first().hover();
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Help' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await page.getByRole('link', { name: 'About' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await page.waitForTimeout(800);
    expect(await barShown()).toBe(0);
  });

  test('a slow navigation shows the bar, then it completes and hides', async ({ page }) => {
    const barShown = await watchLoadingBar(page);
    // From the sign-in page, whose first load holds none of the other pages' code, to help, whose
    // code (with the other public and members' pages: docs/decisions/0022) arrives slowly, as on a
    // poor network.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route(/\/assets\/member-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole('link', { name: 'Help' }).first().click();
    // Hidden, the bar is out of the accessibility tree, so the role query finds it only while it shows.
    const bar = page.getByRole('progressbar', { name: LOADING_BAR_NAME });
    await expect(bar).toBeVisible({ timeout: 1400 });
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(bar).toBeHidden({ timeout: 2000 });
    expect(await barShown()).toBe(1);
  });
});

test.describe('accessibility (axe)', () => {
  for (const mode of ['light', 'dark'] as const) {
    for (const path of [...PUBLIC_ROUTES, ...AUTH_LAYOUT_ROUTES, '/missing-page']) {
      test(`${path} in ${mode} has no serious or critical violation`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      });
    }
  }
});
