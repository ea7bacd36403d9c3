import { ApiError, setMoneyRequestSender, type ApiRequest } from './api-client';

/**
 * Retries of money requests whose answer was lost (docs/product.md "Safe to retry"): the same request with
 * the same Idempotency-Key, so the server does it once however many tries reach it. The key belongs
 * to the member's intent (one tap), not to an attempt. While a retry waits, `isRetrying` tells the
 * screen (components/retry-notice.tsx). Installed by the pages that move money (the signed-in
 * `Page` and the console), so none of it is in the first load of `/`.
 */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];
/** An attempt with no answer by then is treated as lost (the server may still have done it). */
const ATTEMPT_TIMEOUT_MS = 20_000;

let retrying = 0;
const listeners = new Set<() => void>();
function setRetrying(delta: number) {
  retrying += delta;
  for (const listener of listeners) listener();
}
export const isRetrying = () => retrying > 0;
export function subscribeRetrying(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A lost answer (no connection, timeout, a gateway's 5xx), "still running" or "busy, ask again". */
function isWorthRetrying(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'NETWORK' || (error.status >= 500 && error.code !== 'MAINTENANCE') || error.code === 'IDEMPOTENCY_IN_PROGRESS' || error.code === 'CONFLICT')
  );
}

async function sendWithRetries<T>(path: string, request: ApiRequest, once: (path: string, request: ApiRequest) => Promise<T>): Promise<T> {
  let waiting = false;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(path, { ...request, timeoutMs: ATTEMPT_TIMEOUT_MS });
      } catch (error) {
        if (!isWorthRetrying(error) || attempt >= RETRY_DELAYS_MS.length || request.signal?.aborted) throw error;
        if (!waiting) setRetrying(+1);
        waiting = true;
        const delay = error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : RETRY_DELAYS_MS[attempt]!;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  } finally {
    if (waiting) setRetrying(-1);
  }
}

/** From now on, requests with an Idempotency-Key are retried (idempotent: safe to call again). */
export function installMoneyRetries() {
  setMoneyRequestSender(sendWithRetries);
}
