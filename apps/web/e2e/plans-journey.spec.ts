import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, uniqueEmail } from './accounts-support';
import { approvalsOff, operatorApi, operatorPage, signInAs, usd } from './wallet-support';

/*
 * The whole referral money path as four people and an operator live it: A invites B (B signs up
 * through A's link), B invites C, C invites D; D buys a plan with a coupon; C, B and A see their
 * pending commissions; after the holding period (the server's test clock moves a day on) they are
 * in their wallets; the operator refunds D's purchase with the override and everything reverses:
 * D has the money back, each upline's commission is taken back, and the ledger still verifies.
 */

const PASSWORD = 'journey-pass-2026';
const sink = new MailSink();
const suffix = Date.now().toString(36).toUpperCase().slice(-6);
const PRICE = 5_000;
const COUPON = `JOURNEY${suffix}`;

interface Person {
  name: string;
  email: string;
  id: string;
  inviteCode: string;
}
const people: Record<'a' | 'b' | 'c' | 'd', Person> = {
  a: { name: `Ada ${suffix}`, email: uniqueEmail('journey-a'), id: '', inviteCode: '' },
  b: { name: `Ben ${suffix}`, email: uniqueEmail('journey-b'), id: '', inviteCode: '' },
  c: { name: `Cleo ${suffix}`, email: uniqueEmail('journey-c'), id: '', inviteCode: '' },
  d: { name: `Dev ${suffix}`, email: uniqueEmail('journey-d'), id: '', inviteCode: '' },
};
let planId = '';
let operator: APIRequestContext;
let settingsBefore: Record<string, unknown> | undefined;
let approvalsBack: (() => Promise<void>) | undefined;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

async function registerWithInvite(request: APIRequestContext, person: Person, inviteCode: string) {
  const { termsVersion } = await ok<{ termsVersion: string }>(await request.get('/api/v1/auth/options'));
  const { verificationId } = await ok<{ verificationId: string }>(
    await request.post('/api/v1/auth/register', {
      data: { email: person.email, password: PASSWORD, displayName: person.name, inviteCode, acceptedTermsVersion: termsVersion },
    }),
  );
  const [, code] = await sink.next(person.email, /verification code is (\d{6})/);
  await ok(await request.post('/api/v1/auth/verify', { data: { verificationId, code } }));
}

async function whoIs(request: APIRequestContext, person: Person) {
  const me = await ok<{ id: string; inviteCode: string }>(await request.get('/api/v1/me'));
  person.id = me.id;
  person.inviteCode = me.inviteCode;
}

async function fund(person: Person, amount: number) {
  await ok(
    await operator.post(`/api/v1/admin/members/${person.id}/adjustments`, {
      data: { direction: 'credit', amount, reason: 'Funds for the referral journey' },
      headers: { 'idempotency-key': randomUUID() },
    }),
  );
}

async function pageAs(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page.request, { email: person.email, password: PASSWORD });
  return page;
}

/** The commissions card of /home, read as text once it shows the wanted figures. */
async function expectCommissions(page: Page, pending: number, released: number) {
  await expect(async () => {
    await page.goto('/home');
    const card = page.getByRole('region', { name: 'Commissions' });
    await expect(card).toContainText(`Pending${usd(pending)}`, { timeout: 2_000 });
    await expect(card).toContainText(`Added to your balance${usd(released)}`, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL, request }) => {
  await sink.start(E2E_SMTP_PORT);
  operator = await operatorApi(baseURL!);
  settingsBefore = await ok<Record<string, unknown>>(await operator.get('/api/v1/admin/referral-settings'));
  // One day pending, the default rates and cap, uplines paid only with an active plan: set at once,
  // not sent to a second person as the demo's approval threshold would (back on after the journey).
  approvalsBack = await approvalsOff(operator);
  const set = await operator.put('/api/v1/admin/referral-settings', {
    data: { level1Bp: 1000, level2Bp: 500, level3Bp: 200, capBp: 3000, requireActivePlan: true, holdDays: 1, refundWindowDays: 7 },
  });
  expect(set.status(), await set.text()).toBe(200);
  planId = (
    await ok<{ id: string }>(
      await operator.post('/api/v1/admin/plans', {
        data: { name: `Journey ${suffix}`, price: PRICE, durationDays: 30, benefits: ['Member events'] },
      }),
    )
  ).id;
  await ok(await operator.post('/api/v1/admin/coupons', { data: { code: COUPON, kind: 'percent_off', value: 10 } }));
  // A joins without an invite.
  const { termsVersion } = await ok<{ termsVersion: string }>(await request.get('/api/v1/auth/options'));
  const { verificationId } = await ok<{ verificationId: string }>(
    await request.post('/api/v1/auth/register', {
      data: { email: people.a.email, password: PASSWORD, displayName: people.a.name, acceptedTermsVersion: termsVersion },
    }),
  );
  const [, code] = await sink.next(people.a.email, /verification code is (\d{6})/);
  await ok(await request.post('/api/v1/auth/verify', { data: { verificationId, code } }));
  await whoIs(request, people.a);
});

test.afterAll(async () => {
  await sink.stop();
  if (settingsBefore) {
    const { updatedAt: _updatedAt, ...settings } = settingsBefore;
    await operator.put('/api/v1/admin/referral-settings', { data: settings });
  }
  await approvalsBack?.();
  await operator.dispose();
});

test('A invites B through the share link; B invites C, C invites D', async ({ page, playwright, baseURL }) => {
  await page.goto(`/register?ref=${people.a.inviteCode}`);
  await expect(page.getByLabel('Invite code (optional)')).toHaveValue(people.a.inviteCode);
  await page.getByLabel('Email address').fill(people.b.email);
  await page.getByLabel('Your name').fill(people.b.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByLabel('I accept the terms and privacy notice').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-code$/);
  const [, code] = await sink.next(people.b.email, /verification code is (\d{6})/);
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await whoIs(page.request, people.b);

  for (const [person, upline] of [
    [people.c, people.b],
    [people.d, people.c],
  ] as const) {
    const request = await playwright.request.newContext({ baseURL });
    await registerWithInvite(request, person, upline.inviteCode);
    await whoIs(request, person);
    await request.dispose();
  }
});

test('D buys with a coupon; C, B and A see their pending commissions, then available after the holding period', async ({
  browser,
  request,
}) => {
  // A, B and C hold the plan themselves (commissions go only to uplines with an active plan).
  for (const person of [people.a, people.b, people.c]) {
    await fund(person, PRICE);
    const buyer = await pageAs(browser, person);
    await ok(await buyer.request.post(`/api/v1/plans/${planId}/purchase`, { data: {}, headers: { 'idempotency-key': randomUUID() } }));
    await buyer.context().close();
  }
  await fund(people.d, PRICE - 500);

  const d = await pageAs(browser, people.d);
  await d.goto(`/plan/${planId}`);
  await d.getByLabel('Coupon code').fill(COUPON);
  await d.getByRole('button', { name: 'Apply' }).click();
  const price = d.getByRole('region', { name: 'Your price' });
  await expect(price).toContainText(`To pay${usd(4_500)}`);
  await d.getByRole('button', { name: `Buy for ${usd(4_500)}` }).click();
  await d
    .getByRole('dialog')
    .getByRole('button', { name: `Pay ${usd(4_500)}` })
    .click();
  await expect(d.getByRole('status').filter({ hasText: 'Your plan is active' })).toContainText(`You paid ${usd(4_500)}.`);

  // 10 % / 5 % / 2 % of the 45.00 paid by D, on top of what B's and C's own purchases brought.
  const c = await pageAs(browser, people.c);
  const b = await pageAs(browser, people.b);
  const a = await pageAs(browser, people.a);
  await expectCommissions(c, 450, 0);
  await expectCommissions(b, 225 + 500, 0);
  await expectCommissions(a, 90 + 250 + 500, 0);

  // A day and a minute later the release job has moved them into the wallets.
  await ok(await request.post('/api/test/clock', { data: { advanceMs: 86_400_000 + 60_000 } }));
  await expectCommissions(c, 0, 450);
  await expectCommissions(b, 0, 725);
  await expectCommissions(a, 0, 840);
  await expect(c.getByRole('region', { name: 'Available balance' })).toContainText(usd(450));
  for (const page of [a, b, c, d]) await page.context().close();
});

test('the operator refunds D with the override; D has the money back and each commission is taken back', async ({ browser }) => {
  const console = await operatorPage(browser);
  await console.goto(`/admin/purchases?member=${people.d.id}`);
  const row = console
    .getByRole('table', { name: 'Plan purchases, newest first' })
    .getByRole('row', { name: new RegExp(`Journey ${suffix}`) });
  await expect(row).toContainText(usd(4_500));
  await row.getByRole('button', { name: /^Refund/ }).click();
  const sheet = console.getByRole('dialog', { name: `Refund ${usd(4_500)} to ${people.d.name}?` });
  await sheet.getByLabel('Reason').fill('Journey: the member changed their mind');
  // Released commissions: the plain refund is refused and the sheet asks for the override.
  await sheet.getByRole('button', { name: `Refund ${usd(4_500)}` }).click();
  await sheet.getByLabel('Refund anyway and take released commissions back').check();
  await sheet.getByRole('button', { name: `Refund ${usd(4_500)}` }).click();
  await expect(console.getByText(`Refunded ${usd(4_500)} to ${people.d.name}.`)).toBeVisible();
  await expect(row).toContainText('Refunded');

  const d = await pageAs(browser, people.d);
  await d.goto('/home');
  await expect(d.getByRole('region', { name: 'Available balance' })).toContainText(usd(4_500));
  await d.goto('/plan/log');
  await expect(d.getByRole('article', { name: `Journey ${suffix}` }).first()).toContainText('Refunded');

  // What each upline got from D comes back out of their wallet (they all had it to give back).
  const expected: [Person, number, number][] = [
    [people.c, 0, 0],
    [people.b, 500, 500],
    [people.a, 750, 750],
  ];
  for (const [person, released, available] of expected) {
    const page = await pageAs(browser, person);
    if (released > 0) await expectCommissions(page, 0, released);
    else {
      // Nothing pending, released or owed: home shows no commissions card at all.
      await page.goto('/home');
      await expect(page.getByRole('region', { name: 'Commissions' })).toHaveCount(0);
    }
    await expect(page.getByRole('region', { name: 'Available balance' })).toContainText(usd(available));
    await page.context().close();
  }

  const report = await ok<{ ok: boolean }>(await console.request.get('/api/v1/admin/ledger/report'));
  expect(report.ok).toBe(true);
  await console.context().close();
});
