import { describe, expect, it } from 'vitest';
import { APP_ROUTES, findAppRoute } from './routes';

describe('route table (docs/product.md R1)', () => {
  it('holds exactly the paths of the original description, plus the operator console and the statement check', () => {
    const paths = APP_ROUTES.map((route) => route.path).sort();
    expect(paths).toEqual(
      [
        '/',
        '/about',
        '/admin',
        '/admin/$',
        '/auto_way',
        '/coupon',
        '/forget-password',
        '/help',
        '/help-center',
        '/home',
        '/plan',
        '/plan/$id',
        '/plan/log',
        '/profile',
        '/promotion',
        '/recharge',
        '/recharge/confirm/$id',
        '/recharge/log',
        '/register',
        '/reset-password',
        '/team/level_three',
        '/team/level_two',
        '/team/list',
        '/team/share',
        '/trx/log',
        '/user/password',
        // The earnings disclosure (docs/decisions/0031).
        '/earnings',
        // Closing one's own account (docs/decisions/0035).
        '/close-account',
        // The inbox and the notification email's unsubscribe page (docs/decisions/0034).
        '/inbox',
        '/unsubscribe',
        // Contact support: the member's requests and a request's thread (docs/decisions/0037).
        '/support',
        '/support/$id',
        // Checks a verifiable statement in the browser (docs/decisions/0028).
        '/verify',
        '/verify-code',
        '/withdraw',
        '/withdraw/bank',
        '/withdraw/log',
      ].sort(),
    );
  });

  it('gives each route its access kind and layout', () => {
    expect(findAppRoute('/about')).toMatchObject({ access: 'public', layout: 'default' });
    expect(findAppRoute('/user/password')).toMatchObject({ access: 'public', layout: 'default' });
    expect(findAppRoute('/auto_way')).toMatchObject({ access: 'guest', layout: 'auth' });
    expect(findAppRoute('/')).toMatchObject({ access: 'guest', layout: 'auth' });
    expect(findAppRoute('/trx/log')).toMatchObject({ access: 'signed-in', layout: 'default' });
    expect(findAppRoute('/unsubscribe?token=x')).toMatchObject({ access: 'public', layout: 'default' });
    expect(findAppRoute('/inbox')).toMatchObject({ access: 'signed-in', layout: 'default' });
  });

  it('matches dynamic segments, query strings and a trailing slash, and nothing else', () => {
    expect(findAppRoute('/plan/42')?.path).toBe('/plan/$id');
    expect(findAppRoute('/plan/log')?.path).toBe('/plan/log');
    expect(findAppRoute('/support/0b0c9a52-2d4e-4f55-9b8e-1f2a3b4c5d6e')?.path).toBe('/support/$id');
    expect(findAppRoute('/support')?.path).toBe('/support');
    expect(findAppRoute('/recharge/confirm/abc?x=1')?.path).toBe('/recharge/confirm/$id');
    expect(findAppRoute('/home/')?.path).toBe('/home');
    expect(findAppRoute('/admin/members/7')?.path).toBe('/admin/$');
    for (const unknown of ['/nope', '/plan/1/2', '/team', '/recharge/confirm', '/homes', '/api']) {
      expect(findAppRoute(unknown), unknown).toBeUndefined();
    }
  });
});
