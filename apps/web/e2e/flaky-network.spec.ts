import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { createPlan, runSuffix, withOperator, type PlanFixture } from './plans-support';
import { addBankAccount, fundMember, memberIdOf, operatorApi, usd } from './wallet-support';

/*
 * A money request whose answer is lost on the way back (the server did the work, the phone never
 * heard): the app sends it again with the same Idempotency-Key, says it is still trying, and the
 * member ends up with exactly one recharge order, one plan purchase and one withdrawal.
 */

const PASSWORD = 'flaky-pass-2026';
const sink = new MailSink();
let operator: APIRequestContext;
let plan: PlanFixture;

test.beforeAll(async ({ baseURL }) => {
  await sink.start(E2E_SMTP_PORT);
  operator = await operatorApi(baseURL!);
  plan = await withOperator(baseURL!, (api) => createPlan(api, { name: `E2E Flaky ${runSuffix()}`, price: 1_000, durationDays: 30 }));
});
test.afterAll(async () => {
  await sink.stop();
  await operator?.dispose();
});

interface Attempts {
  keys: string[];
}

/**
 * The first answer to `method url` is lost: the request reaches the server (route.fetch) and the
 * browser gets a reset connection instead of the answer. The next attempt is held for a moment, so
 * the "still trying" notice can be seen, then goes through.
 */
async function loseFirstAnswer(page: Page, url: RegExp, method = 'POST'): Promise<Attempts> {
  const attempts: Attempts = { keys: [] };
  await page.route(url, async (route) => {
    const request = route.request();
    if (request.method() !== method) return route.continue();
    attempts.keys.push(request.headers()['idempotency-key'] ?? '');
    if (attempts.keys.length === 1) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return route.continue();
  });
  return attempts;
}

const stillTrying = (page: Page) => page.getByRole('status').filter({ hasText: 'Still trying' });

test('a lost answer is retried with the same key: one recharge order, one purchase, one withdrawal', async ({ page, request }) => {
  await registerThroughApi(page.request, sink, uniqueEmail('flaky'), PASSWORD, 'Fran Flaky');
  await fundMember(operator, await memberIdOf(page.request), 20_000);

  // A recharge order.
  const orders = await loseFirstAnswer(page, /\/api\/v1\/recharge\/orders$/);
  await page.goto('/recharge');
  await page.getByRole('radio', { name: /Bank transfer/ }).check();
  await page.getByRole('textbox', { name: 'Amount' }).fill('25.50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Check your recharge' }).getByRole('button', { name: 'Create order' }).click();
  await expect(stillTrying(page)).toBeVisible();
  await expect(page).toHaveURL(/\/recharge\/confirm\/[0-9a-f-]{36}$/);
  await expect(stillTrying(page)).toBeHidden();
  expect(orders.keys).toHaveLength(2);
  expect(new Set(orders.keys).size).toBe(1);
  const orderList = (await (await page.request.get('/api/v1/recharge/orders')).json()) as { items: unknown[] };
  expect(orderList.items).toHaveLength(1);

  // A plan purchase.
  const purchases = await loseFirstAnswer(page, /\/api\/v1\/plans\/[^/]+\/purchase$/);
  await page.goto(`/plan/${plan.id}`);
  await page.getByRole('button', { name: 'Buy for $10.00' }).click();
  await page
    .getByRole('dialog', { name: `Buy ${plan.name}?` })
    .getByRole('button', { name: 'Pay $10.00' })
    .click();
  await expect(stillTrying(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your plan is active' })).toBeVisible();
  expect(purchases.keys).toHaveLength(2);
  expect(new Set(purchases.keys).size).toBe(1);
  const bought = (await (await page.request.get('/api/v1/me/purchases')).json()) as { items: unknown[] };
  expect(bought.items).toHaveLength(1);
  expect(((await (await page.request.get('/api/v1/wallet')).json()) as { available: number }).available).toBe(19_000);

  // A withdrawal: a bank account, a day for it to cool down, then the payout with the password.
  await addBankAccount(page.request, 'Fran Flaky');
  expect((await request.post('/api/test/clock', { data: { advanceMs: 25 * 3_600_000 } })).ok()).toBe(true);
  const withdrawals = await loseFirstAnswer(page, /\/api\/v1\/withdrawals$/);
  await page.goto('/withdraw');
  await page.getByLabel('Amount', { exact: true }).fill('50.00');
  await expect(page.getByText('You will receive')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm your withdrawal' });
  await sheet.getByLabel('Your password').fill(PASSWORD);
  await sheet.getByRole('button', { name: `Withdraw ${usd(5_000)}` }).click();
  await expect(stillTrying(page)).toBeVisible();
  await expect(page).toHaveURL(/\/withdraw\/log$/);
  expect(withdrawals.keys).toHaveLength(2);
  expect(new Set(withdrawals.keys).size).toBe(1);
  const payouts = (await (await page.request.get('/api/v1/withdrawals')).json()) as { items: unknown[] };
  expect(payouts.items).toHaveLength(1);
  expect(await (await page.request.get('/api/v1/wallet')).json()).toMatchObject({ available: 14_000, onHold: 5_000 });
});
