import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { E2E_OPERATOR, E2E_SMTP_PORT } from '../../../playwright.config';
import { freshTotpCode, proveSecondFactor } from './console-factor';
import { MailSink, registerThroughApi, signInThroughForm, uniqueEmail } from './accounts-support';

/*
 * Issue 3 journeys on the built app, with real delivery: the server's outbox sends over SMTP to
 * a sink started here, and the codes and links are read from the received messages. Sends are
 * limited to one a minute per address, so each journey that sends twice uses its own member,
 * registered early (beforeAll) and used after the minute has passed.
 */
const sink = new MailSink();
const PASSWORD = 'quiet-harbor-lantern-42';
const RESET_PASSWORD = 'maple-copper-violin-77';
const resetMember = { email: uniqueEmail('reset'), registeredAt: 0 };
const linkMember = { email: uniqueEmail('link'), registeredAt: 0 };
let operatorInviteCode = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await sink.start(E2E_SMTP_PORT);
  const signedIn = await request.post('/api/v1/auth/sign-in', { data: { account: E2E_OPERATOR.email, password: E2E_OPERATOR.password } });
  expect(signedIn.ok()).toBe(true);
  operatorInviteCode = ((await signedIn.json()) as { user: { inviteCode: string } }).user.inviteCode;
  await request.post('/api/v1/auth/sign-out', { headers: { 'x-requested-with': 'fetch' } });
  resetMember.registeredAt = (await registerThroughApi(request, sink, resetMember.email, PASSWORD, 'Rosa Reset')).registeredAt;
  linkMember.registeredAt = (await registerThroughApi(request, sink, linkMember.email, PASSWORD, 'Lin Link')).registeredAt;
});

test.afterAll(async () => {
  await sink.stop();
});

/** Waits until the one-a-minute send limit of an address registered at `since` has passed. */
async function sendWindowOpen(since: number) {
  const wait = since + 61_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

const member = { email: uniqueEmail('joiner'), name: 'Jo Joiner' };

test('register through a share link, verify with the emailed code, land on /home, sign out', async ({ page }) => {
  await page.goto(`/register?ref=${operatorInviteCode}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Invite code (optional)')).toHaveValue(operatorInviteCode);

  // Client-side checks speak before anything is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email address, e.g. name@example.com.')).toBeVisible();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByText('Accept the terms and privacy notice to create an account.')).toBeVisible();

  await page.getByLabel('Email address').fill(member.email);
  await page.getByLabel('Your name').fill(member.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByText(/Password strength: (good|strong)/)).toBeVisible();
  await page.getByLabel('Repeat the password').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByLabel('I accept the terms and privacy notice').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-code$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  // The resend button waits out its cool-down, with the time shown.
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await expect(page.getByRole('timer')).toContainText(/You can ask for a new one in 0:[0-5]\d/);

  const [, code] = await sink.next(member.email, /verification code is (\d{6})/);
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText(member.name)).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  for (const name of ['My plans', 'Recharge history', 'Withdrawal history', 'Statement', 'Coupons', 'My team']) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/home');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === '/home');
});

test('a wrong password is refused beside the form; the right one goes to the page asked for', async ({ page }) => {
  await page.goto('/?redirect=%2Fprofile');
  // The format of the account is the server's to check; its message lands under the field.
  await signInThroughForm(page, 'not an account', 'whatever');
  await expect(page.getByText('Enter your email address or your phone number with its country code')).toBeVisible();
  await expect(page.getByLabel('Email or phone')).toHaveAttribute('aria-invalid', 'true');
  await signInThroughForm(page, member.email, 'not-the-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await signInThroughForm(page, member.email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(member.name)).toBeVisible();
});

test('changing the password in one browser ends the session in another', async ({ browser }) => {
  const phone = await browser.newContext();
  const laptop = await browser.newContext();
  const onPhone = await phone.newPage();
  const onLaptop = await laptop.newPage();
  for (const page of [onPhone, onLaptop]) {
    await page.goto('/');
    await signInThroughForm(page, member.email, PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
  }

  await onLaptop.goto('/profile');
  await expect(onLaptop.getByRole('button', { name: 'Sign out other devices' })).toBeVisible();
  await onLaptop.getByRole('link', { name: 'Change password' }).click();
  await expect(onLaptop.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  await onLaptop.getByLabel('Current password').fill(PASSWORD);
  await onLaptop.getByLabel('New password').fill(RESET_PASSWORD);
  await onLaptop.getByLabel('Repeat the password').fill(RESET_PASSWORD);
  await onLaptop.getByRole('button', { name: 'Change password' }).click();
  await expect(onLaptop.getByText('Your password has been changed. Your other devices have been signed out.')).toBeVisible();

  await onPhone.goto('/profile');
  await expect(onPhone).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === '/profile');
  await onLaptop.goto('/profile');
  await expect(onLaptop.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await phone.close();
  await laptop.close();
});

test('forgot → reset with the emailed code → sign in with the new password', async ({ page }) => {
  test.setTimeout(180_000);
  await sendWindowOpen(resetMember.registeredAt);
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email or phone').fill(resetMember.email);
  await page.getByRole('button', { name: 'Send reset code' }).click();

  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByLabel('Email or phone')).toHaveValue(resetMember.email);
  const [, code] = await sink.next(resetMember.email, /reset code is (\d{6})/);
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByLabel('New password').fill(RESET_PASSWORD);
  await page.getByLabel('Repeat the password').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInThroughForm(page, resetMember.email, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await signInThroughForm(page, resetMember.email, RESET_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
});

test('a sign-in link from the email signs in once; used again it says why and offers a new one', async ({ page }) => {
  test.setTimeout(180_000);
  await sendWindowOpen(linkMember.registeredAt);
  await page.goto('/');
  await page.getByLabel('Email or phone').fill(linkMember.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page).toHaveURL(/\/verify-code$/);
  await expect(page.getByText(`If an account uses ${linkMember.email}`)).toBeVisible();

  const [link] = await sink.next(linkMember.email, /http:\/\/\S+\/auto_way\?token=[\w-]+/);
  const path = new URL(link!).pathname + new URL(link!).search;
  await page.goto(path);
  await expect(page).toHaveURL(/\/home$/);

  await page.context().clearCookies();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByText(/already used/)).toBeVisible();
  // A new link is asked for right there (after the resend cool-down), and it works.
  expect((await page.request.post('/api/test/clock', { data: { advanceMs: 61_000 } })).ok()).toBe(true);
  await page.getByLabel('Email or phone').fill(linkMember.email);
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/verify-code$/);
  const [fresh] = await sink.next(linkMember.email, /http:\/\/\S+\/auto_way\?token=[\w-]+/);
  expect(fresh).not.toBe(link);
  await page.goto(new URL(fresh!).pathname + new URL(fresh!).search);
  await expect(page).toHaveURL(/\/home$/);
});

test('an operator signs in and sees the members, the outbox and the audit log', async ({ page }) => {
  await page.goto('/?redirect=%2Fadmin');
  await signInThroughForm(page, E2E_OPERATOR.email, E2E_OPERATOR.password);
  // The console asks for the second factor first: the code the operator's authenticator app shows.
  await expect(page).toHaveURL(/\/admin\/second-factor$/);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await freshTotpCode(page.request, E2E_OPERATOR.totpSecret));
  await page.getByRole('button', { name: 'Open the console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole('navigation', { name: 'Operator console' });

  await nav.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await page.getByLabel('Name, email, phone or invite code').fill(member.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === member.email);
  await page.getByRole('link', { name: member.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  await page.getByRole('button', { name: 'Issue sign-in link' }).click();
  await expect(page.getByText('Say why, in a few words.')).toBeVisible();
  await page.getByLabel('Reason').fill('E2E support ticket 42');
  await page.getByRole('button', { name: 'Issue sign-in link' }).click();
  await expect(page.getByLabel('Sign-in link')).toHaveValue(/\/auto_way\?token=/);

  await nav.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(member.email) }).first()).toBeVisible();

  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'sign_in_link.issued' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'password.changed' }).first()).toBeVisible();
});

test.describe('accessibility of the account screens (axe)', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`sign-in errors, register, profile and console in ${mode}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
      const check = async () => {
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        expect(
          serious.map((violation) => `${page.url()} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      };
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('Enter your email address or phone number.')).toBeVisible();
      await check();
      await page.goto('/register');
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
      await check();
      await page.goto('/?redirect=%2Fprofile');
      await signInThroughForm(page, E2E_OPERATOR.email, E2E_OPERATOR.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await check();
      await page.goto('/user/password');
      await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
      await check();
      // The console asks for the second factor first: that page is checked too.
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
      await check();
      await proveSecondFactor(page.request, E2E_OPERATOR.totpSecret);
      for (const path of ['/admin/members', '/admin/outbox', '/admin/audit']) {
        await page.goto(path);
        await expect(page.getByRole('table')).toBeVisible();
        await check();
      }
    });
  }
});
