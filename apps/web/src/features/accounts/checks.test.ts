import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { accountProblem, newPasswordProblem, normalizeCode } from './checks';
import { formFailure } from './form-errors';
import { describeDevice } from './device';
import { readPendingCode, readPendingReset, savePendingCode, savePendingReset } from './pending';

describe('account checks (mirror the shared contract without zod)', () => {
  it('accepts an email address or a phone number with its country code', () => {
    expect(accountProblem('ada@example.com')).toBeNull();
    expect(accountProblem('  ada@example.com ')).toBeNull();
    expect(accountProblem('+1 (555) 123-4567')).toBeNull();
    expect(accountProblem('')).toBe('required');
    expect(accountProblem('   ')).toBe('required');
    expect(accountProblem('ada@')).toBe('invalid');
    expect(accountProblem('5551234567')).toBe('invalid');
  });

  it('checks new passwords by length only, and that the two match', () => {
    expect(newPasswordProblem('', '')).toBe('required');
    expect(newPasswordProblem('short', 'short')).toBe('tooShort');
    expect(newPasswordProblem('x'.repeat(129), 'x'.repeat(129))).toBe('tooLong');
    expect(newPasswordProblem('long enough', 'long enougH')).toBe('mismatch');
    expect(newPasswordProblem('long enough', 'long enough')).toBeNull();
    expect(newPasswordProblem('long enough')).toBeNull();
  });

  it('keeps the digits of a pasted code', () => {
    expect(normalizeCode(' 123-456 ')).toBe('123456');
    expect(normalizeCode('1234567')).toBe('123456');
  });
});

describe('formFailure', () => {
  it('puts field messages under known fields and the rest above the button', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Check the form.', { email: 'Taken.', body: 'Unknown key.' });
    expect(formFailure(error, ['email'], 'fallback')).toEqual({ fields: { email: 'Taken.' }, message: 'Unknown key.' });
    expect(formFailure(new ApiError(400, 'VALIDATION_FAILED', 'Check the form.', { email: 'Taken.' }), ['email'], 'x')).toEqual({
      fields: { email: 'Taken.' },
      message: undefined,
    });
  });

  it('shows a 429 with its wait, and unknown failures with the fallback', () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many attempts. Try again in 14 minutes.', {}, 840);
    expect(formFailure(limited, ['account'], 'x').message).toBe('Too many attempts. Try again in 14 minutes.');
    expect(formFailure(new Error('boom'), ['account'], 'Something went wrong.').message).toBe('Something went wrong.');
  });
});

describe('pending code and reset', () => {
  it('round-trips through sessionStorage and refuses foreign shapes', () => {
    savePendingCode({
      kind: 'register',
      verificationId: 'v-1',
      destination: 'a•••@example.com',
      resendAvailableAt: '2026-01-01T00:00:00Z',
    });
    expect(readPendingCode()).toMatchObject({ kind: 'register', verificationId: 'v-1' });
    sessionStorage.setItem('orchard:pending-code', JSON.stringify({ kind: 'other' }));
    expect(readPendingCode()).toBeNull();
    sessionStorage.setItem('orchard:pending-code', '{not json');
    expect(readPendingCode()).toBeNull();
    savePendingReset({ account: 'ada@example.com', resendAvailableAt: '2026-01-01T00:00:00Z' });
    expect(readPendingReset()?.account).toBe('ada@example.com');
    savePendingReset(null);
    expect(readPendingReset()).toBeNull();
  });
});

describe('describeDevice', () => {
  it('names browser and system', () => {
    expect(
      describeDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'),
    ).toBe('Chrome · Android');
    expect(
      describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari · iOS');
    expect(describeDevice('curl/8.0')).toBeNull();
    expect(describeDevice(null)).toBeNull();
  });
});
