import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOrder, operatorApi, signInMember, usd } from './wallet-support';
import { withoutShellAnswers } from './support';

/** What a new member meets around their first recharge (issue 10): home, the order page, the statement. */

/** Open orders are capped per member: each test closes what it left open. */
async function cancelOrder(request: APIRequestContext, id: string) {
  expect((await request.post(`/api/v1/recharge/orders/${id}/cancel`, { data: {} })).status()).toBe(200);
}

async function submitPayment(request: APIRequestContext, id: string, payerReference: string) {
  const response = await request.post(`/api/v1/recharge/orders/${id}/submit`, { data: { payerReference } });
  expect(response.status()).toBe(200);
}

test.describe('a newcomer around the first recharge', () => {
  test('home shows recharges in progress with their state and a link to each, so nobody pays twice', async ({ page }) => {
    await signInMember(page);
    const submitted = await createOrder(page.request, 2_300);
    await submitPayment(page.request, submitted.id, 'BANK-HOME-1');
    const open = await createOrder(page.request, 1_200);

    await page.goto('/home');
    const inProgress = page.getByRole('region', { name: 'Recharges in progress' });
    const submittedRow = inProgress.getByRole('link', { name: `$23.00 · ${submitted.reference} · Submitted` });
    const openRow = inProgress.getByRole('link', { name: `$12.00 · ${open.reference} · Awaiting payment` });
    await expect(submittedRow).toBeVisible();
    await expect(openRow).toBeVisible();
    // The pill is amber with an icon and a word, never colour alone.
    const pill = submittedRow.locator('[data-status="submitted"]');
    await expect(pill).toHaveText('Submitted');
    await expect(pill.locator('svg')).toHaveCount(1);
    await expect(pill).toHaveClass(/amber/);
    await expect(page.getByRole('region', { name: 'Available balance' })).toContainText(/Being checked: \$\d/);

    await submittedRow.click();
    await expect(page).toHaveURL(new RegExp(`/recharge/confirm/${submitted.id}$`));
    await expect(page.getByRole('heading', { name: 'Payment sent for review' })).toBeVisible();
    await cancelOrder(page.request, open.id);
  });

  test('the order page follows the order: memo hint only while a transfer is due, bank details copied one by one', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInMember(page);
    const order = await createOrder(page.request, 3_450);
    await page.goto(`/recharge/confirm/${order.id}`);

    const howToPay = page.getByRole('region', { name: 'How to pay' });
    // The figure once, every decimal written, its currency in the label (not "34.5" over "$34.50").
    await expect(howToPay.getByRole('textbox', { name: 'Exact amount to send (USD)', exact: true })).toHaveValue('34.50');
    await expect(howToPay).not.toContainText(usd(3_450));
    await expect(howToPay.getByRole('textbox', { name: 'Account holder' })).toHaveValue('Orchard Demo Ltd');
    await expect(howToPay.getByRole('textbox', { name: 'IBAN' })).toHaveValue('GB00 DEMO 0000 0000 0000 00');
    await expect(howToPay.getByRole('textbox', { name: 'BIC' })).toHaveValue('DEMOGB00');
    await howToPay.getByRole('button', { name: 'Copy IBAN' }).click();
    await expect(page.getByText('IBAN copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('GB00 DEMO 0000 0000 0000 00');
    await page.getByRole('button', { name: 'Copy Reference' }).click();
    await expect(page.getByText('Reference copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.reference);
    await expect(page.getByText('Write this in the payment memo so we can find your payment.')).toBeVisible();

    await page.getByLabel('Your bank’s transaction reference').fill('BANK-TX-9001');
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByRole('heading', { name: 'Payment sent for review' })).toBeVisible();
    // Submitted: nothing left to write in a memo, and no bank details inviting a second transfer.
    await expect(page.getByText('Write this in the payment memo so we can find your payment.')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'How to pay' })).toHaveCount(0);
    await expect(page.getByText('Quote this reference if you contact support about this order.')).toBeVisible();
  });

  test('a card order says its gateway sentence once, asks for no memo and shows members no internal channel name', async ({ page }) => {
    await signInMember(page);
    const response = await page.request.post('/api/v1/recharge/orders', {
      data: { channel: 'demo-gateway', amount: 1_000 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.status()).toBe(201);
    const order = (await response.json()) as { id: string };
    await page.goto(`/recharge/confirm/${order.id}`);

    const howToPay = page.getByRole('region', { name: 'How to pay' });
    await expect(howToPay.getByRole('link', { name: 'Open the payment page' })).toBeVisible();
    await expect(howToPay.getByText(/credited as soon as/)).toHaveCount(1);
    await expect(page.getByText('Write this in the payment memo so we can find your payment.')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Amount' })).toContainText('Card payment');
    await expect(page.getByText(/demo gateway/i)).toHaveCount(0);
    await cancelOrder(page.request, order.id);
  });

  test('statement rows say what they are once, and an empty statement shows no filters', async ({ page, baseURL }) => {
    await signInMember(page);
    const order = await createOrder(page.request, 1_000);
    await submitPayment(page.request, order.id, 'BANK-STATEMENT-1');
    const operator = await operatorApi(baseURL!);
    const credited = await operator.post(`/api/v1/admin/recharge/orders/${order.id}/credit`, {
      data: {},
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(credited.status()).toBe(200);
    await operator.dispose();

    await page.goto('/trx/log');
    const row = page.getByRole('listitem').filter({ hasText: order.reference });
    await expect(row).toBeVisible();
    // A title, then one line with when and the detail: not "Recharge / Recharge ABC via …".
    await expect(row.getByText('Recharge', { exact: true })).toBeVisible();
    const detail = row.getByText(`${order.reference} via Bank transfer`, { exact: true });
    await expect(detail).toBeVisible();
    expect(await row.textContent()).not.toContain(`Recharge ${order.reference}`);
    // When and what on one line under the title.
    const [when, what] = [await row.locator('time').first().boundingBox(), await detail.boundingBox()];
    expect(Math.abs(when!.y + when!.height / 2 - (what!.y + what!.height / 2))).toBeLessThan(4);
    await expect(page.getByRole('search', { name: 'Filters' })).toBeVisible();

    // A member with no entries at all: nothing to filter, so no filters.
    await withoutShellAnswers(page);
    await page.route('**/api/v1/wallet/events?*', (route) => route.fulfill({ json: { items: [], nextCursor: null } }));
    await page.goto('/trx/log');
    await expect(page.getByText('No transactions yet', { exact: true })).toBeVisible();
    await expect(page.getByRole('search', { name: 'Filters' })).toHaveCount(0);
    await expect(page.getByLabel('Type')).toHaveCount(0);
  });

  test('home → Invite shows the invite code and link, each with a copy button, instead of a dead end', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInMember(page);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { inviteCode: string };
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Invite' }).click();
    const sheet = page.getByRole('dialog', { name: 'Invite a friend' });
    await expect(sheet.getByRole('textbox', { name: 'Your invite code' })).toHaveValue(me.inviteCode);
    const link = sheet.getByRole('textbox', { name: 'Sign-up link' });
    await expect(link).toHaveValue(new RegExp(`/register\\?ref=${me.inviteCode}$`));
    await sheet.getByRole('button', { name: 'Copy Sign-up link' }).click();
    await expect(page.getByText('Sign-up link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await sheet.getByRole('button', { name: 'Done' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
  });
});

/*
 * The bank country picker in the member's language (Intl.DisplayNames): a Spanish browser lists
 * "Alemania", never a typed name that could become another country's code; a whole IBAN picks its
 * country, a country other than the IBAN's is refused before anything is sent, and a holder name
 * other than the member's warns without blocking. Nothing is submitted: the demo data stays as it is.
 */
test.describe('the bank account form in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('countries by their Spanish names, the IBAN’s country derived and checked, another holder warned', async ({ page }) => {
    await signInMember(page);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { displayName: string; language: string | null };
    expect(me.language ?? 'es').toBe('es');
    await page.goto('/withdraw/bank');
    await page.getByRole('button', { name: 'Añadir cuenta bancaria' }).first().click();
    const country = page.getByRole('combobox', { name: 'País' });
    await expect(country.getByRole('option', { name: 'Alemania', exact: true })).toHaveCount(1);
    await expect(country.getByRole('option', { name: 'Georgia', exact: true })).toHaveCount(1);
    await expect(country.getByRole('option', { name: 'Germany', exact: true })).toHaveCount(0);
    await expect(country).toHaveAccessibleDescription('Dónde está el banco. Un IBAN lo elige por ti.');

    await page.getByLabel('Titular de la cuenta').fill('Walter White');
    await page.getByLabel('Banco', { exact: true }).fill('Commerzbank');
    await expect(page.getByText(`No es el nombre de tu perfil (${me.displayName}).`, { exact: false })).toBeVisible();
    await page.getByLabel('Titular de la cuenta').fill(me.displayName.toUpperCase());
    await page.getByLabel('Banco', { exact: true }).click();
    await expect(page.getByText('No es el nombre de tu perfil', { exact: false })).toHaveCount(0);

    await country.selectOption({ label: 'Georgia' });
    await page.getByLabel('IBAN o número de cuenta').fill('DE89 3704 0044 0532 0130 00');
    await expect(country).toHaveValue('DE');
    await expect(country).toHaveAccessibleDescription('Según el IBAN: Alemania.');
    await country.selectOption({ label: 'Francia' });
    let sent = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/me/bank-accounts')) sent = true;
    });
    await page.getByRole('button', { name: 'Añadir cuenta', exact: true }).click();
    await expect(page.getByText('Este IBAN es de Alemania: elige Alemania o revisa el número.')).toBeVisible();
    await expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(false);
  });
});

test.describe('statement titles on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });

  test('a title is never cut, in the longer Spanish words', async ({ page }) => {
    await signInMember(page);
    await page.goto('/trx/log');
    const titles = page.locator('[data-statement-title]');
    await expect(titles.first()).toBeVisible();
    // The demo member's withdrawals are one line each, named whole.
    await expect(titles.filter({ hasText: 'Retiro' }).first()).toBeVisible();
    const cut = await titles.evaluateAll((elements) =>
      elements.filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent),
    );
    expect(cut).toEqual([]);
  });
});
