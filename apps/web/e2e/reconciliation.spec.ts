import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createOrder, DEMO_MEMBER, operatorPage, signInAs } from './wallet-support';

/*
 * Bank reconciliation (docs/decisions/0032): the operator imports a bank's CSV statement with its
 * columns mapped; three payments that name their order and pay it exactly are credited at once,
 * a part payment and a transfer without a reference wait in the queue, and the operator decides
 * both with a reason. The bank's columns are filled in when it is named again, and the day picker
 * shows an earlier day.
 */
test('import a statement: three orders credited, two lines in the queue, then decided', async ({ browser, page }) => {
  // A team member no other journey pays with, so the open-order limit counts only this journey's orders.
  await signInAs(page.request, { email: 'hana@orchard.local', password: DEMO_MEMBER.password });
  const open = await page.request.get('/api/v1/recharge/orders?status=awaiting_payment&limit=50');
  for (const order of ((await open.json()) as { items: { id: string }[] }).items)
    expect((await page.request.post(`/api/v1/recharge/orders/${order.id}/cancel`, { data: {} })).status()).toBe(200);
  const orders = [];
  for (const amount of [1_100, 1_200, 1_300, 4_000]) orders.push(await createOrder(page.request, amount));
  const today = new Date().toISOString().slice(0, 10);
  const token = randomBytes(3).toString('hex');
  const csv = [
    'Date,Details,Payer,Amount',
    `${today},Top-up ${orders[0]!.reference},Ada,11.00`,
    `${today},Top-up ${orders[1]!.reference},Ada,12.00`,
    `${today},Top-up ${orders[2]!.reference},Ada,13.00`,
    `${today},Half of ${orders[3]!.reference},Partial Payer ${token},20.00`,
    `${today},No reference ${token},Unknown Payer ${token},7.77`,
  ].join('\n');

  const console = await operatorPage(browser);
  await console.goto('/admin/reconciliation');
  await expect(console.getByRole('heading', { level: 1, name: 'Bank reconciliation' })).toBeVisible();
  await console.getByRole('button', { name: 'Import statement' }).click();
  const sheet = console.getByRole('dialog');
  await sheet.getByLabel('Bank').fill(`E2E Bank ${token}`);
  await sheet.getByLabel('Format').selectOption('csv');
  await sheet.getByLabel('Statement file').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await sheet.getByLabel('Date column').fill('Date');
  await sheet.getByLabel('Amount column').fill('Amount');
  await sheet.getByLabel('Details column').fill('Details');
  await sheet.getByLabel('Payer column').fill('Payer');
  await sheet.getByRole('button', { name: 'Import' }).click();
  await expect(console.getByText('5 new lines: 3 matched, 2 waiting.')).toBeVisible();

  const member = await page.request.get('/api/v1/recharge/orders?limit=50');
  const statuses = new Map(
    ((await member.json()) as { items: { id: string; status: string }[] }).items.map((order) => [order.id, order.status]),
  );
  expect(orders.slice(0, 3).map((order) => statuses.get(order.id))).toEqual(['credited', 'credited', 'credited']);
  expect(statuses.get(orders[3]!.id)).not.toBe('credited');

  const partial = console.getByRole('row', { name: new RegExp(`Partial Payer ${token}`) });
  await expect(partial).toContainText('Pays less than the order');
  await partial.getByRole('button', { name: /Decide/ }).click();
  await console.getByRole('dialog').getByLabel('Decision').selectOption('refund');
  await console.getByRole('dialog').getByLabel('Reason').fill('Sent back to the payer; asked for the full amount');
  await console.getByRole('dialog').getByRole('button', { name: 'Decide' }).click();
  await expect(console.getByText('Bank line decided.')).toBeVisible();
  await expect(partial).toHaveCount(0);

  const unknown = console.getByRole('row', { name: new RegExp(`Unknown Payer ${token}`) });
  await expect(unknown).toContainText('Names no order');
  await unknown.getByRole('button', { name: /Decide/ }).click();
  await console.getByRole('dialog').getByLabel('Decision').selectOption('ignore');
  await console.getByRole('dialog').getByLabel('Reason').fill('A test transfer of the bank');
  await console.getByRole('dialog').getByRole('button', { name: 'Decide' }).click();
  await expect(unknown).toHaveCount(0);

  // The bank's columns are remembered: naming it again (in any case) fills them in.
  await console.getByRole('button', { name: 'Import statement' }).click();
  const again = console.getByRole('dialog');
  await again.getByLabel('Bank').fill(`e2e bank ${token}`);
  await expect(again.getByText(`The columns last used for E2E Bank ${token} are filled in.`, { exact: false })).toBeVisible();
  await expect(again.getByLabel('Format', { exact: true })).toHaveValue('csv');
  await expect(again.getByLabel('Date column')).toHaveValue('Date');
  await expect(again.getByLabel('Payer column')).toHaveValue('Payer');
  await again.getByRole('button', { name: 'Back' }).click();

  // The day picker moves the summary to an earlier day (the demo's statements), kept in the address.
  const day = console.getByRole('combobox', { name: /^Day/ });
  await expect(day).toHaveValue(today);
  const earlier = await day.locator('option').nth(1).getAttribute('value');
  expect(earlier && earlier < today).toBe(true);
  await day.selectOption(earlier!);
  await expect(console).toHaveURL(new RegExp(`day=${earlier}$`));
  await expect(
    console.getByRole('region', { name: 'The day against the bank' }).getByRole('link', { name: 'Download CSV' }),
  ).toHaveAttribute('href', new RegExp(`/days/${earlier}/csv$`));
  await console.context().close();
});
