import { expect, test } from '@playwright/test';
import { E2E_OPERATOR } from '../../../playwright.config';
import { freshTotpCode } from './console-factor';
import { signInAs } from './wallet-support';

const DAY = 86_400_000;

/*
 * The console's step-up before money actions (docs/decisions/0029): a console session that proved
 * its second factor longer ago than CONSOLE_STEP_UP_MINUTES is asked for it again in the confirm
 * sheet of a money action, which then goes on by itself. The journeys' window is seven days of the
 * server's clock (playwright.config.ts), as is the idle timeout: this session shows itself halfway
 * so only its proof grows old. The run's shared operator session is idle all that time and ends,
 * so the next journey signs in afresh (wallet-support.ts).
 */
test('a money action after the step-up window asks for the second factor in its confirm sheet, refuses a wrong code, then goes on', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page.request, E2E_OPERATOR);
  expect((await page.request.post('/api/test/clock', { data: { advanceMs: 4 * DAY } })).ok()).toBe(true);
  expect((await page.request.get('/api/v1/me')).ok()).toBe(true);
  expect((await page.request.post('/api/test/clock', { data: { advanceMs: 4 * DAY } })).ok()).toBe(true);

  const reason = `Goodwill credit ${Date.now()}`;
  await page.goto('/admin/adjust');
  await page.getByLabel('Find a member').fill('chen@orchard.local');
  await page.getByRole('button', { name: 'Select' }).first().click();
  await page.getByLabel(/^Amount/).fill('12.34');
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Review adjustment' }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: /^Confirm/ }).click();

  // The sheet asks for the factor instead of doing it; nothing has moved yet.
  const stepUp = sheet.getByTestId('step-up-form');
  await expect(stepUp).toBeVisible();
  await expect(stepUp).toContainText('Confirm it is you');
  await expect(page.getByText(/^Done\./)).toHaveCount(0);

  await stepUp.getByLabel('Code').fill('000000');
  await stepUp.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(stepUp.getByText('That code is wrong.', { exact: true })).toBeVisible();

  await stepUp.getByLabel('Code').fill(await freshTotpCode(page.request, E2E_OPERATOR.totpSecret));
  await stepUp.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByText(/^Done\. Chen Wei now has .* available\./)).toBeVisible();
  await expect(stepUp).toHaveCount(0);

  await context.close();
});
