import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@orchard/shared';
import { ApiError } from '../lib/api-client';
import { registerLanguage } from '../lib/i18n';
import { errorMessagesEn, readableMessage } from './errors';

afterEach(() => registerLanguage('es', {}));

describe('error messages', () => {
  it('has a message a person can read for every code of the API vocabulary, and no stale ones', () => {
    const en: Record<string, string> = errorMessagesEn;
    for (const code of ERROR_CODES) {
      expect({ code, message: (en[code] ?? '').trim().length > 0 }).toEqual({ code, message: true });
    }
    const clientCodes = ['NETWORK', 'HTTP_ERROR'];
    expect(Object.keys(en).sort()).toEqual([...ERROR_CODES, ...clientCodes].sort());
  });

  it('shows the server’s specific English text, and the catalogue’s for technical answers', () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many attempts. Try again in 14 minutes.');
    expect(readableMessage(limited)).toBe('Too many attempts. Try again in 14 minutes.');
    const down = new ApiError(503, 'UNAVAILABLE', 'Service Unavailable');
    expect(readableMessage(down)).toBe(errorMessagesEn.UNAVAILABLE);
    expect(readableMessage(down, 'en-GB')).toBe(errorMessagesEn.UNAVAILABLE);
  });

  it('uses the loaded catalogue of another language, else the server’s text (sent in that language)', () => {
    registerLanguage('es', { errors: { RATE_LIMITED: 'Demasiados intentos.' } });
    expect(readableMessage(new ApiError(429, 'RATE_LIMITED', 'Too many attempts.'), 'es')).toBe('Demasiados intentos.');
    expect(readableMessage(new ApiError(409, 'CODE_USED', 'Este código ya se usó.'), 'es')).toBe('Este código ya se usó.');
  });
});
