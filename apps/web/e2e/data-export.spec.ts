import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { signInMember } from './wallet-support';

/*
 * "Download my data" on /profile: the demo member asks for a download, follows the link once and
 * gets a ZIP with the listed files, JSON and CSV; the same link then answers 404.
 */
const PARTS = ['profile', 'sessions', 'statement-events', 'ledger-entries', 'purchases', 'commissions', 'team', 'withdrawals', 'bank-accounts'];

/** The files of a ZIP by their local headers (the server writes each with its sizes): name → bytes. */
function unzip(zip: Buffer): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extraLength;
    const data = zip.subarray(start, start + size);
    files[name] = method === 8 ? inflateRawSync(data) : data;
    at = start + size;
  }
  return files;
}

test('a member downloads their data: the link works once, the ZIP has the listed files', async ({ page }) => {
  await signInMember(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Prepare my download' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The link works once' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Download my data (ZIP)' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/v1\/me\/data-export\/[\w-]+$/);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^orchard-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzip(await readFile((await download.path())!));
  const names = Object.keys(files);
  expect(names).toContain('orchard-data/README.txt');
  for (const part of PARTS) expect(names).toEqual(expect.arrayContaining([`orchard-data/${part}.json`, `orchard-data/${part}.csv`]));
  const profile = JSON.parse(files['orchard-data/profile.json']!.toString('utf8')) as Array<{ email: string }>;
  expect(profile[0]?.email).toBe('demo@orchard.local');

  // The link worked once.
  const again = await page.request.get(href!);
  expect(again.status()).toBe(404);
});
