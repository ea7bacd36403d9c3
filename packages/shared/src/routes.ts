/**
 * The route table fixed by docs/product.md R1. The web router builds these pages; the server uses
 * the same list to answer 200 for a known page and 404 for anything else.
 */
export type RouteAccess = 'public' | 'guest' | 'signed-in' | 'operator';
export type RouteLayout = 'default' | 'auth' | 'console';

export interface AppRoute {
  /** Path pattern; `$name` marks a dynamic segment, a trailing `$` matches the rest. */
  path: string;
  access: RouteAccess;
  layout: RouteLayout;
  /**
   * The API reads (GET paths below the API base, exactly as the page requests them) its first
   * render waits for. The server answers them inside the page's shell, with the session probe
   * every page makes, so the page needs no round trip of its own before it paints.
   */
  reads?: readonly string[];
}

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/about', access: 'public', layout: 'default' },
  // The earnings disclosure, computed from the books (docs/decisions/0031).
  { path: '/earnings', access: 'public', layout: 'default', reads: ['/earnings-disclosure'] },
  { path: '/help', access: 'public', layout: 'default' },
  { path: '/help-center', access: 'public', layout: 'default' },
  { path: '/user/password', access: 'public', layout: 'default' },
  // The one-click unsubscribe page of a notification email (docs/decisions/0034): works signed out.
  { path: '/unsubscribe', access: 'public', layout: 'default' },
  { path: '/verify', access: 'public', layout: 'default' },
  { path: '/auto_way', access: 'guest', layout: 'auth' },
  { path: '/forget-password', access: 'guest', layout: 'auth' },
  { path: '/register', access: 'guest', layout: 'auth', reads: ['/auth/options'] },
  { path: '/reset-password', access: 'guest', layout: 'auth' },
  { path: '/verify-code', access: 'guest', layout: 'auth' },
  // The sign-in page: auth layout with the auth check (a signed-in member goes to /home).
  { path: '/', access: 'guest', layout: 'auth' },
  { path: '/close-account', access: 'signed-in', layout: 'default' },
  { path: '/coupon', access: 'signed-in', layout: 'default' },
  // The inbox (docs/decisions/0034).
  { path: '/inbox', access: 'signed-in', layout: 'default' },
  {
    path: '/home',
    access: 'signed-in',
    layout: 'default',
    reads: [
      '/wallet',
      '/wallet/transactions?limit=5',
      '/recharge/orders?limit=20',
      '/me/purchases?status=active&limit=20',
      '/me/commissions',
      '/content/home',
    ],
  },
  { path: '/plan', access: 'signed-in', layout: 'default', reads: ['/plans'] },
  { path: '/plan/$id', access: 'signed-in', layout: 'default' },
  { path: '/plan/log', access: 'signed-in', layout: 'default' },
  { path: '/profile', access: 'signed-in', layout: 'default' },
  { path: '/promotion', access: 'signed-in', layout: 'default' },
  { path: '/recharge', access: 'signed-in', layout: 'default', reads: ['/recharge/channels'] },
  { path: '/recharge/confirm/$id', access: 'signed-in', layout: 'default' },
  { path: '/recharge/log', access: 'signed-in', layout: 'default' },
  // Contact support: the member's requests and one request's thread (docs/decisions/0037).
  { path: '/support', access: 'signed-in', layout: 'default', reads: ['/support/tickets'] },
  { path: '/support/$id', access: 'signed-in', layout: 'default' },
  { path: '/team/level_three', access: 'signed-in', layout: 'default' },
  { path: '/team/level_two', access: 'signed-in', layout: 'default' },
  { path: '/team/list', access: 'signed-in', layout: 'default', reads: ['/team'] },
  { path: '/team/share', access: 'signed-in', layout: 'default' },
  { path: '/trx/log', access: 'signed-in', layout: 'default', reads: ['/wallet/transactions?limit=25'] },
  { path: '/withdraw', access: 'signed-in', layout: 'default', reads: ['/me/bank-accounts', '/wallet'] },
  { path: '/withdraw/bank', access: 'signed-in', layout: 'default' },
  { path: '/withdraw/log', access: 'signed-in', layout: 'default' },
  // Operator console (docs/product.md): everything below /admin.
  { path: '/admin', access: 'operator', layout: 'console' },
  { path: '/admin/$', access: 'operator', layout: 'console' },
];

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matchesPattern(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const got = segments(pathname);
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === '$') return got.length > i;
    if (i >= got.length) return false;
    if (part.startsWith('$')) continue;
    if (part !== got[i]) return false;
  }
  return want.length === got.length;
}

/**
 * A matcher over patterns in APP_ROUTES' notation: the pattern a pathname matches, or undefined.
 * A static path wins over a dynamic one (`/plan/log` is not plan "log"); the patterns are ordered
 * once, here, not on every request.
 */
export function pathMatcher(patterns: readonly string[]): (pathname: string) => string | undefined {
  const bySpecificity = [...patterns].sort((a, b) => Number(a.includes('$')) - Number(b.includes('$')));
  return (pathname) => {
    let clean = pathname.split(/[?#]/)[0] ?? '/';
    if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
    return bySpecificity.find((pattern) => matchesPattern(pattern, clean));
  };
}

const ROUTES_BY_PATH = new Map(APP_ROUTES.map((route) => [route.path, route]));
const matchAppRoute = pathMatcher(APP_ROUTES.map((route) => route.path));

/** The route a pathname belongs to, or undefined for an unknown path (a 404). */
export function findAppRoute(pathname: string): AppRoute | undefined {
  const pattern = matchAppRoute(pathname);
  return pattern === undefined ? undefined : ROUTES_BY_PATH.get(pattern);
}
