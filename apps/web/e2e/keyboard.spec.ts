import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { createPlan, runSuffix, withOperator, type PlanFixture } from './plans-support';
import { addBankAccount, fundMember, memberIdOf, operatorApi, usd } from './wallet-support';

/*
 * Keyboard only: a member signs in, buys a plan and withdraws money without a mouse or a tap —
 * Tab to move, Enter or Space to act, typing into what has focus. Every step checks that focus
 * landed where a keyboard user would expect it.
 */

const PASSWORD = 'keyboard-pass-2026';
const sink = new MailSink();
let operator: APIRequestContext;
let plan: PlanFixture;

test.beforeAll(async ({ baseURL }) => {
  await sink.start(E2E_SMTP_PORT);
  operator = await operatorApi(baseURL!);
  plan = await withOperator(baseURL!, (api) => createPlan(api, { name: `E2E Keys ${runSuffix()}`, price: 1_000, durationDays: 30 }));
});
test.afterAll(async () => {
  await sink.stop();
  await operator?.dispose();
});

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('sign in, buy a plan and withdraw with the keyboard alone', async ({ page, browser, request }) => {
  // The member exists (registered through the API in another context), with money and a bank account.
  const setup = await browser.newContext();
  const api = (await setup.newPage()).request;
  const email = uniqueEmail('keys');
  await registerThroughApi(api, sink, email, PASSWORD, 'Kit Keys');
  await fundMember(operator, await memberIdOf(api), 20_000);
  await addBankAccount(api, 'Kit Keys');
  await setup.close();
  expect((await request.post('/api/test/clock', { data: { advanceMs: 25 * 3_600_000 } })).ok()).toBe(true);

  // Sign in.
  await page.goto('/');
  await tabTo(page, page.getByLabel('Email or phone'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);

  // Buy the plan: from its page, the buy button, then the confirm sheet's pay button.
  await page.goto(`/plan/${plan.id}`);
  await expect(page.getByRole('heading', { level: 1, name: plan.name })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Buy for $10.00' }));
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: `Buy ${plan.name}?` });
  await expect(sheet).toBeVisible();
  await tabTo(page, sheet.getByRole('button', { name: 'Pay $10.00' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Your plan is active' })).toBeVisible();

  // Withdraw: the amount, Continue, then the password and the confirm button in the sheet.
  await page.goto('/withdraw');
  await tabTo(page, page.getByLabel('Amount', { exact: true }));
  await page.keyboard.type('50.00');
  await expect(page.getByText('You will receive')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm your withdrawal' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByLabel('Your password'));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, confirm.getByRole('button', { name: `Withdraw ${usd(5_000)}` }));
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/withdraw\/log$/);
  await expect(page.getByText('Pending')).toBeVisible();
  expect(await (await page.request.get('/api/v1/wallet')).json()).toMatchObject({ available: 14_000, onHold: 5_000 });
});
