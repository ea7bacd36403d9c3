import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createOrder, operatorApi, signInMember } from './wallet-support';

/*
 * Live updates (docs/product.md, issue 14): with the event stream open, the order page does not poll; the
 * operator's credit shows on it within moments, announced by the database to the server.
 */
test('the order page shows the credit the moment the operator makes it, without polling', async ({ page, baseURL }) => {
  await signInMember(page);
  const order = await createOrder(page.request, 1_250);
  expect((await page.request.post(`/api/v1/recharge/orders/${order.id}/submit`, { data: { payerReference: 'LIVE-4471' } })).ok()).toBe(true);
  let reads = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/v1/recharge/orders/${order.id}`) reads += 1;
  });
  const stream = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/events');
  await page.goto(`/recharge/confirm/${order.id}`);
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
  await stream;
  // Longer than the 5 s the page polls at without a stream: with one, it does not ask.
  await page.waitForTimeout(1_000);
  const settled = reads;
  await page.waitForTimeout(6_000);
  expect(reads).toBe(settled);

  const operator = await operatorApi(baseURL!);
  const credited = await operator.post(`/api/v1/admin/recharge/orders/${order.id}/credit`, {
    data: {},
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(credited.ok(), await credited.text()).toBe(true);
  await expect(page.getByText('Recharge complete')).toBeVisible({ timeout: 2_000 });
  await operator.dispose();
});
