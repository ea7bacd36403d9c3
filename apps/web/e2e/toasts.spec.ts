import { expect, test } from '@playwright/test';
import { signInMember } from './wallet-support';

/*
 * A toast on a phone: below the page's top bar (its back button stays in reach), and its close
 * button inside the toast's corner rather than half outside it.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('a toast sits below the top bar, with its close button inside its own corner', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInMember(page);
  await page.goto('/team/share');
  await page.getByRole('button', { name: 'Copy Your invite code' }).click();
  const toast = page.getByRole('listitem').filter({ hasText: 'Your invite code copied' });
  await expect(toast).toBeVisible();
  const close = toast.getByRole('button', { name: 'Close toast' });
  await expect(close).toBeVisible();
  // Let the toast's entrance finish before measuring.
  await expect(async () => {
    const [box, button, back] = await Promise.all([
      toast.boundingBox(),
      close.boundingBox(),
      page.getByRole('link', { name: 'Back' }).boundingBox(),
    ]);
    expect(button!.x).toBeGreaterThanOrEqual(box!.x);
    expect(button!.y).toBeGreaterThanOrEqual(box!.y);
    expect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width);
    expect(button!.y + button!.height).toBeLessThanOrEqual(box!.y + box!.height);
    expect(box!.y).toBeGreaterThanOrEqual(back!.y + back!.height);
  }).toPass();
  await close.click();
  await expect(toast).toBeHidden();
});
