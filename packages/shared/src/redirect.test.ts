import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

const ORIGIN = 'https://orchard.example';

/** What a browser does with the result: it must stay on this origin, from whichever page it is followed. */
function staysHome(path: string): boolean {
  return [`${ORIGIN}/`, `${ORIGIN}/auto_way?token=x`, `${ORIGIN}/a/b/c/`].every((page) => new URL(path, page).origin === ORIGIN);
}

describe('safe redirect after sign-in (docs/product.md R2)', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/trx/log')).toBe('/trx/log');
    expect(safeRedirectPath('/plan/7?coupon=X#buy')).toBe('/plan/7?coupon=X#buy');
    expect(safeRedirectPath('/team/../trx/log')).toBe('/trx/log');
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

  it('never hands out a protocol-relative path that dot segments make of a harmless-looking one', () => {
    for (const value of [
      '/..//evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/%2E//evil.example',
      '/a/..//evil.example',
      '/.%2e//evil.example/x?y#z',
    ]) {
      const result = safeRedirectPath(value);
      expect(result, value).not.toMatch(/^\/[/\\]/);
      expect(staysHome(result), value).toBe(true);
    }
  });

  it('property: whatever path it is given, the result starts with exactly one / and resolves on the same origin', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2e%2e',
      '.%2e',
      '%2f',
      '%2F',
      '%5c',
      '%5C',
      '%09',
      '%00',
      '@',
      ':',
      'http:',
      'https:',
      'evil.example',
      'home',
      'plan',
      '?',
      '#',
      '&',
      '=',
      ' ',
      '\t',
      '\n',
      '\u3002',
      '\uff0e',
      '\uff0f',
      '\u2215',
      'é',
      '%',
      '%%',
      ';',
    );
    const path = fc.oneof(
      fc.array(piece, { maxLength: 12 }).map((pieces) => `/${pieces.join('')}`),
      fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
      fc.string({ maxLength: 40 }).map((text) => `/${text}`),
      fc.string({ maxLength: 40, unit: 'binary' }),
    );
    fc.assert(
      fc.property(path, (value) => {
        const result = safeRedirectPath(value);
        expect(result.startsWith('/')).toBe(true);
        expect(result).not.toMatch(/^\/[/\\]/);
        expect(staysHome(result)).toBe(true);
        // Sanitizing again changes nothing: consumers need not (and the links issued carry this).
        expect(safeRedirectPath(result)).toBe(result);
      }),
      { numRuns: 5_000 },
    );
  });
});
