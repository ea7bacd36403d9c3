import { expect, test } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, signInThroughForm, uniqueEmail } from './accounts-support';
import { DEMO_MEMBER, signInAs, signInMember } from './wallet-support';

/*
 * "Close my account" (docs/decisions/0035): the demo member, with money in the wallet, is told what
 * keeps the account open; a new member invited by them closes theirs with the password and CLOSE,
 * is signed out, cannot sign in with the old address (it answers like an unknown account), and the
 * demo member's team shows a former member.
 */
const sink = new MailSink();
const PASSWORD = 'leaving-orchard-2026';

test.beforeAll(async () => {
  await sink.start(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink.stop();
});

test('money in the wallet keeps an account open, and the page says so', async ({ page }) => {
  await signInMember(page);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Close my account' }).click();
  await expect(page.getByRole('heading', { name: 'Close my account', level: 1 })).toBeVisible();
  await expect(page.getByText('Your account cannot be closed yet:')).toBeVisible();
  await expect(page.getByText('Your balance is not zero: withdraw it first.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Withdraw my balance' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close my account for good' })).toHaveCount(0);
});

test('a member closes their account: signed out, the address unknown, a former member in the team', async ({ page, browser }) => {
  // The demo member's invite code places the new member in their team.
  const demo = await browser.newContext();
  await signInAs(demo.request, DEMO_MEMBER);
  const { inviteCode } = (await (await demo.request.get('/api/v1/me')).json()) as { inviteCode: string };
  const email = uniqueEmail('leaving');
  const { termsVersion } = (await (await page.request.get('/api/v1/auth/options')).json()) as { termsVersion: string };
  const started = await page.request.post('/api/v1/auth/register', {
    data: { email, password: PASSWORD, displayName: 'Lena Leaving', inviteCode, acceptedTermsVersion: termsVersion },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { verificationId } = (await started.json()) as { verificationId: string };
  const [, code] = await sink.next(email, /verification code is (\d{6})/);
  expect((await page.request.post('/api/v1/auth/verify', { data: { verificationId, code } })).ok()).toBe(true);

  await page.goto('/profile');
  await page.getByRole('link', { name: 'Close my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your account can be closed' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Close my account for good' });
  await page.getByLabel('Your password').fill('not-my-password');
  await page.getByLabel('Type CLOSE to confirm').fill('CLOSE');
  await submit.click();
  await expect(page.getByText('That password is wrong.')).toBeVisible();
  await page.getByLabel('Your password').fill(PASSWORD);
  await submit.click();
  await expect(page.getByText('Your account is closed. Goodbye.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The old address signs in like one nobody has.
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByText('The account or password is not right.')).toBeVisible();
  expect((await page.request.get('/api/v1/me')).status()).toBe(401);

  // The team above sees a former member, never the name.
  const team = await demo.newPage();
  await team.goto('/team/list');
  await expect(team.getByText('Former member').first()).toBeVisible();
  await expect(team.getByText('Lena Leaving')).toHaveCount(0);
  await demo.close();
});
