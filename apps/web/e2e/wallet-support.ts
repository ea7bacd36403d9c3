import { randomUUID } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type Browser, type Cookie, type Page } from '@playwright/test';
import { proveSecondFactor } from './console-factor';
import { E2E_OPERATOR } from '../../../playwright.config';

/** The demo member the seed creates (apps/api/src/demo/seed.ts). */
export const DEMO_MEMBER = { email: 'demo@orchard.local', password: 'orchard-demo-2026' };

/**
 * Signs in for real through the API; the page and page.request share the session cookie. A console
 * account with an authenticator secret proves its second factor too (console-factor.ts).
 */
export async function signInAs(request: APIRequestContext, account: { email: string; password: string; totpSecret?: string }) {
  const response = await request.post('/api/v1/auth/sign-in', { data: { account: account.email, password: account.password } });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  if (account.totpSecret) await proveSecondFactor(request, account.totpSecret);
}

export async function signInMember(page: Page) {
  await signInAs(page.request, DEMO_MEMBER);
}

/**
 * The e2e operator's session, kept for the run: each code is taken once per 30 seconds, so the
 * journeys share one proved session and sign in afresh only when it ended (a journey signed out).
 */
let operatorCookies: Cookie[] | undefined;

async function provedSessionCookies(request: APIRequestContext, cookies: () => Promise<Cookie[]>): Promise<void> {
  const probe = await request.get('/api/v1/me/second-factor');
  if (probe.ok() && ((await probe.json()) as { verified: boolean }).verified) return;
  await signInAs(request, E2E_OPERATOR);
  operatorCookies = await cookies();
}

/** A second browser context signed in as the e2e operator (the console is a different person). */
export async function operatorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  if (operatorCookies) await context.addCookies(operatorCookies);
  const page = await context.newPage();
  await provedSessionCookies(page.request, () => context.cookies());
  return page;
}

/** Signs this page's context in as the e2e operator (the run's proved session, see above). */
export async function signInOperator(page: Page): Promise<void> {
  if (operatorCookies) await page.context().addCookies(operatorCookies);
  await provedSessionCookies(page.request, () => page.context().cookies());
}

export async function operatorApi(baseURL: string): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL, storageState: { cookies: operatorCookies ?? [], origins: [] } });
  await provedSessionCookies(request, async () => (await request.storageState()).cookies);
  return request;
}

/**
 * Turns two-person approval off for a test about something else (the demo sets a threshold, and then
 * every money-settings change waits for a second person); the returned function turns it back on as
 * it was. Journeys run one at a time (playwright.config.ts), so no other test sees it off.
 */
export async function approvalsOff(api: APIRequestContext): Promise<() => Promise<void>> {
  const before = (await (await api.get('/api/v1/admin/approval-settings')).json()) as {
    threshold: number | null;
    expiresAfterHours: number;
  };
  const off = await api.put('/api/v1/admin/approval-settings', { data: { threshold: null, expiresAfterHours: before.expiresAfterHours } });
  if (off.status() !== 200) throw new Error(`approvals off failed: ${off.status()} ${await off.text()}`);
  return async () => {
    await api.put('/api/v1/admin/approval-settings', {
      data: { threshold: before.threshold, expiresAfterHours: before.expiresAfterHours },
    });
  };
}

export async function availableBalance(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/v1/wallet');
  return ((await response.json()) as { available: number }).available;
}

/** An open bank-transfer order made through the API (for tests about what comes after). */
export async function createOrder(request: APIRequestContext, amount: number): Promise<{ id: string; reference: string }> {
  const response = await request.post('/api/v1/recharge/orders', {
    data: { channel: 'bank-transfer', amount },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (response.status() !== 201) throw new Error(`create order failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; reference: string };
}

export const usd = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

/** The signed-in member's id (the request context's session). */
export async function memberIdOf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/v1/me')).json()) as { id: string }).id;
}

/** Test funds for a member: an operator adjustment through the console API. */
export async function fundMember(operator: APIRequestContext, memberId: string, amount: number): Promise<void> {
  const response = await operator.post(`/api/v1/admin/members/${memberId}/adjustments`, {
    data: { direction: 'credit', amount, reason: 'Test funds' },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (response.status() !== 201) throw new Error(`funding failed: ${response.status()} ${await response.text()}`);
}

/** A German bank account for the signed-in member; it receives payouts once the server's clock has moved a day on. */
export async function addBankAccount(request: APIRequestContext, holderName: string): Promise<string> {
  const response = await request.post('/api/v1/me/bank-accounts', {
    data: { holderName, bankName: 'Commerzbank', country: 'DE', number: 'DE89370400440532013000' },
  });
  if (response.status() !== 201) throw new Error(`bank account failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
