import { expect, test } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { runSuffix } from './plans-support';
import { operatorPage } from './wallet-support';

/*
 * Contact support end to end (docs/decisions/0037): a member opens a request from /help, the
 * operator answers it from the console's queue, the member is told (the bell, and an email through
 * the real SMTP server), reads the reply as "Support", answers, and closes the request.
 */
const sink = new MailSink();
test.beforeAll(async () => sink.start(E2E_SMTP_PORT));
test.afterAll(async () => sink.stop());

test('a member asks from /help, support answers from the console, the member is told, replies and closes', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('support');
  await registerThroughApi(page.request, sink, email, 'support-journey-2026', 'Sam Support');
  // Whatever the inbox holds already (the running announcement) is read: the reply is the one unread.
  expect((await page.request.post('/api/v1/notifications/read-all', { data: {} })).status()).toBeLessThan(300);
  const subject = `Recharge question ${runSuffix()}`;

  await page.goto('/help');
  await page.getByRole('link', { name: 'Contact support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByText('No requests yet')).toBeVisible();
  // The form kit: an empty message is refused on its field.
  await page.getByLabel('Subject').fill(subject);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Write your message.')).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('I paid by bank transfer yesterday. When does it show in my wallet?');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(page.getByText('Waiting for support')).toBeVisible();
  const threadUrl = page.url();

  // The console: the queue (with its count in the navigation), the thread, the reply as "Support".
  const operator = await operatorPage(browser);
  await operator.goto('/admin/support');
  await expect(operator.getByRole('link', { name: /^Support\s*, \d+ waiting for an answer$/ })).toBeVisible();
  await operator.getByRole('link', { name: subject }).click();
  await expect(operator.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(operator.getByText('I paid by bank transfer yesterday.', { exact: false })).toBeVisible();
  await operator.getByLabel('Reply as Support').fill('It arrived this morning and is in your wallet now.');
  await operator.getByRole('button', { name: 'Send reply' }).click();
  await expect(operator.getByText('Reply sent: the member is told.')).toBeVisible();
  await expect(operator.getByText('It arrived this morning and is in your wallet now.')).toBeVisible();

  // The member is told: the bell (live, or at the next look), and an email with the subject only.
  await page.goto('/support');
  await expect(page.getByRole('link', { name: 'Inbox, 1 unread' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toContainText('Answered');
  const [mail] = await sink.next(email, new RegExp(`Support replied to your ticket: ${subject}[\\s\\S]*`), 20_000);
  expect(mail).not.toContain('It arrived this morning');
  await page.getByRole('link', { name: 'Inbox, 1 unread' }).click();
  await page.getByRole('link', { name: `Support replied: ${subject}` }).click();
  await expect(page).toHaveURL(threadUrl);
  await expect(page.getByText('It arrived this morning and is in your wallet now.')).toBeVisible();
  await expect(page.getByText('Support', { exact: true })).toBeVisible();

  // The member answers (waiting for support again), then closes; writing would open it again.
  await page.getByLabel('Your reply').fill('Thank you, I see it now.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Thank you, I see it now.')).toBeVisible();
  await expect(page.getByText('Waiting for support')).toBeVisible();
  await page.getByRole('button', { name: 'Close request' }).click();
  await expect(page.getByText('Request closed. Write here again if you need us.')).toBeVisible();
  await expect(page.getByText('This request is closed. Writing opens it again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close request' })).toHaveCount(0);
});
