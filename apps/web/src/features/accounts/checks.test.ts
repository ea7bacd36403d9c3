import { describe, expect, it } from 'vitest';
import { normalizeCode } from './checks';
import { describeDevice } from './device';
import { readPendingCode, readPendingReset, savePendingCode, savePendingReset } from './pending';

describe('normalizeCode', () => {
  it('keeps the digits of a pasted code', () => {
    expect(normalizeCode(' 123-456 ')).toBe('123456');
    expect(normalizeCode('1234567')).toBe('123456');
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
