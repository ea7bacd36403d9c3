import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safe redirect after sign-in (ORIGIN.md O-R2)', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/trx/log')).toBe('/trx/log');
    expect(safeRedirectPath('/plan/7?coupon=X#buy')).toBe('/plan/7?coupon=X#buy');
  });

  it('sends anything that could leave the site to /home', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/home',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'home',
      '',
      '/\t/evil.example',
      undefined,
      42,
    ]) {
      expect(safeRedirectPath(value), String(value)).toBe('/home');
    }
  });
});
