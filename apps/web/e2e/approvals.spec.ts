import { expect, test } from '@playwright/test';
import { DEMO_MEMBER, operatorPage, signInAs, usd } from './wallet-support';

/*
 * Two-person approval (docs/decisions/0033, 0039): the e2e operator adjusts a member's wallet by more
 * than the demo's threshold (1,000.00); nothing moves, the page says it was sent for approval and
 * links to the request, which the requester cannot decide. The demo's second operator signs in, sees
 * it waiting for her approval, and approves it: it is made once. Then the other way round: the demo's
 * second operator asked to raise the minimum withdrawal (a money setting waits whatever its size);
 * the e2e operator reads it before → after in dollars and approves it, and she finds it approved
 * among her own requests.
 */
const APPROVER = { email: 'approver@orchard.local', password: DEMO_MEMBER.password, totpSecret: 'ORCHARDDEMOSECONDOPERATORAPPROVE' };

test('a large adjustment waits for a second operator, who approves it', async ({ browser }) => {
  const reason = `Refund of a double charge ${Date.now()}`;
  const console = await operatorPage(browser);
  await console.goto('/admin/adjust');
  await console.getByLabel('Find a member').fill('chen@orchard.local');
  await console.getByRole('button', { name: 'Select' }).first().click();
  await console.getByLabel(/^Amount/).fill('1500');
  await console.getByLabel('Reason').fill(reason);
  await console.getByRole('button', { name: 'Review adjustment' }).click();
  await console.getByRole('button', { name: /^Confirm/ }).click();
  await expect(console.getByText(/Sent for approval\./)).toBeVisible();
  await console.getByRole('link', { name: 'See the request' }).click();
  const own = console.getByRole('dialog');
  await expect(own).toContainText('Adjust Chen Wei’s wallet by +$1,500.00');
  await expect(own).toContainText('This is your own request: another person must decide it.');
  await expect(own.getByRole('button', { name: 'Approve and do it' })).toHaveCount(0);

  const context = await browser.newContext();
  const approver = await context.newPage();
  await signInAs(approver.request, APPROVER);
  await approver.goto('/admin/approvals');
  await expect(approver.getByRole('link', { name: /Approvals.*waiting for your approval/ })).toBeVisible();
  const row = approver.getByRole('row', { name: new RegExp(reason) });
  await expect(row).toContainText('Adjust Chen Wei’s wallet by +$1,500.00');
  await row.getByRole('button', { name: /Review/ }).click();
  await approver.getByRole('dialog').getByRole('button', { name: 'Approve and do it' }).click();
  await expect(approver.getByText('Approved: done.')).toBeVisible();
  await expect(row).toHaveCount(0);

  await approver.goto('/admin/approvals?view=applied');
  const done = approver.getByRole('row', { name: new RegExp(reason) });
  await expect(done).toContainText('Approved');
  await context.close();
});

test("a money setting's change waits for a second operator: the operator approves the other's raise of the minimum withdrawal", async ({
  browser,
}) => {
  const console = await operatorPage(browser);
  const before = (await (await console.request.get('/api/v1/admin/withdrawal-settings')).json()) as { minAmount: number };
  await console.goto('/admin/approvals');
  const row = console.getByRole('row', { name: /Change the withdrawal settings/ });
  // In the currency, before → after, never in minor units.
  await expect(row).toContainText(`Minimum withdrawal: ${usd(before.minAmount)} → ${usd(before.minAmount + 500)}`);
  await row.getByRole('button', { name: /Review/ }).click();
  const sheet = console.getByRole('dialog');
  await expect(sheet).toContainText('Change the withdrawal settings');
  await sheet.getByRole('button', { name: 'Approve and do it' }).click();
  await expect(console.getByText('Approved: done.')).toBeVisible();
  const after = (await (await console.request.get('/api/v1/admin/withdrawal-settings')).json()) as { minAmount: number };
  expect(after.minAmount).toBe(before.minAmount + 500);

  const context = await browser.newContext();
  const approver = await context.newPage();
  await signInAs(approver.request, APPROVER);
  await approver.goto('/admin/approvals');
  await approver.getByLabel('Show').selectOption({ label: 'My requests' });
  const mine = approver.getByRole('row', { name: /Change the withdrawal settings/ });
  await expect(mine).toContainText('Approved');
  await context.close();
});
