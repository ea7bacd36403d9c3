import { expect, test, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, signInThroughForm, uniqueEmail } from './accounts-support';
import { availableBalance, signInMember } from './wallet-support';

/*
 * The newcomer's dead ends on a fresh start, at 390 px as they were met: the demo card payment that
 * led nowhere (it now has a test checkout the app serves itself), a registration lost with its code
 * tab, and help and support nowhere to be found on a phone.
 */

const PHONE = { width: 390, height: 844 };
const sink = new MailSink();

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  await sink.start(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink.stop();
});

/** A card recharge made on /recharge; returns its order page's id. */
async function rechargeByCard(page: Page, amount: string): Promise<string> {
  await page.goto('/recharge');
  await page.getByRole('radio', { name: /Card payment/ }).check();
  await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Check your recharge' }).getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/\/recharge\/confirm\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  return page.url().split('/').pop()!;
}

test.describe('the demo card gateway', () => {
  test.use({ viewport: PHONE });

  test('recharge by card → the test checkout → Pay: the order is credited, live on the order page', async ({ page, context }) => {
    await signInMember(page);
    const before = await availableBalance(page.request);
    const orderId = await rechargeByCard(page, '12.00');

    // The payment page is the app's own test checkout; opened in a second tab, the order page stays in view.
    const payNow = page.getByRole('region', { name: 'How to pay' }).getByRole('link', { name: 'Open the payment page' });
    const checkoutUrl = await payNow.getAttribute('href');
    expect(checkoutUrl).toMatch(new RegExp(`^/demo-gateway/checkout\\?order=${orderId}&`));
    const checkout = await context.newPage();
    await checkout.goto(checkoutUrl!);
    await expect(checkout.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(checkout.getByText('$12.00', { exact: true })).toBeVisible();
    await expect(checkout.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Pay $12.00' }).click();
    await expect(checkout.getByRole('heading', { level: 1, name: 'Payment approved' })).toBeVisible();

    // The first tab learns of it by itself (live updates), without a reload.
    await expect(page.getByText('Recharge complete')).toBeVisible();
    await expect(page.getByText('Awaiting payment')).toHaveCount(0);
    expect(await availableBalance(page.request)).toBe(before + 1_200);

    // Back from the checkout, the order page says the same.
    await checkout.getByRole('link', { name: 'Return to Orchard' }).click();
    await expect(checkout).toHaveURL(new RegExp(`/recharge/confirm/${orderId}$`));
    await expect(checkout.getByText('Recharge complete')).toBeVisible();
  });

  test('Fail declines: nothing credited, the checkout says so, the order still waits for payment', async ({ page }) => {
    await signInMember(page);
    const before = await availableBalance(page.request);
    const orderId = await rechargeByCard(page, '7.50');
    await page.getByRole('region', { name: 'How to pay' }).getByRole('link', { name: 'Open the payment page' }).click();
    await expect(page).toHaveURL(/\/demo-gateway\/checkout\?/);
    await page.getByRole('button', { name: 'Fail payment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment declined' })).toBeVisible();
    await expect(page.getByText('No money was taken and nothing was credited.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    expect(await availableBalance(page.request)).toBe(before);

    await page.getByRole('link', { name: 'Return to Orchard' }).click();
    await expect(page).toHaveURL(new RegExp(`/recharge/confirm/${orderId}$`));
    await expect(page.getByText('Awaiting payment')).toBeVisible();
    // Open orders are capped per member: this one is closed again.
    expect((await page.request.post(`/api/v1/recharge/orders/${orderId}/cancel`, { data: {} })).status()).toBe(200);
  });
});

test('a registration survives its closed code tab: sign in, land on /verify-code, enter the code, reach /home', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const email = uniqueEmail('closed-tab');
  const password = 'amber-copper-lantern-73';
  const first = await context.newPage();
  await first.goto('/register');
  await first.getByLabel('Email address').fill(email);
  await first.getByLabel('Your name').fill('Tab Closer');
  await first.getByLabel('Password', { exact: true }).fill(password);
  await first.getByLabel('Repeat the password').fill(password);
  await first.getByLabel('I accept the terms and privacy notice').check();
  await first.getByRole('button', { name: 'Create account' }).click();
  await expect(first).toHaveURL(/\/verify-code$/);
  await first.close();

  // A new tab knows of no code, and says how to get it back.
  const page = await context.newPage();
  await page.goto('/verify-code');
  await expect(page.getByText('No code is awaited in this tab.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to get your code' }).click();
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/verify-code$/);
  await expect(page.getByText('Your account is not verified yet.', { exact: false })).toBeVisible();

  const [, code] = await sink.next(email, /verification code is (\d{6})/);
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await context.close();
});

test.describe('help and support for a signed-in member on a phone', () => {
  test.use({ viewport: PHONE });

  test('the top bar has a help button on every page, /profile lists help, support and the terms', async ({ page }) => {
    await signInMember(page);
    await page.goto('/home');
    // No side navigation at this width: the top bar carries help.
    await expect(page.getByRole('complementary')).toBeHidden();
    await page.getByRole('link', { name: 'Help and support' }).click();
    await expect(page).toHaveURL(/\/help-center$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help center' })).toBeVisible();

    await page.goto('/profile');
    const help = page.getByRole('region', { name: 'Help and about' });
    await expect(help.getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/help');
    await expect(help.getByRole('link', { name: 'Help center' })).toHaveAttribute('href', '/help-center');
    await expect(help.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    await expect(help.getByRole('link', { name: 'Terms, privacy and about' })).toHaveAttribute('href', '/about');
    await help.getByRole('link', { name: 'Contact support' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'New request' })).toBeVisible();
    await page.goBack();
    await page.getByRole('region', { name: 'Help and about' }).getByRole('link', { name: 'Terms, privacy and about' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Terms of use' })).toBeVisible();
  });

  test('at 1280 px the side navigation has help and the top bar does not repeat it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInMember(page);
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: 'Help' }).getByRole('link', { name: 'Help' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Help and support' })).toBeHidden();
  });
});
