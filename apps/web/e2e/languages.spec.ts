import { expect, test, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';

/*
 * Three languages (docs/decisions/0021): English needs no language chunk; a visitor picks Spanish
 * on the sign-in page and every text follows, a form's checks included; a member's choice of
 * Chinese on /profile is kept on the account and follows them into a browser that asks for English.
 */

const PASSWORD = 'languages-pass-2026';
const sink = new MailSink();
test.beforeAll(async () => {
  await sink.start(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink.stop();
});

/** The language chunks (`assets/es-….js`, `assets/zh-….js`) a page fetched. */
function languageChunks(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/(es|zh)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) fetched.push(match[1]!);
  });
  return fetched;
}

test('a visitor reads the app in Spanish; a member’s Chinese follows them to another browser', async ({ page, browser, request }) => {
  const email = uniqueEmail('lang');
  await registerThroughApi(request, sink, email, PASSWORD, 'Lin Lang');

  const fetched = languageChunks(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(fetched).toEqual([]);

  // Spanish, picked on the sign-in page: the page, its checks and the server's answers.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^es/);
  expect(fetched).toEqual(['es']);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText('Introduce tu correo electrónico o número de teléfono.')).toBeVisible();
  await page.getByLabel('Correo o teléfono').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText('La cuenta o la contraseña no son correctas.')).toBeVisible();

  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Inicio' })).toBeVisible();
  // Money in the language's own format.
  await expect(page.getByText(/\d,\d{2}\s?US\$/).first()).toBeVisible();

  // Chinese, picked on /profile: stored on the account.
  await page.goto('/profile');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('zh');
  await expect(page.getByRole('heading', { level: 1, name: '个人资料' })).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get('/api/v1/me')).json()) as { language: string }).language).toBe('zh');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '个人资料' })).toBeVisible();

  // Another browser, in English: signing in brings the member's Chinese.
  const other = await browser.newContext({ locale: 'en-US' });
  const second = await other.newPage();
  const fetchedThere = languageChunks(second);
  await second.goto('/');
  await expect(second.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await second.getByLabel('Email or phone').fill(email);
  await second.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await second.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(second).toHaveURL(/\/home$/);
  await expect(second.getByRole('navigation').getByRole('link', { name: '首页' })).toBeVisible();
  expect(fetchedThere).toEqual(['zh']);
  await other.close();
});
