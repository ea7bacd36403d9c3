import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { VerifiableStatement } from '@orchard/shared/books';
import { E2E_SMTP_PORT } from '../../../playwright.config';
import { MailSink, registerThroughApi, uniqueEmail } from './accounts-support';
import { withOperator } from './plans-support';
import { fundMember, memberIdOf } from './wallet-support';

/*
 * The verifiable books as a member checks them (docs/decisions/0028): a new member is funded, the
 * day ends (the server's test clock moves a day on, which moves the ledger's) and the operator
 * seals it ("Seal now"); the member downloads the verifiable statement from /trx/log, opens the
 * public /verify page, goes offline and gives it the file: it holds. One digit of one amount
 * changed, the same page names that line as not what Orchard signed.
 */

const sink = new MailSink();
test.beforeAll(() => sink.start(E2E_SMTP_PORT));
test.afterAll(() => sink.stop());

/** The same statement with one digit of one line's amount changed (the last digit, one up). */
function tamperedAmount(statement: VerifiableStatement, index: number): VerifiableStatement {
  const lines = statement.lines.map((line, i) => {
    if (i !== index) return line;
    const last = Number(line.amount.at(-1));
    return { ...line, amount: `${line.amount.slice(0, -1)}${(last + 1) % 10}` };
  });
  return { ...statement, lines };
}

test('a member downloads a verifiable statement and checks it offline; a changed amount is named', async ({ page, baseURL }) => {
  // Registration, a sealed day and two checks on a machine that may be busy.
  test.setTimeout(120_000);
  await registerThroughApi(page.request, sink, uniqueEmail('verify'), 'verify-pass-2026', 'Vera Verify');
  const memberId = await memberIdOf(page.request);
  await withOperator(baseURL!, (api) => fundMember(api, memberId, 12_345));

  // Seals exist only for days that are over: a day and a few minutes later, the operator seals it.
  expect((await page.request.post('/api/test/clock', { data: { advanceMs: 25 * 3_600_000 } })).ok()).toBe(true);
  const run = await withOperator(baseURL!, async (api) => {
    const response = await api.post('/api/v1/admin/books/seal', { headers: { 'x-requested-with': 'fetch' } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { sealed: string[] };
  });
  expect(run.sealed.length).toBeGreaterThan(0);

  await page.goto('/trx/log');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download verifiable statement' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orchard-statement-.*\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  const statement = JSON.parse(text) as VerifiableStatement;
  const index = statement.lines.findIndex((line) => line.amount === '12345');
  expect(index, 'the funding line is in the statement').toBeGreaterThanOrEqual(0);

  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Check a statement' })).toBeVisible();
  await page.context().setOffline(true);
  const result = page.getByRole('status');
  const file = page.getByLabel('Statement file');
  const check = page.getByRole('button', { name: 'Check', exact: true });

  await file.setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByLabel('Or paste its text')).toHaveValue(text);
  await check.click();
  await expect(result).toContainText('The statement holds');
  await expect(result).toContainText(new RegExp(`${statement.lines.length} lines? and \\d+ sealed days? verified`));

  const tampered = tamperedAmount(statement, index);
  const line = tampered.lines[index]!;
  await file.setInputFiles({ name: 'changed.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tampered, null, 2)) });
  await expect(page.getByLabel('Or paste its text')).toHaveValue(/12346/);
  await check.click();
  await expect(result).toContainText('The statement does not hold');
  // The line is named by its number, its date in the reader's words and its amount as money.
  const money = `$${(Number(line.amount) / 100).toFixed(2)}`;
  await expect(result.getByRole('listitem').filter({ hasText: 'not what Orchard signed' })).toHaveText(
    new RegExp(`^Line ${line.line} \\(\\w{3} \\d{1,2}, \\d{4}, [^,]+, amount \\${money}\\): not what Orchard signed\\. Its amount, date, account or balance was changed\\.$`),
  );
  await page.context().setOffline(false);
});
