import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { intentKeys, isFinalRefusal } from './intent-key';

const counter = () => {
  let next = 0;
  return () => `k${++next}`;
};

describe('intent keys', () => {
  it('keeps a key while the body stays the same and makes a new one when it changes', () => {
    const keys = intentKeys(counter());
    expect(keys.keyFor('p1', { reason: 'Duplicate', override: false })).toBe('k1');
    expect(keys.keyFor('p1', { reason: 'Duplicate', override: false })).toBe('k1');
    expect(keys.keyFor('p2', { reason: 'Duplicate', override: false })).toBe('k2');
    expect(keys.keyFor('p1', { reason: 'Duplicate', override: true })).toBe('k3');
    expect(keys.keyFor('p1', { reason: 'Duplicate', override: true })).toBe('k3');
  });

  it('drops the key after a success or a stored refusal, keeps it while the answer is unknown or still running', async () => {
    const keys = intentKeys(counter());
    const body = { amount: 1_000 };
    await expect(keys.run('', body, () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow();
    await expect(keys.run('', body, () => Promise.reject(new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'running')))).rejects.toThrow();
    const sent: string[] = [];
    await keys.run('', body, async (key) => void sent.push(key));
    expect(sent).toEqual(['k1']);
    // The same body again after a success is a new intent.
    await expect(keys.run('', body, (key) => Promise.reject(new ApiError(409, 'TOO_MANY_OPEN_ORDERS', key)))).rejects.toThrow('k2');
    expect(keys.keyFor('', body)).toBe('k3');
  });

  it('calls a 4xx other than "still running" final', () => {
    expect(isFinalRefusal(new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', ''))).toBe(true);
    expect(isFinalRefusal(new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', ''))).toBe(false);
    expect(isFinalRefusal(new ApiError(503, 'UNAVAILABLE', ''))).toBe(false);
    expect(isFinalRefusal(new Error('network'))).toBe(false);
  });
});
