import type { Page } from '@playwright/test';

export const PUBLIC_ROUTES = ['/about', '/help', '/help-center', '/user/password'];
export const AUTH_LAYOUT_ROUTES = ['/', '/auto_way', '/forget-password', '/register', '/reset-password', '/verify-code'];
export const SIGNED_IN_ROUTES = [
  '/coupon',
  '/home',
  '/plan',
  '/plan/7',
  '/plan/log',
  '/profile',
  '/promotion',
  '/recharge',
  '/recharge/confirm/abc',
  '/recharge/log',
  '/team/level_three',
  '/team/level_two',
  '/team/list',
  '/team/share',
  '/trx/log',
  '/withdraw',
  '/withdraw/bank',
  '/withdraw/log',
];

/** Answers /api/v1/me as if a member were signed in (front-end behaviour only; no session exists). */
export async function pretendSignedIn(page: Page, me: Record<string, unknown> = { id: 'm-1', displayName: 'Ada', role: 'member' }) {
  await page.route('**/api/v1/me', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(me) }));
}

/** Records every time the loading bar becomes visible, from the first script on. */
export async function watchLoadingBar(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __barShown: number }).__barShown = 0;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="loading-bar"]');
      if (bar?.getAttribute('data-visible') === 'true' && bar.getAttribute('data-counted') !== 'yes') {
        bar.setAttribute('data-counted', 'yes');
        (window as unknown as { __barShown: number }).__barShown += 1;
      } else if (bar?.getAttribute('data-visible') === 'false') {
        bar.removeAttribute('data-counted');
      }
    }).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ['data-visible'] });
  });
  return () => page.evaluate(() => (window as unknown as { __barShown: number }).__barShown);
}
