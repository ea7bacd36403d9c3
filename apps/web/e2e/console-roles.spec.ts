import { expect, test } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { serverStep, totpCodeAt } from './console-factor';
import { operatorPage } from './wallet-support';

/*
 * Console roles (docs/product.md "Roles"): the operator gives a colleague the support role from the member
 * page; signed in, support sees the member pages, sign-in links and the outbox, and none of the
 * money, plan or role controls. Then the operator makes them finance, whose console is the money side.
 */

const PASSWORD = 'console-roles-pass-2026';
const sink = new MailSink();

test.beforeAll(async () => sink.start(E2E_SMTP_PORT));
test.afterAll(async () => sink.stop());

test('the operator gives a role from the member page, and each role sees only its part of the console', async ({ browser }) => {
  const colleague = await (await browser.newContext()).newPage();
  const email = uniqueEmail('colleague');
  await registerThroughApi(colleague.request, sink, email, PASSWORD, 'Sam Support');
  const { id } = (await (await colleague.request.get('/api/v1/me')).json()) as { id: string };

  const operator = await operatorPage(browser);
  await operator.goto(`/admin/members/${id}`);
  const roleCard = operator.getByRole('heading', { name: 'Console role' }).locator('..').locator('..');
  await roleCard.getByLabel('Role', { exact: true }).selectOption('support');
  await roleCard.getByLabel('Why change the role').fill('Joins the support desk');
  await roleCard.getByRole('button', { name: 'Change role' }).click();
  await expect(operator.getByText('Role changed to Support.')).toBeVisible();

  // The first visit to the console sets up the second factor: an authenticator app, then ten recovery codes.
  await colleague.goto('/admin');
  await expect(colleague).toHaveURL(/\/admin\/second-factor$/);
  expect((await colleague.request.get('/api/v1/admin/members')).status()).toBe(403);
  await colleague.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(colleague.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await colleague.getByTestId('totp-secret').textContent())!.trim();
  await colleague.getByLabel('The 6-digit code the app shows').fill(totpCodeAt(secret, await serverStep(colleague.request)));
  await colleague.getByRole('button', { name: 'Confirm' }).click();
  await expect(colleague.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await colleague.getByRole('button', { name: 'I saved them: open the console' }).click();
  await expect(colleague).toHaveURL(/\/admin$/);

  // Support: members and the outbox, no money, plans, reviews or roles.
  const nav = colleague.getByRole('navigation', { name: /console/i });
  await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Outbox' })).toBeVisible();
  for (const hidden of ['Audit log', 'Recharge review', 'Payouts', 'Adjust balance', 'Ledger integrity', 'Plans', 'Referral reviews']) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await colleague.goto(`/admin/members/${id}`);
  await expect(colleague.getByRole('heading', { name: 'Sign-in link for support' })).toBeVisible();
  await expect(colleague.getByRole('heading', { name: 'Console role' })).toHaveCount(0);
  await expect(colleague.getByRole('main').getByRole('link', { name: 'Adjust balance' })).toHaveCount(0);

  // Finance: the money side, and no sign-in links.
  await operator.reload();
  await roleCard.getByLabel('Role', { exact: true }).selectOption('finance');
  await roleCard.getByLabel('Why change the role').fill('Moves to finance');
  await roleCard.getByRole('button', { name: 'Change role' }).click();
  await expect(operator.getByText('Role changed to Finance.')).toBeVisible();
  await colleague.reload();
  await colleague.goto('/admin');
  for (const shown of ['Recharge review', 'Payouts', 'Adjust balance', 'Ledger integrity', 'Members']) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${shown}`) })).toBeVisible();
  }
  for (const hidden of ['Outbox', 'Plans', 'Payment channels', 'Referral reviews']) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await colleague.goto(`/admin/members/${id}`);
  await expect(colleague.getByRole('main').getByRole('link', { name: 'Adjust balance' })).toBeVisible();
  await expect(colleague.getByRole('heading', { name: 'Sign-in link for support' })).toHaveCount(0);
});
