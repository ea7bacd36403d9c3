import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { E2E_OPERATOR } from '../../../playwright.config';
import { uniqueEmail } from './accounts-support';
import { AUTH_LAYOUT_ROUTES, withoutShellAnswers } from './support';

/* What a newcomer meets in the first minutes (issue 10): auth pages, the 404 view, placeholders, terms. */

test.describe('a signed-in member on the visitor pages', () => {
  for (const path of ['/register', '/forget-password', '/register?ref=ABCDEFGH']) {
    test(`${path} sends them to /home`, async ({ page }) => {
      const signedIn = await page.request.post('/api/v1/auth/sign-in', {
        data: { account: E2E_OPERATOR.email, password: E2E_OPERATOR.password },
      });
      expect(signedIn.ok()).toBe(true);
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/home');
    });
  }

  test('a visitor still gets the forms', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await page.goto('/forget-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  });
});

test('the 404 view names the page once, shows the path asked for, and offers home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  // docs/product.md E1's message is the paragraph's text; what shows is the path.
  await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
  await expect(page.locator('code', { hasText: '/no/such/page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
});

test.describe('the auth layout puts every piece in a landmark (axe region)', () => {
  for (const path of AUTH_LAYOUT_ROUTES) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toContainText('Orchard');
      const results = await new AxeBuilder({ page }).withRules(['region']).analyze();
      expect(results.violations.map((violation) => violation.nodes.map((node) => node.target.join(' ')).join(', '))).toEqual([]);
    });
  }
});

test.describe('help and about for visitors', () => {
  test('/about shows the published terms and privacy notice with their date and version', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 2, name: 'Terms of use' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy notice' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Terms of use' })).toContainText(/Last updated .+ · version \d+/);
  });

  test('/help-center finds an answer by full-text search, and /help leads there', async ({ page }) => {
    await page.goto('/help');
    await page.getByRole('link', { name: 'More questions? Visit the help center' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help center' })).toBeVisible();
    await page.getByLabel('Search the help center').fill('withdrawal fee');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=withdrawal/);
    await expect(page.getByRole('status')).toContainText(/answers? for “withdrawal fee”/);
    await expect(page.getByText('How much does a withdrawal cost?')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contact support' })).toBeVisible();
  });
});

test.describe('terms and privacy at registration', () => {
  test('the box is required, links to the texts, and the accepted version is sent', async ({ page }) => {
    const { termsVersion } = (await (await page.request.get('/api/v1/auth/options')).json()) as { termsVersion: string };
    await page.goto('/register');
    const box = page.getByLabel('I accept the terms and privacy notice');
    await expect(box).not.toBeChecked();
    // The newest published terms and privacy notice (the demo data publishes both), in words.
    const [, terms, privacy] = /^terms-(\d+)\+privacy-(\d+)$/.exec(termsVersion) ?? [];
    expect(terms, termsVersion).toBeDefined();
    await expect(page.getByText(`Terms version ${terms}, privacy notice version ${privacy}.`)).toBeVisible();
    const read = page.getByRole('link', { name: 'Read them (opens in a new tab)' });
    await expect(read).toHaveAttribute('href', '/about#terms');
    await expect(read).toHaveAttribute('target', '_blank');

    await page.getByLabel('Email address').fill(uniqueEmail('terms'));
    await page.getByLabel('Your name').fill('Tess Terms');
    await page.getByLabel('Password', { exact: true }).fill('copper-lantern-harbor-9');
    await page.getByLabel('Repeat the password').fill('copper-lantern-harbor-9');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Accept the terms and privacy notice to create an account.')).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');

    await box.check();
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/auth/register'));
    await page.getByRole('button', { name: 'Create account' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ acceptedTermsVersion: termsVersion });
    await expect(page).toHaveURL(/\/verify-code$/);
  });

  test('a stale version is refused on its field, and the form shows why', async ({ page }) => {
    await withoutShellAnswers(page);
    await page.route('**/api/v1/auth/options', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), termsVersion: '2000-01-01' } });
    });
    await page.goto('/register');
    await page.getByLabel('Email address').fill(uniqueEmail('stale'));
    await page.getByLabel('Your name').fill('Sam Stale');
    await page.getByLabel('Password', { exact: true }).fill('copper-lantern-harbor-9');
    await page.getByLabel('Repeat the password').fill('copper-lantern-harbor-9');
    await page.getByLabel('I accept the terms and privacy notice').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(/terms or privacy notice changed since this page opened/)).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});
