import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@orchard/shared';
import { ApiError } from '../lib/api-client';
import { errorMessages, readableMessage } from './errors';

describe('error messages', () => {
  it('has a message a person can read for every code of the API vocabulary, and no stale ones', () => {
    const en: Record<string, string> = errorMessages.en;
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
    expect(readableMessage(down)).toBe(errorMessages.en.UNAVAILABLE);
    expect(readableMessage(down, 'en-GB')).toBe(errorMessages.en.UNAVAILABLE);
  });

  it('uses the catalogue of another language, falling back to English where it has no entry', () => {
    errorMessages.xx = { RATE_LIMITED: 'Trop de tentatives.' };
    try {
      expect(readableMessage(new ApiError(429, 'RATE_LIMITED', 'Too many attempts.'), 'xx')).toBe('Trop de tentatives.');
      expect(readableMessage(new ApiError(409, 'CODE_USED', 'This code was already used.'), 'xx')).toBe(errorMessages.en.CODE_USED);
    } finally {
      delete errorMessages.xx;
    }
  });
});
