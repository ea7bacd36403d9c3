import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { E2E_OPERATOR } from '../../../playwright.config';
import { createOrder, operatorApi, operatorPage, signInMember, usd } from './wallet-support';

/*
 * The operator console (issue 10): the landing with what waits and who is signed in, a member's
 * money with the actions one tap away, handled recharge orders by status, a readable audit log.
 */

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Whether a solid button is red or green, from its computed background (rgb(), oklch(), lab() or oklab(), whichever the browser gives). */
async function hueOf(button: Locator): Promise<'red' | 'green' | 'other'> {
  const color = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
  const oklch = /oklch\(\s*[\d.]+%?\s+([\d.]+)\s+([\d.]+)/.exec(color);
  if (oklch) {
    const [chroma, hue] = [Number(oklch[1]), Number(oklch[2])];
    if (chroma < 0.08) return 'other';
    return hue < 45 || hue > 340 ? 'red' : hue > 120 && hue < 170 ? 'green' : 'other';
  }
  // Chromium may answer in CIE Lab or OKLab: the hue is the angle of (a, b), red near 40°, green near 140°.
  const lab = /(ok)?lab\(\s*[\d.]+%?\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(color);
  if (lab) {
    const [a, b] = [Number(lab[2]), Number(lab[3])];
    if (Math.hypot(a, b) < (lab[1] ? 0.05 : 20)) return 'other';
    const hue = (Math.atan2(b, a) * 180) / Math.PI;
    return hue > -20 && hue < 60 ? 'red' : hue > 110 && hue < 180 ? 'green' : 'other';
  }
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).map(Number);
  if (r === undefined || g === undefined || b === undefined) return 'other';
  return r > g + 60 && r > b + 60 ? 'red' : g > r + 40 && g > b + 20 ? 'green' : 'other';
}

test.describe('operator console', () => {
  test('the landing shows what waits with links to each list, who is signed in, and signs out', async ({ browser, baseURL }) => {
    const api = await operatorApi(baseURL!);
    const queue = await json<{ total: number }>(await api.get('/api/v1/admin/recharge/reviews?limit=1'));
    const members = await json<{ total: number }>(await api.get('/api/v1/admin/members?limit=1'));
    await api.dispose();

    const page = await operatorPage(browser);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Recharge review' });
    await expect(reviews).toContainText(`${queue.total} ${queue.total === 1 ? 'order' : 'orders'} waiting`);
    await expect(page.getByRole('region', { name: 'Members' })).toContainText(
      `${members.total} ${members.total === 1 ? 'member' : 'members'}`,
    );
    // Failures are a headline; none is a quiet line, never "0 messages failed to send".
    await expect(page.getByRole('region', { name: 'Outbox' })).toContainText(
      /[1-9]\d* messages? failed to send|No message failed to send\./,
    );
    await expect(page.getByRole('region', { name: 'Outbox' })).not.toContainText(/\b0 messages/);

    await reviews.getByRole('link', { name: 'Handled orders' }).click();
    await expect(page).toHaveURL(/\/admin\/recharges\?status=all$/);
    await expect(page.getByLabel('Show')).toHaveValue('all');
    await page.goBack();
    await page.getByRole('region', { name: 'Members' }).getByRole('link', { name: 'Open members' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();

    // Who is signed in, and the way out: afterwards the console sends the visitor to sign in.
    const frame = page.getByRole('complementary');
    await expect(frame.getByText('Operator', { exact: true })).toBeVisible();
    await expect(frame.getByText(E2E_OPERATOR.email)).toBeVisible();
    await frame.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin');
    await expect(page).not.toHaveURL(/\/admin/);
    expect((await page.request.get('/api/v1/admin/members')).status()).toBe(401);
  });

  test('the navigation marks the current page; on a phone it opens as a menu sheet, and the dashboard fits', async ({ browser }) => {
    const page = await operatorPage(browser);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Operator console' });
    await expect(nav.getByRole('link', { name: 'Operator console' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Operator console' })).not.toHaveAttribute('aria-current', 'page');
    const pages = await nav.getByRole('link').count();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Operator console' });
    await expect(sheet.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    // Every page of the console is in the sheet, each link whole (not cut at the edge of a strip).
    const links = sheet.getByRole('navigation').getByRole('link');
    expect(pages).toBeGreaterThan(15);
    await expect(links).toHaveCount(pages);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await sheet.getByRole('link', { name: 'Audit log' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

    // The dashboard's totals fit the phone: each figure beside its period, no sideways scrolling.
    await page.goto('/admin');
    const totals = page.getByRole('table', { name: 'Totals by period' });
    await expect(
      totals
        .getByRole('row', { name: /Deposits/ })
        .getByRole('cell')
        .last(),
    ).toHaveAttribute('data-label', 'Last 30 days');
    const fits = await totals.evaluate(
      (table) => table.scrollWidth <= table.clientWidth && table.getBoundingClientRect().right <= innerWidth,
    );
    expect(fits).toBe(true);
    // The charts' legends say the latest day's figures, never a row of dashes.
    const chart = page.getByRole('img', { name: 'Money per day, last 30 days' });
    await expect(chart).toContainText('Deposits');
    await expect(chart).not.toContainText('–');
    await page.context().close();
  });

  test("a member's page shows their balance, statement and orders, with adjust and freeze one tap away", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInMember(page);
    const me = await json<{ id: string }>(await page.request.get('/api/v1/me'));
    const order = await createOrder(page.request, 3_300);
    const api = await operatorApi(baseURL!);
    const reason = `Goodwill ${randomUUID().slice(0, 8)}`;
    const adjusted = await api.post(`/api/v1/admin/members/${me.id}/adjustments`, {
      data: { direction: 'credit', amount: 1_234, reason },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(adjusted.status()).toBe(201);
    const wallet = await json<{ available: number; onHold: number }>(await api.get(`/api/v1/admin/members/${me.id}/wallet`));

    const console = await operatorPage(browser);
    try {
      await console.goto(`/admin/members/${me.id}`);
      await expect(console.getByRole('heading', { level: 1, name: 'Demo Member' })).toBeVisible();
      const money = console.getByRole('region', { name: 'Money' });
      await expect(money.getByRole('definition').first()).toHaveText(usd(wallet.available));
      await expect(money.getByRole('definition').nth(1)).toHaveText(usd(wallet.onHold));
      const statement = console.getByRole('table', { name: 'Recent statement' });
      await expect(statement.getByRole('row', { name: new RegExp(reason) })).toContainText(`+${usd(1_234)}`);
      const orders = console.getByRole('table', { name: 'Recharge orders' });
      await expect(orders.getByRole('row', { name: new RegExp(order.reference) })).toContainText('Awaiting payment');

      // Freeze and unfreeze, each with a reason; the status on the page follows. Freezing looks
      // destructive (red), unfreezing is the way forward (green).
      // The button's colour eases over 150 ms when it changes: read it once it has settled.
      await expect.poll(() => hueOf(console.getByRole('button', { name: 'Freeze member' }))).toBe('red');
      await console.getByLabel('Why freeze this member').fill('Checking a chargeback');
      await console.getByRole('button', { name: 'Freeze member' }).click();
      await expect(console.getByRole('status').filter({ hasText: 'Member frozen' })).toBeVisible();
      await expect(console.getByRole('definition').filter({ hasText: 'Frozen' })).toBeVisible();
      await expect.poll(() => hueOf(console.getByRole('button', { name: 'Unfreeze member' }))).toBe('green');
      await console.getByLabel('Why unfreeze this member').fill('Chargeback cleared');
      await console.getByRole('button', { name: 'Unfreeze member' }).click();
      await expect(console.getByRole('status').filter({ hasText: 'Member unfrozen' })).toBeVisible();

      // Adjust opens with this member picked already.
      await money.getByRole('link', { name: 'Adjust balance' }).click();
      await expect(console).toHaveURL(new RegExp(`/admin/adjust\\?member=${me.id}$`));
      await expect(console.getByRole('button', { name: 'Selected', pressed: true })).toBeVisible();
      await expect(console.getByRole('list', { name: 'Members found' })).toContainText('Demo Member');
    } finally {
      // Never leave the shared demo member frozen, nor their order open, for other journeys.
      await api.put(`/api/v1/admin/members/${me.id}/status`, { data: { status: 'active', reason: 'End of console journey' } });
      await api.dispose();
      await signInMember(page);
      await page.request.post(`/api/v1/recharge/orders/${order.id}/cancel`);
    }
  });

  test('recharge review lists handled orders by a status filter kept in the address', async ({ page, browser, baseURL }) => {
    await signInMember(page);
    const order = await createOrder(page.request, 2_700);
    const submitted = await page.request.post(`/api/v1/recharge/orders/${order.id}/submit`, { data: { payerReference: 'BANK-FILTER-1' } });
    expect(submitted.ok()).toBe(true);
    const api = await operatorApi(baseURL!);
    const rejected = await api.post(`/api/v1/admin/recharge/orders/${order.id}/reject`, {
      data: { reason: 'No transfer arrived' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(rejected.ok()).toBe(true);
    await api.dispose();

    const console = await operatorPage(browser);
    await console.goto('/admin/recharges');
    await expect(console.getByLabel('Show')).toHaveValue('review');
    await expect(console.getByRole('row', { name: new RegExp(order.reference) })).toHaveCount(0);
    await console.getByLabel('Show').selectOption({ label: 'Rejected' });
    await expect(console).toHaveURL(/\/admin\/recharges\?status=rejected$/);
    const table = console.getByRole('table', { name: 'Recharge orders, newest first' });
    const row = table.getByRole('row', { name: new RegExp(order.reference) });
    await expect(row).toContainText('Rejected');
    await expect(row).toContainText('No transfer arrived');
    await expect(row).toContainText(usd(2_700));
    await expect(row.getByRole('button')).toHaveCount(0);
    // The filter survives a reload (it lives in the address) and goes back to the queue.
    await console.reload();
    await expect(console.getByLabel('Show')).toHaveValue('rejected');
    await console.getByLabel('Show').selectOption({ label: 'Waiting for review' });
    await expect(console).toHaveURL(/\/admin\/recharges$/);
    await expect(
      console.getByRole('table', { name: 'Orders to review, newest first' }).or(console.getByText('Nothing to review')),
    ).toBeVisible();
  });

  test('the audit log shows detail as readable lines inside the page, dates on one line', async ({ page, browser, baseURL }) => {
    await signInMember(page);
    const me = await json<{ id: string }>(await page.request.get('/api/v1/me'));
    const api = await operatorApi(baseURL!);
    const reason = `A long reason to read in the audit log without scrolling sideways ${randomUUID()}`;
    const adjusted = await api.post(`/api/v1/admin/members/${me.id}/adjustments`, {
      data: { direction: 'credit', amount: 101, reason },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(adjusted.status()).toBe(201);
    await api.dispose();

    const console = await operatorPage(browser);
    await console.setViewportSize({ width: 1280, height: 900 });
    await console.goto('/admin/audit');
    const row = console.getByRole('row', { name: new RegExp(reason.slice(-36)) });
    await expect(row.getByRole('term').filter({ hasText: 'reason:' })).toBeVisible();
    await expect(row.getByRole('definition').filter({ hasText: reason })).toBeVisible();
    // The table fits the page: nothing runs past the right edge.
    expect(await console.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    // The date is one line: its box is no taller than one line of its text.
    const time = row.locator('time').first();
    const { height, lineHeight } = await time.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(height).toBeLessThanOrEqual(lineHeight + 1);
  });

  test('at phone width a console table is a list of cards: no sideways scrolling, each value labelled', async ({ browser }) => {
    const page = await operatorPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/members');
    const table = page.getByRole('table', { name: 'Members, newest first' });
    const row = table.getByRole('row', { name: /Demo Member/ });
    await expect(row).toBeVisible();
    // Still a table to assistive technology; on screen each cell carries its column's name.
    await expect(row.getByRole('cell').filter({ hasText: 'demo@orchard.local' })).toHaveAttribute('data-label', 'Email / phone');
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const box = (await row.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    // The row is a card: its cells stack (the invite code sits below the e-mail, not beside it).
    const email = (await row.getByRole('cell').nth(1).boundingBox())!;
    const invite = (await row.getByRole('cell').nth(2).boundingBox())!;
    expect(invite.y).toBeGreaterThanOrEqual(email.y + email.height - 1);
  });
});
