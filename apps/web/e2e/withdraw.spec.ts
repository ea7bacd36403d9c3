import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { approvalsOff, operatorApi, operatorPage, usd } from './wallet-support';

/*
 * A withdrawal as a member lives it: add a bank account (it cools down first: the server's test
 * clock moves a day on), ask for a payout and confirm it with the password — the fee changes
 * between the quote and the confirm, so the sheet shows the new quote to confirm again —, see the
 * amount on hold on /home. The operator reveals the bank details (the withdrawal is then on its way:
 * the member sees it processing and can no longer cancel it), puts it back in the queue with a
 * reason, makes the payout file for the bank (downloaded, and listed to download again), and
 * settles it by importing the bank's result file, which names the payout file it answers; the
 * member sees it paid with the bank's reference.
 */

const PASSWORD = 'withdraw-pass-2026';
const sink = new MailSink();
const email = uniqueEmail('withdraw');
let operator: APIRequestContext;
let memberId = '';

test.beforeAll(async ({ baseURL }) => {
  await sink.start(E2E_SMTP_PORT);
  operator = await operatorApi(baseURL!);
});
test.afterAll(async () => {
  await sink.stop();
  await operator?.dispose();
});

test('a member adds a bank account, withdraws with the password, and sees the payout paid', async ({ page, request, browser }) => {
  // A long journey (member, console, member again) on a machine that may be busy.
  test.setTimeout(120_000);
  await registerThroughApi(page.request, sink, email, PASSWORD, 'Wanda Withdraw');
  memberId = ((await (await page.request.get('/api/v1/me')).json()) as { id: string }).id;
  const funded = await operator.post(`/api/v1/admin/members/${memberId}/adjustments`, {
    data: { direction: 'credit', amount: 20_000, reason: 'Test funds' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(funded.status(), await funded.text()).toBe(201);

  // No account yet: the page says what to do first.
  await page.goto('/withdraw');
  await expect(page.getByText('Add a bank account first')).toBeVisible();
  await page.getByRole('link', { name: 'Add a bank account' }).click();
  await expect(page).toHaveURL(/\/withdraw\/bank$/);
  await page.getByRole('button', { name: 'Add a bank account' }).click();
  // Someone else's name warns, and does not stop the form.
  await page.getByLabel('Account holder').fill('Walter White');
  await page.getByLabel('Bank', { exact: true }).fill('Commerzbank');
  await expect(page.getByText(/This is not the name on your profile \(Wanda Withdraw\)/)).toBeVisible();
  await page.getByLabel('Account holder').fill('Wanda Withdraw');
  await page.getByLabel('Bank', { exact: true }).click();
  await expect(page.getByText(/This is not the name on your profile/)).toHaveCount(0);
  // The country is picked by name; a whole IBAN picks it, and another country than the IBAN's is refused.
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.selectOption({ label: 'Georgia' });
  await page.getByLabel('IBAN or account number').fill('DE89 3704 0044 0532 0130 00');
  await expect(country).toHaveValue('DE');
  await expect(page.getByText('From the IBAN: Germany.')).toBeVisible();
  await country.selectOption({ label: 'France' });
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('This IBAN is from Germany: choose Germany, or check the number.')).toBeVisible();
  await country.selectOption({ label: 'Germany' });
  await page.getByLabel('IBAN or account number').fill('DE89 3704 0044 0532 0130 01');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('This IBAN is not valid: check it for a typo.')).toBeVisible();
  await page.getByLabel('IBAN or account number').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('•••• 3000')).toBeVisible();
  await expect(page.getByText('Commerzbank · Germany · •••• 3000')).toBeVisible();
  await expect(page.getByText(/Receives payouts from/)).toBeVisible();
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('Label (optional)').fill('Salary');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('listitem').first()).toContainText('Salary');

  // While it cools down, the page says until when right at the button, which waits.
  await page.goto('/withdraw');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expect(continueButton).toHaveAccessibleDescription(/^You can withdraw to this account from /);

  // A day later the account is ready.
  expect((await request.post('/api/test/clock', { data: { advanceMs: 25 * 3_600_000 } })).ok()).toBe(true);
  await page.goto('/withdraw');
  await expect(continueButton).toBeEnabled();
  await page.getByLabel('Amount', { exact: true }).fill('50.00');
  await expect(page.getByText('You will receive')).toBeVisible();
  await expect(page.getByText(usd(4_850), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm your withdrawal' });
  await expect(sheet).toContainText(usd(4_850));
  await expect(sheet).toContainText('Salary •••• 3000');
  // The payout time is the operator's setting (Payouts → Settings), the same figure as the help pages.
  await expect(sheet).toContainText('usually within 2 business days');
  await sheet.getByLabel('Your password').fill('not-my-password');
  await sheet.getByRole('button', { name: `Withdraw ${usd(5_000)}` }).click();
  await expect(sheet.getByText('That password is wrong.')).toBeVisible();
  // The operator raises the fixed fee meanwhile: the confirm is refused and the sheet shows the new quote.
  // The demo's approval threshold would send the change to a second person: off for this change.
  const approvalsBack = await approvalsOff(operator);
  const settings = (await (await operator.get('/api/v1/admin/withdrawal-settings')).json()) as Record<string, unknown>;
  const raised = await operator.put('/api/v1/admin/withdrawal-settings', { data: { ...settings, feeFixed: 200 } });
  expect(raised.status(), await raised.text()).toBe(200);
  try {
    await sheet.getByLabel('Your password').fill(PASSWORD);
    await sheet.getByRole('button', { name: `Withdraw ${usd(5_000)}` }).click();
    await expect(sheet.getByRole('alert')).toContainText(`it is now ${usd(250)}, so you would receive ${usd(4_750)}`);
    await expect(sheet).toContainText(usd(4_750));
    await sheet.getByRole('button', { name: `Withdraw ${usd(5_000)}` }).click();
    await expect(page).toHaveURL(/\/withdraw\/log$/);
  } finally {
    await operator.put('/api/v1/admin/withdrawal-settings', { data: settings });
    await approvalsBack();
  }
  await expect(page.getByText('Pending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

  await page.goto('/home');
  await expect(page.getByText(`On hold: ${usd(5_000)}`)).toBeVisible();

  // The operator looks up the bank details to pay by hand (audited): the withdrawal is on its way.
  const desk = await operatorPage(browser);
  await desk.goto('/admin/payouts');
  await desk.getByRole('button', { name: 'Bank details: Wanda Withdraw' }).click();
  await expect(desk.getByRole('dialog')).toContainText('DE89370400440532013000');
  await desk.getByRole('button', { name: 'Close' }).click();
  const row = desk.getByRole('row').filter({ hasText: 'Wanda Withdraw' });
  await expect(row).toContainText('Processing');
  await expect(row).toContainText('Details revealed by');

  // The member sees it on its way, with no cancel.
  await page.goto('/withdraw/log');
  await expect(page.getByText('Processing — on its way to your bank')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // It was not paid after all: back in the queue, on purpose, with a reason.
  await row.getByRole('button', { name: 'Back to queue: Wanda Withdraw' }).click();
  const requeue = desk.getByRole('dialog');
  await requeue.getByRole('button', { name: 'Back to the queue' }).click();
  await expect(requeue.getByText('Say why it goes back to the queue.')).toBeVisible();
  await requeue.getByLabel('Why it goes back').fill('Opened by mistake, nothing was sent');
  await requeue.getByRole('button', { name: 'Back to the queue' }).click();
  await expect(row).toContainText('Waiting');

  // The payout file for the bank: confirmed, made, downloaded; listed to download again.
  await desk.getByRole('button', { name: 'Payout file for the bank' }).click();
  const downloading = desk.waitForEvent('download');
  await desk.getByRole('dialog').getByRole('button', { name: 'Make and download the file' }).click();
  const csv = await (await downloading).createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  const mine = ((await (await page.request.get('/api/v1/withdrawals')).json()) as { items: { id: string }[] }).items[0]!;
  expect(csv).toContain(`${mine.id},Wanda Withdraw,Wanda Withdraw,Commerzbank,DE,DE89370400440532013000,47.50,USD,`);
  await expect(row).toContainText('In a payout file');
  await expect(
    desk
      .getByRole('table', { name: 'Payout files' })
      .getByRole('link', { name: /Download the payout file of/ })
      .first(),
  ).toBeVisible();

  // The bank paid it: its result file goes in through the import, checked first, then applied.
  await desk.getByRole('button', { name: 'Import bank results' }).click();
  await desk.getByLabel('Result file (CSV)').setInputFiles({
    name: 'bank-results.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`withdrawal_id,outcome,reference\r\n${mine.id},paid,E2E-PAYOUT-1\r\n`),
  });
  await desk.getByRole('button', { name: 'Check the file' }).click();
  await expect(desk.getByText('Will be marked paid')).toBeVisible();
  await expect(desk.getByText(/Answers the payout file of .*: 1 of its \d+ rows\./)).toBeVisible();
  await desk.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(desk.getByText('Marked paid', { exact: true })).toBeVisible();
  await desk.context().close();

  await page.goto('/withdraw/log');
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText('Payout reference: E2E-PAYOUT-1')).toBeVisible();
  // The statement: the hold and the payout are one line, the withdrawal, in its state, out of
  // the wallet once; tapped, it tells the whole story with the ledger entries behind it.
  await page.goto('/trx/log');
  const lines = page.locator(`[data-event="withdrawal:${mine.id}"]`);
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText('Withdrawal');
  await expect(lines.locator('[data-status="paid"]')).toHaveText('Paid');
  await expect(lines).toContainText('−$50.00');
  await expect(page.getByText('+$50.00')).toHaveCount(0);
  await lines.click();
  const detail = page.getByRole('dialog', { name: 'Withdrawal' });
  await expect(detail.getByText('E2E-PAYOUT-1')).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  for (const state of ['requested', 'processing', 'paid'])
    await expect(detail.locator(`ol [data-status="${state}"]`).first()).toBeVisible();
  const entries = detail.locator('section', { has: page.getByRole('heading', { name: 'Ledger entries' }) });
  // The hold (out of available, onto on hold) and the payout (off on hold), each account named.
  await expect(entries.getByRole('listitem')).toHaveCount(3);
  await expect(entries.getByText('Withdrawal requested', { exact: true })).toHaveCount(2);
  await expect(entries.getByRole('listitem').filter({ hasText: 'Withdrawal paid' })).toContainText('On hold');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toHaveCount(0);
});

test('an operator sets the withdrawal limits in dollars, confirmed before → after; the API keeps minor units', async ({ browser }) => {
  const settings = (await (await operator.get('/api/v1/admin/withdrawal-settings')).json()) as { minAmount: number; dailyMax: number };
  const desk = await operatorPage(browser);
  // Saved at once: with approval on, the change would wait for a second person (approvals.spec.ts).
  const approvalsBack = await approvalsOff(operator);
  try {
    await desk.goto('/admin/payout-settings');
    const minimum = desk.getByLabel('Minimum withdrawal');
    // Shown in the currency with its decimals, never in minor units.
    await expect(minimum).toHaveValue((settings.minAmount / 100).toFixed(2));
    // More decimals than dollars have is refused, not rounded, and nothing is sent.
    await minimum.fill('12.345');
    await desk.getByRole('button', { name: 'Save settings' }).click();
    await expect(minimum).toHaveAttribute('aria-invalid', 'true');
    await expect(desk.getByRole('dialog')).toHaveCount(0);

    await minimum.fill('12.34');
    await desk.getByRole('button', { name: 'Save settings' }).click();
    const sheet = desk.getByRole('dialog', { name: 'Save these withdrawal settings?' });
    await expect(sheet).toContainText(`${usd(settings.minAmount)} → $12.34`);
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await expect(desk.getByText('Withdrawal settings saved.')).toBeVisible();
    const after = (await (await operator.get('/api/v1/admin/withdrawal-settings')).json()) as { minAmount: number };
    expect(after.minAmount).toBe(1_234);
  } finally {
    await operator.put('/api/v1/admin/withdrawal-settings', { data: settings });
    await approvalsBack();
    await desk.context().close();
  }
});
