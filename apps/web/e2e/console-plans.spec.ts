import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { approvalsOff, operatorApi, operatorPage, signInMember, usd } from './wallet-support';

/*
 * The console's plan pages: an operator adds and edits a plan, creates a coupon (and meets a taken
 * code), changes the referral rates as percentages, and refunds a member's purchase with a reason.
 */

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

const suffix = () => randomUUID().slice(0, 6).toUpperCase();

test.describe('console: plans, coupons, referral settings, refunds', () => {
  test('an operator adds a plan, sees it listed with its stock, and edits it; return wording is refused', async ({ browser }) => {
    const name = `Garden ${suffix()}`;
    const console = await operatorPage(browser);
    await console.goto('/admin/plans');
    await expect(console.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    await expect(console.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Plans' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await console.getByRole('button', { name: 'New plan' }).click();
    await console.getByRole('textbox', { name: 'Name', exact: true }).fill('Profit club');
    await console.getByRole('textbox', { name: 'Benefits' }).fill('Garden tools to borrow\nA daily yield');
    await console.getByLabel('Price').fill('19.50');
    await console.getByRole('button', { name: 'Save plan' }).click();
    // The contract's honest-wording rule, under the name and on the benefit's line.
    await expect(console.getByText(/Describe the membership, not a return/).first()).toBeVisible();
    await expect(console.getByText(/^Line 2: Describe the membership/)).toBeVisible();

    await console.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await console.getByRole('textbox', { name: 'Benefits' }).fill('Garden tools to borrow\nSeed swap evenings');
    await console.getByLabel('Duration in days').fill('45');
    await console.getByLabel('Stock').fill('50');
    await console.getByRole('button', { name: 'Save plan' }).click();
    await expect(console.getByText(`Plan ${name} saved.`)).toBeVisible();

    const table = console.getByRole('table', { name: 'Plans, in the order members see them' });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(usd(1_950));
    await expect(row).toContainText('45 days');
    await expect(row).toContainText('50 of 50');
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(console.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
    await expect(console.getByLabel('Price')).toHaveValue('19.50');
    await console.getByLabel('Stock').fill('40');
    await console.getByLabel(/^Active/).uncheck();
    await console.getByRole('button', { name: 'Save plan' }).click();
    await expect(row).toContainText('40 of 40');
    await expect(row).toContainText('Inactive');
  });

  test('an operator creates a coupon, finds it by code in the address, and cannot take the same code twice', async ({ browser }) => {
    const code = `E2E${suffix()}`;
    const console = await operatorPage(browser);
    await console.goto('/admin/coupons');
    await console.getByRole('button', { name: 'New coupon' }).click();
    await console.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await console.getByLabel('Kind', { exact: true }).first().selectOption({ label: 'Percent off' });
    await console.getByLabel('Percent off').fill('15');
    await console.getByLabel('Maximum discount (optional)').fill('5');
    await console.getByLabel('Uses in all').fill('100');
    await console.getByRole('button', { name: 'Save coupon' }).click();
    await expect(console.getByText(`Coupon ${code} saved.`)).toBeVisible();

    await console.getByLabel('Code contains').fill(code);
    await console.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(console).toHaveURL(new RegExp(`/admin/coupons\\?q=${code}$`));
    const row = console.getByRole('table', { name: 'Coupons, newest first' }).getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText(`15% off, at most ${usd(500)}`);
    await expect(row).toContainText('0 of 100');
    await expect(console.getByRole('link', { name: 'Export the coupons shown as CSV' })).toHaveAttribute(
      'href',
      `/api/v1/admin/coupons/export.csv?q=${code}`,
    );

    // Nobody used it yet: its redemptions say so.
    await row.getByRole('button', { name: `Redemptions of ${code}` }).click();
    await expect(console.getByRole('heading', { name: `Redemptions of ${code}` })).toBeVisible();
    await expect(console.getByText('Not used yet')).toBeVisible();

    // The same code again: the server's answer lands under the code.
    await console.getByRole('button', { name: 'New coupon' }).click();
    await console.getByLabel('Code', { exact: true }).fill(code);
    await console.getByLabel('Percent off').fill('10');
    await console.getByRole('button', { name: 'Save coupon' }).click();
    await expect(console.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test('an operator changes the referral rates as percentages; the API keeps basis points', async ({ browser, baseURL }) => {
    const api = await operatorApi(baseURL!);
    const before = await json<Record<string, number | boolean | string>>(await api.get('/api/v1/admin/referral-settings'));
    const console = await operatorPage(browser);
    // Saved at once: with approval on, the change would wait for a second person (approvals.spec.ts).
    const approvalsBack = await approvalsOff(api);
    try {
      await console.goto('/admin/referrals');
      await expect(console.getByRole('heading', { level: 1, name: 'Referral settings' })).toBeVisible();
      await console.getByLabel('Level 2 (%)').fill('4.75');
      await console.getByLabel('Holding period in days').fill('3');
      await expect(console.getByText(/^Together .* capped at/)).toBeVisible();
      await console.getByRole('button', { name: 'Save settings' }).click();
      // Confirmed first, each change before → after in percent and days, never basis points.
      const sheet = console.getByRole('dialog', { name: 'Save these referral settings?' });
      await expect(sheet.getByText('Level 2')).toBeVisible();
      await expect(sheet).toContainText(/→ 4\.75%/);
      await expect(sheet).toContainText('→ 3 days');
      await sheet.getByRole('button', { name: 'Save changes' }).click();
      await expect(console.getByText('Referral settings saved.')).toBeVisible();
      const after = await json<{ level2Bp: number; holdDays: number }>(await api.get('/api/v1/admin/referral-settings'));
      expect(after).toMatchObject({ level2Bp: 475, holdDays: 3 });
      await console.reload();
      await expect(console.getByLabel('Level 2 (%)')).toHaveValue('4.75');

      // More than two decimals is refused before anything is sent.
      await console.getByLabel('Level 3 (%)').fill('1.125');
      await console.getByRole('button', { name: 'Save settings' }).click();
      await expect(console.getByLabel('Level 3 (%)')).toHaveAttribute('aria-invalid', 'true');
    } finally {
      const { updatedAt: _updatedAt, ...settings } = before;
      await api.put('/api/v1/admin/referral-settings', { data: settings });
      await approvalsBack();
      await api.dispose();
    }
  });

  test("an operator refunds a member's purchase with a reason; the member gets the money back", async ({ page, browser, baseURL }) => {
    // A plan of its own (no stock or member limit of the demo plans in the way), bought by the demo member.
    const api = await operatorApi(baseURL!);
    const planName = `Refundable ${suffix()}`;
    const plan = await json<{ id: string }>(
      await api.post('/api/v1/admin/plans', { data: { name: planName, price: 700, durationDays: 30, benefits: ['Tool library'] } }),
    );
    await signInMember(page);
    const me = await json<{ id: string }>(await page.request.get('/api/v1/me'));
    await json(
      await api.post(`/api/v1/admin/members/${me.id}/adjustments`, {
        data: { direction: 'credit', amount: 700, reason: 'Funds for the refund journey' },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    const before = await json<{ available: number }>(await page.request.get('/api/v1/wallet'));
    const bought = await page.request.post(`/api/v1/plans/${plan.id}/purchase`, {
      data: { expectedToPay: 700 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(bought.status(), await bought.text()).toBe(201);

    const console = await operatorPage(browser);
    try {
      // The member's page links to their purchases.
      await console.goto(`/admin/members/${me.id}`);
      await console.getByRole('link', { name: 'See this member’s plan purchases' }).click();
      await expect(console).toHaveURL(new RegExp(`/admin/purchases\\?member=${me.id}$`));
      const table = console.getByRole('table', { name: 'Plan purchases, newest first' });
      const row = table.getByRole('row', { name: new RegExp(planName) });
      await expect(row).toContainText(usd(700));
      await expect(row).toContainText('Active');

      // The details show the commissions by level.
      await row.getByRole('button', { name: `Details: ${planName}, Demo Member` }).click();
      const details = console.getByRole('dialog', { name: `${planName}, bought by Demo Member` });
      await expect(details.getByRole('list', { name: 'Commissions of this purchase by level' }).getByRole('listitem')).toHaveCount(3);
      await details.getByRole('button', { name: 'Refund' }).click();

      const sheet = console.getByRole('dialog', { name: `Refund ${usd(700)} to Demo Member?` });
      await sheet.getByRole('button', { name: `Refund ${usd(700)}` }).click();
      await expect(sheet.getByText('Give a reason of at least 3 characters.')).toBeVisible();
      await sheet.getByLabel('Reason').fill('Bought the wrong plan');
      await sheet.getByRole('button', { name: `Refund ${usd(700)}` }).click();
      await expect(console.getByText(`Refunded ${usd(700)} to Demo Member.`)).toBeVisible();
      await expect(sheet).toBeHidden();
      await expect(row).toContainText('Refunded');
      await expect(row).toContainText('Bought the wrong plan');
      await expect(row.getByRole('button', { name: /^Refund/ })).toHaveCount(0);

      const after = await json<{ available: number }>(await page.request.get('/api/v1/wallet'));
      expect(after.available).toBe(before.available);
    } finally {
      await api.dispose();
    }
  });
});
