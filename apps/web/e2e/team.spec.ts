import { randomUUID } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { createPlan, runSuffix, type PlanFixture } from './plans-support';
import { operatorApi, operatorPage, usd } from './wallet-support';

/*
 * A team as it grows: A shares their link (the QR code on /team/share reads back as that link),
 * B registers from it with the invite code already filled in, B invites C, C invites D, each buys
 * a plan, and every upline sees the purchases in their lists and totals. Then D signs up a second
 * account on their own browser under their own code: its commissions wait on review, and the
 * operator voids them from the console.
 */

const PASSWORD = 'team-journey-pass-2026';
const PRICE = 10_000;
const sink = new MailSink();
let operator: APIRequestContext;
let plan: PlanFixture;

test.beforeAll(async ({ baseURL }) => {
  await sink.start(E2E_SMTP_PORT);
  operator = await operatorApi(baseURL!);
  plan = await createPlan(operator, { name: `Team plan ${runSuffix()}`, price: PRICE, durationDays: 30 });
});
test.afterAll(async () => {
  await sink.stop();
  await operator?.dispose();
});

interface Member {
  page: Page;
  id: string;
  inviteCode: string;
  email: string;
}

async function me(request: APIRequestContext) {
  return (await (await request.get('/api/v1/me')).json()) as { id: string; inviteCode: string };
}

/** Registers through the API in a browser of its own (or the given one), optionally under an invite code. */
async function join(browser: Browser, name: string, inviteCode?: string, page?: Page): Promise<Member> {
  const own = page ?? (await (await browser.newContext()).newPage());
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  if (inviteCode) {
    const { termsVersion } = (await (await own.request.get('/api/v1/auth/options')).json()) as { termsVersion: string };
    const started = await own.request.post('/api/v1/auth/register', {
      data: { email, password: PASSWORD, displayName: name, inviteCode, acceptedTermsVersion: termsVersion },
    });
    expect(started.ok(), await started.text()).toBe(true);
    const { verificationId } = (await started.json()) as { verificationId: string };
    const [, code] = await sink.next(email, /verification code is (\d{6})/);
    expect((await own.request.post('/api/v1/auth/verify', { data: { verificationId, code } })).ok()).toBe(true);
  } else {
    await registerThroughApi(own.request, sink, email, PASSWORD, name);
  }
  const self = await me(own.request);
  return { page: own, id: self.id, inviteCode: self.inviteCode, email };
}

async function fundAndBuy(member: { page: Page; id: string }) {
  const funded = await operator.post(`/api/v1/admin/members/${member.id}/adjustments`, {
    data: { direction: 'credit', amount: PRICE, reason: 'Team journey funds' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(funded.status(), await funded.text()).toBe(201);
  const bought = await member.page.request.post(`/api/v1/plans/${plan.id}/purchase`, {
    data: {},
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(bought.status(), await bought.text()).toBe(201);
}

/** Reads the QR code in a PNG screenshot. */
function readQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

test('A shares, B joins from the link, the chain buys, and every upline sees it; a self-referral is voided', async ({ browser, baseURL }) => {
  const a = await join(browser, 'Avery');
  await fundAndBuy(a);

  // A's share page: the code, the link, and a QR code that reads back as the link.
  await a.page.goto('/team/share');
  await expect(a.page.getByRole('heading', { level: 1, name: 'Invite friends' })).toBeVisible();
  const link = `${baseURL}/register?ref=${a.inviteCode}`;
  await expect(a.page.getByRole('textbox', { name: 'Your invite code' })).toHaveValue(a.inviteCode);
  await expect(a.page.getByRole('textbox', { name: 'Your invite link' })).toHaveValue(link);
  expect(readQr(await a.page.getByRole('img', { name: 'QR code of your invite link' }).screenshot())).toBe(link);
  await expect(a.page.getByText('Level 1: 10%')).toBeVisible();

  // B opens the link on their own phone: the invite code is filled in.
  const bContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const bPage = await bContext.newPage();
  await bPage.goto(link);
  await expect(bPage.getByLabel('Invite code (optional)')).toHaveValue(a.inviteCode);
  const bEmail = uniqueEmail('blake');
  await bPage.getByLabel('Email address').fill(bEmail);
  await bPage.getByLabel('Your name').fill('Blake');
  await bPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await bPage.getByLabel('Repeat the password').fill(PASSWORD);
  await bPage.getByLabel('I accept the terms and privacy notice').check();
  await bPage.getByRole('button', { name: 'Create account' }).click();
  await expect(bPage).toHaveURL(/\/verify-code$/);
  const [, code] = await sink.next(bEmail, /verification code is (\d{6})/);
  await bPage.getByLabel('6-digit code').fill(code!);
  await bPage.getByRole('button', { name: 'Continue' }).click();
  await expect(bPage).toHaveURL(/\/home$/);
  const bSelf = await me(bPage.request);
  const b: Member = { page: bPage, id: bSelf.id, inviteCode: bSelf.inviteCode, email: bEmail };

  const c = await join(browser, 'Casey', b.inviteCode);
  const d = await join(browser, 'Devon', c.inviteCode);
  for (const member of [b, c, d]) await fundAndBuy(member);

  // A: B on level 1 by name, C and D masked on levels 2 and 3; 10 % + 5 % + 2 % of each purchase.
  await a.page.goto('/team/list');
  const levels = a.page.getByTestId('team-levels');
  await expect(levels).toContainText(`1 member · ${usd(1_000)} earned`);
  await expect(a.page.getByTestId('team-earned')).toHaveText(usd(1_000 + 500 + 200));
  const aList = a.page.getByTestId('team-members');
  await expect(aList).toContainText('Blake');
  await expect(aList).toContainText(`+${usd(1_000)} to you`);
  await expect(aList).toContainText(`Bought ${usd(PRICE)} of plans`);
  await a.page.getByRole('link', { name: /^Level 2/ }).click();
  await expect(a.page).toHaveURL(/\/team\/level_two$/);
  await expect(a.page.getByTestId('team-members')).toContainText('c•••@e2e.test');
  await expect(a.page.getByTestId('team-members')).not.toContainText('Casey');
  await expect(a.page.getByTestId('team-members')).toContainText(`+${usd(500)} to you`);
  await a.page.getByRole('link', { name: /^Level 3/ }).click();
  await expect(a.page.getByTestId('team-members')).toContainText(`+${usd(200)} to you`);
  await a.page.getByRole('link', { name: 'My commissions' }).click();
  await expect(a.page.getByTestId('my-commissions').getByRole('listitem')).toHaveCount(3);
  await expect(a.page.getByTestId('my-commissions')).toContainText('Level 3 · from d•••@e2e.test');

  // B and C see their own part of the chain.
  await b.page.goto('/team/list');
  await expect(b.page.getByTestId('team-members')).toContainText('Casey');
  await expect(b.page.getByTestId('team-earned')).toHaveText(usd(1_000 + 500));
  await c.page.goto('/team/list');
  await expect(c.page.getByTestId('team-members')).toContainText('Devon');

  // D signs up a second account on the same browser, under their own code, and buys with it.
  const second = await join(browser, 'Devon Two', d.inviteCode, d.page);
  await fundAndBuy(second);
  const devon = await browser.newContext();
  const devonPage = await devon.newPage();
  const signedIn = await devonPage.request.post('/api/v1/auth/sign-in', { data: { account: d.email, password: PASSWORD } });
  expect(signedIn.ok()).toBe(true);
  await devonPage.goto('/team/list?show=commissions');
  const held = devonPage.getByTestId('my-commissions').getByRole('listitem').first();
  await expect(held).toContainText('On review');
  await expect(held).toContainText(usd(1_000));
  await expect(devonPage.getByText('same device', { exact: false })).toHaveCount(0);

  // The operator finds it in the review queue with its signal, and voids it.
  const consolePage = await operatorPage(browser);
  await consolePage.goto('/admin/referral-reviews');
  const row = consolePage.getByRole('row', { name: /Devon Two/ });
  await expect(row).toContainText('Same device as Devon (level 1)');
  await expect(row).toContainText(usd(1_000 + 500 + 200));
  await row.getByRole('button', { name: 'Void: Devon Two' }).click();
  const sheet = consolePage.getByRole('dialog', { name: 'Void the commissions of Devon Two?' });
  await sheet.getByLabel('Reason').fill('Second account on the same phone');
  await sheet.getByRole('button', { name: 'Void commissions' }).click();
  await expect(consolePage.getByText(`Voided ${usd(1_700)} from Devon Two`)).toBeVisible();
  await expect(consolePage.getByRole('row', { name: /Devon Two/ })).toHaveCount(0);

  await devonPage.reload();
  await expect(devonPage.getByTestId('my-commissions').getByRole('listitem').first()).toContainText('Taken back');
  await devon.close();
  await bContext.close();
});
