import { expect, test } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { operatorPage } from './wallet-support';

/*
 * Console sessions (docs/product.md): the operator sees where console accounts are signed in and
 * ends a colleague's session; the colleague's next request is refused (401).
 */

const sink = new MailSink();
test.beforeAll(async () => sink.start(E2E_SMTP_PORT));
test.afterAll(async () => sink.stop());

test('the operator sees the console sessions and ends a colleague’s', async ({ browser }) => {
  const colleague = await (await browser.newContext()).newPage();
  const email = uniqueEmail('session');
  await registerThroughApi(colleague.request, sink, email, 'console-sessions-pass-2026', 'Sid Session');
  const { id } = (await (await colleague.request.get('/api/v1/me')).json()) as { id: string };

  const operator = await operatorPage(browser);
  const made = await operator.request.put(`/api/v1/admin/members/${id}/role`, {
    data: { role: 'support', reason: 'Joins the support desk' },
    headers: { 'x-requested-with': 'fetch' },
  });
  expect(made.status()).toBe(200);

  await operator.goto('/admin');
  await operator.getByRole('navigation', { name: /console/i }).getByRole('link', { name: 'Console sessions' }).click();
  await expect(operator.getByRole('heading', { name: 'Console sessions' })).toBeVisible();
  await expect(operator.getByText('This session')).toBeVisible();
  const row = operator.getByRole('row').filter({ hasText: 'Sid Session' });
  await expect(row.getByText('Not proved')).toBeVisible();
  await row.getByRole('button', { name: 'End session' }).click();
  await operator.getByRole('dialog').getByRole('button', { name: 'End session' }).click();
  await expect(operator.getByText('Sid Session’s session ended.')).toBeVisible();
  await expect(operator.getByRole('row').filter({ hasText: 'Sid Session' })).toHaveCount(0);

  expect((await colleague.request.get('/api/v1/me')).status()).toBe(401);
});
