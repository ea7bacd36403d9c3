import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiError } from './api-client';
import { installMoneyRetries, isRetrying, subscribeRetrying } from './money-retries';

installMoneyRetries();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiFetch retries of money requests (docs/product.md "Safe to retry")', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const keyOf = (call: Parameters<typeof fetch>) => (call[1]?.headers as Record<string, string>)['idempotency-key'];

  it('sends a request whose answer was lost again with the same key, and says so meanwhile', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(201, { id: 'order-1' }));
    const seen: boolean[] = [];
    const stop = subscribeRetrying(() => seen.push(isRetrying()));
    const result = apiFetch<{ id: string }>('/recharge/orders', { method: 'POST', body: { amount: 1 }, idempotencyKey: 'intent-1' });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toEqual({ id: 'order-1' });
    stop();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.map(keyOf)).toEqual(['intent-1', 'intent-1']);
    expect(seen).toEqual([true, false]);
    expect(isRetrying()).toBe(false);
  });

  it('asks again while the first attempt is still running (409 IDEMPOTENCY_IN_PROGRESS), after Retry-After', async () => {
    fetchMock
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: { code: 'IDEMPOTENCY_IN_PROGRESS', message: 'busy' } }), {
          status: 409,
          headers: { 'retry-after': '2' },
        }),
      )
      .mockResolvedValueOnce(json(201, { ok: true }));
    const result = apiFetch('/withdrawals', { method: 'POST', body: {}, idempotencyKey: 'intent-2' });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: true });
  });

  it('never retries an answer that was heard (a 4xx), nor a request without a key', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: { code: 'INSUFFICIENT_FUNDS', message: 'Not enough' } }));
    await expect(apiFetch('/plans/p/purchase', { method: 'POST', body: {}, idempotencyKey: 'k' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/me', {})).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after its last try with the network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = apiFetch('/recharge/orders', { method: 'POST', body: {}, idempotencyKey: 'k' });
    const settled = expect(result).rejects.toMatchObject({ code: 'NETWORK' });
    await vi.advanceTimersByTimeAsync(60_000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(isRetrying()).toBe(false);
  });
});
