import type { APIRequestContext, Page } from '@playwright/test';

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

/** Every page of the operator console (the member page is added with a real id by consolePaths). */
export const CONSOLE_ROUTES = [
  '/admin',
  '/admin/adjust',
  '/admin/announcements',
  '/admin/audit',
  '/admin/channels',
  '/admin/closures',
  '/admin/console-sessions',
  '/admin/coupons',
  '/admin/help-articles',
  '/admin/ledger',
  '/admin/legal',
  '/admin/members',
  '/admin/outbox',
  '/admin/payout-settings',
  '/admin/payouts',
  '/admin/plans',
  '/admin/promotions',
  '/admin/purchases',
  '/admin/reconciliation',
  '/admin/recharges',
  '/admin/referral-reviews',
  '/admin/referrals',
  '/admin/second-factor',
  '/admin/system',
];

/** SIGNED_IN_ROUTES with the signed-in member's real plan and recharge order ids in the dynamic ones. */
export async function memberPaths(request: APIRequestContext): Promise<string[]> {
  const plans = (await (await request.get('/api/v1/plans')).json()) as { items: { id: string }[] };
  const orders = (await (await request.get('/api/v1/recharge/orders')).json()) as { items: { id: string }[] };
  return SIGNED_IN_ROUTES.map((path) =>
    path === '/plan/7'
      ? `/plan/${plans.items[0]!.id}`
      : path === '/recharge/confirm/abc'
        ? `/recharge/confirm/${orders.items[0]!.id}`
        : path,
  );
}

/** CONSOLE_ROUTES and the demo member's page, for a request signed in as the operator. */
export async function consolePaths(request: APIRequestContext): Promise<string[]> {
  const members = (await (await request.get('/api/v1/admin/members?q=demo%40orchard.local')).json()) as { items: { id: string }[] };
  return [...CONSOLE_ROUTES, `/admin/members/${members.items[0]!.id}`];
}

/**
 * The pages read the network rather than the answers the server put in their shell
 * (docs/decisions/0023): for tests that fake the API with page.route, which the page would
 * otherwise never ask on its first load.
 */
export async function withoutShellAnswers(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      const body = (await response.text()).replace(/<script type="application\/json" id="orchard-reads"[^>]*>[\s\S]*?<\/script>/, '');
      await route.fulfill({ status: response.status(), headers, body });
    },
  );
}

/** Answers the session probe as if a member were signed in (front-end behaviour only; no session exists). */
export async function pretendSignedIn(page: Page, me: Record<string, unknown> = { id: 'm-1', displayName: 'Ada', role: 'member' }) {
  await withoutShellAnswers(page);
  await page.route('**/api/v1/session', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ user: me }) }),
  );
}

/** Answers the team API with an empty team (invite code ABCD2345), for pages tested without a real member. */
export async function pretendEmptyTeam(page: Page) {
  const level = (n: number) => ({
    level: n,
    members: 0,
    purchasesTotal: 0,
    commission: { pending: 0, available: 0, onReview: 0, reversed: 0 },
  });
  const summary = {
    currency: 'USD',
    inviteCode: 'ABCD2345',
    invitePath: '/register?ref=ABCD2345',
    levels: [level(1), level(2), level(3)],
    totals: { members: 0, commission: { pending: 0, available: 0, onReview: 0, reversed: 0 } },
    ratesBp: [1000, 500, 200],
  };
  await page.route('**/api/v1/team', (route) => route.fulfill({ json: summary }));
  await page.route('**/api/v1/team/members?*', (route) =>
    route.fulfill({ json: { level: Number(new URL(route.request().url()).searchParams.get('level') ?? 1), items: [], nextCursor: null } }),
  );
}

/** The loading bar's accessible name (common catalogue, `app.loading`). */
export const LOADING_BAR_NAME = 'Loading…';

/**
 * Records every time the loading bar becomes visible, from the first script on. The bar is a
 * progress bar named LOADING_BAR_NAME, out of the accessibility tree (aria-hidden) while hidden.
 */
export async function watchLoadingBar(page: Page) {
  await page.addInitScript((name) => {
    const counter = window as unknown as { __barShown: number };
    counter.__barShown = 0;
    let shown = false;
    new MutationObserver(() => {
      const bar = document.querySelector(`[role="progressbar"][aria-label="${name}"]`);
      const visible = bar?.getAttribute('aria-hidden') === 'false';
      if (visible && !shown) counter.__barShown += 1;
      shown = visible;
    }).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ['aria-hidden'] });
  }, LOADING_BAR_NAME);
  return () => page.evaluate(() => (window as unknown as { __barShown: number }).__barShown);
}
