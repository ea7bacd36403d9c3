import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { addBankAccount, fundMember, memberIdOf, operatorApi, usd } from './wallet-support';

/*
 * Passkeys with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a member adds
 * one on /profile after entering the password, signs out and back in with it on /, confirms a
 * withdrawal with it instead of the password, and removes it. A passkey belongs to a domain, not
 * an IP address, so this journey runs at http://localhost (the server's relying party for a
 * 127.0.0.1 address).
 */

const PORT = Number(process.env.E2E_PORT ?? 3210);
test.use({ baseURL: `http://localhost:${PORT}` });

const PASSWORD = 'passkey-pass-2026';
const sink = new MailSink();
let operator: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  await sink.start(E2E_SMTP_PORT);
  operator = await operatorApi(baseURL!);
});
test.afterAll(async () => {
  await sink.stop();
  await operator?.dispose();
});

test('a member adds a passkey, signs in with it, confirms a withdrawal with it and removes it', async ({ page, context, request }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const email = uniqueEmail('passkey');
  await registerThroughApi(page.request, sink, email, PASSWORD, 'Pia Passkey');
  const memberId = await memberIdOf(page.request);

  // Add one: the password first, then the device.
  await page.goto('/profile');
  await expect(page.getByText('No passkey yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added. Use it next time you sign in.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Passkey');

  // Sign out, and back in with the passkey: no password typed.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`http://localhost:${PORT}/`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // A withdrawal confirmed with the passkey.
  await fundMember(operator, memberId, 20_000);
  await addBankAccount(page.request, 'Pia Passkey');
  expect((await request.post('/api/test/clock', { data: { advanceMs: 25 * 3_600_000 } })).ok()).toBe(true);
  await page.goto('/withdraw');
  await page.getByLabel('Amount', { exact: true }).fill('50.00');
  await expect(page.getByText('You will receive')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm your withdrawal' });
  await sheet.getByRole('button', { name: 'Confirm with a passkey instead' }).click();
  await expect(page).toHaveURL(/\/withdraw\/log$/);
  await expect(page.getByText('Pending')).toBeVisible();
  expect(await (await page.request.get('/api/v1/wallet')).json()).toMatchObject({ onHold: 5_000 });
  await expect(page.getByText(usd(5_000)).first()).toBeVisible();

  // Remove it: the next passkey sign-in finds nothing to use.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Remove passkey Passkey' }).click();
  await expect(page.getByText('Passkey removed.')).toBeVisible();
  await expect(page.getByText('No passkey yet.')).toBeVisible();
});
