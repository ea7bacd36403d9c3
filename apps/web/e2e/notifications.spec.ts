import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { createPlan, runSuffix, withOperator } from './plans-support';
import { fundMember, memberIdOf } from './wallet-support';

/**
 * Notifications end to end (docs/decisions/0034): a purchase lands in the inbox (the bell counts it,
 * live) and, as the default preferences say, by email through the real SMTP server; the email's
 * one-click link turns that email off without signing in; /profile shows and saves the choice;
 * the inbox marks all read.
 */
const sink = new MailSink();
const PASSWORD = 'notify-journey-2026';

test.beforeAll(async () => {
  await sink.start(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink.stop();
});

async function buy(page: Page, planId: string) {
  const response = await page.request.post(`/api/v1/plans/${planId}/purchase`, { data: {}, headers: { 'idempotency-key': randomUUID() } });
  expect(response.status(), await response.text()).toBe(201);
}

test('a purchase reaches the inbox and the mailbox; the email’s link unsubscribes; preferences save', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('notify');
  // Registered through the page's own request context: the browser is signed in as the member.
  await registerThroughApi(page.request, sink, email, PASSWORD, 'Nora Notified');
  const memberId = await memberIdOf(page.request);
  const plan = await withOperator(baseURL!, async (api) => {
    const created = await createPlan(api, { name: `Notify ${runSuffix()}`, price: 1_500, durationDays: 30 });
    await fundMember(api, memberId, 5_000);
    return created;
  });

  // A newcomer's inbox starts with the important announcements running (the demo has one): marked
  // read first (mark-all-read covers them too), so the purchase is the one unread.
  expect((await page.request.post('/api/v1/notifications/read-all', { data: {} })).status()).toBeLessThan(300);
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
  await buy(page, plan.id);
  // The live stream bumps the bell (or its one-minute poll would, much later).
  await expect(page.getByRole('link', { name: 'Inbox, 1 unread' })).toBeVisible({ timeout: 15_000 });

  // The same event by email, in the member's language, with the unsubscribe link.
  const [, link] = await sink.next(email, /Membership bought[\s\S]*Stop these emails: (\S+)/, 20_000);

  await page.getByRole('link', { name: 'Inbox, 1 unread' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(page.getByText(`Membership bought: ${plan.name} for $15.00`)).toBeVisible();

  // The link works without signing in: a fresh browser context.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(link!.replace(/^https?:\/\/[^/]+/, baseURL!));
  await visitor.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(visitor.getByText('Done: you will no longer get these emails.')).toBeVisible();
  // A tampered link is refused.
  await visitor.goto(`${link!.replace(/^https?:\/\/[^/]+/, baseURL!).slice(0, -2)}xx`);
  await visitor.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(visitor.getByText('This unsubscribe link is not valid.')).toBeVisible();
  await stranger.close();

  // /profile shows the choice; turning it back on is saved.
  await page.goto('/profile');
  const bought = page.getByRole('checkbox', { name: 'Membership bought' });
  await expect(bought).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Commission pending' })).toBeChecked();
  await bought.check();
  await page.getByRole('checkbox', { name: 'A daily digest of what is unread' }).check();
  await page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Membership bought' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'A daily digest of what is unread' })).toBeChecked();

  // Bought again: in the inbox, and mailed again now that it is on.
  await buy(page, plan.id);
  await sink.next(email, /Membership bought/, 20_000);
  await page.goto('/inbox');
  await expect(page.getByText(`Membership bought: ${plan.name} for $15.00`)).toHaveCount(2);
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('All caught up.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
});
