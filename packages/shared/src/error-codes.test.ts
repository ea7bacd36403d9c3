import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './errors';
import { ERROR_CODES, ERRORS, isErrorCode } from './error-codes';

describe('the error vocabulary', () => {
  it('gives every code an error status and a default message', () => {
    expect(ERROR_CODES.length).toBeGreaterThanOrEqual(30);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
      const { status, message } = ERRORS[code];
      expect({ code, status: Number.isInteger(status) && status >= 400 && status <= 599 }).toEqual({ code, status: true });
      expect({ code, message: message.trim().length > 0 }).toEqual({ code, message: true });
    }
  });

  it('is closed: the error shape refuses a code outside it', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('TOTALLY_NEW')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(apiErrorSchema.safeParse({ error: { code: 'NOT_FOUND', message: 'x' } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ error: { code: 'TOTALLY_NEW', message: 'x' } }).success).toBe(false);
  });
});
