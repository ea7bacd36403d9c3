import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { operatorPage, signInMember } from './wallet-support';

/*
 * Maintenance mode (issue 30): the operator turns it on from the console's landing with a reason;
 * the member's app shows the banner, reads still work, a top-up answers "try again in a few
 * minutes" (503 MAINTENANCE with Retry-After); turned off, money moves again.
 */
test('the operator turns maintenance on: members see the banner and money waits; off again, it moves', async ({ browser, page }) => {
  const operator = await operatorPage(browser);
  await operator.goto('/admin');
  const card = operator.getByRole('heading', { name: 'Maintenance mode' }).locator('..').locator('..');
  await card.getByLabel('Message for the banner (optional)').fill('Back at 02:00 UTC.');
  await card.getByLabel('Why').fill('Upgrade to the next release');
  await card.getByRole('button', { name: 'Turn maintenance on' }).click();
  await expect(operator.getByRole('status').filter({ hasText: 'Maintenance: money cannot move' })).toBeVisible();

  try {
    await signInMember(page);
    await page.goto('/home');
    await expect(page.getByRole('status').filter({ hasText: 'Back at 02:00 UTC.' })).toBeVisible();
    const refused = await page.request.post('/api/v1/recharge/orders', {
      data: { channel: 'bank', amount: 5_000 },
      headers: { 'idempotency-key': randomUUID(), 'x-requested-with': 'fetch' },
    });
    expect(refused.status()).toBe(503);
    expect(refused.headers()['retry-after']).toBe('300');
    expect((await page.request.get('/api/v1/wallet')).ok()).toBe(true);
  } finally {
    await card.getByLabel('Why').fill('Upgrade done');
    await card.getByRole('button', { name: 'Turn maintenance off' }).click();
    await expect(card.getByRole('button', { name: 'Turn maintenance on' })).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Maintenance' })).toHaveCount(0);
});
