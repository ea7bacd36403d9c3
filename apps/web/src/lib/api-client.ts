import type { ApiErrorBody } from '@orchard/shared';
import type { ApiErrorCode } from '../locales/errors';
import { appConfig } from './config';

/**
 * An API failure as the server described it: status, stable code (the closed vocabulary, or a
 * client-side NETWORK / HTTP_ERROR), message, field messages. What a person reads for it comes
 * from `readableMessage(error)` in locales/errors.ts, kept out of this first-load module.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Money-moving requests carry one (SPEC.md "Safe to retry"). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined)?.error;
  return (
    Boolean(error) &&
    typeof error?.code === 'string' &&
    typeof error.message === 'string' &&
    (error.fields === undefined || typeof error.fields === 'object')
  );
}

/**
 * Retries of money requests whose answer was lost (SPEC.md "Safe to retry"): the same request
 * with the same Idempotency-Key, so the server does it once however many tries reach it. The key
 * belongs to the member's intent (one tap), not to an attempt. While a retry waits, `retrying`
 * tells the screen (routes/__root.tsx shows "still trying").
 */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];
/** An attempt with no answer by then is treated as lost (the server may still have done it). */
export const ATTEMPT_TIMEOUT_MS = 20_000;
let retrying = 0;
const retryListeners = new Set<() => void>();
function setRetrying(delta: number) {
  retrying += delta;
  for (const listener of retryListeners) listener();
}
export const isRetrying = () => retrying > 0;
export function subscribeRetrying(listener: () => void) {
  retryListeners.add(listener);
  return () => void retryListeners.delete(listener);
}

/** A lost answer (no connection, timeout, a gateway's 5xx), "still running" or "busy, ask again". */
function isWorthRetrying(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'NETWORK' || error.status >= 500 || error.code === 'IDEMPOTENCY_IN_PROGRESS' || error.code === 'CONFLICT')
  );
}

/**
 * fetch against the configured API base URL; every non-2xx becomes an ApiError. A request with an
 * Idempotency-Key is retried with the same key when its answer is lost.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  if (!request.idempotencyKey) return fetchOnce<T>(path, request);
  let waiting = false;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchOnce<T>(path, request, ATTEMPT_TIMEOUT_MS);
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

async function fetchOnce<T>(path: string, { method = 'GET', body, idempotencyKey, signal }: ApiRequest, timeoutMs?: number): Promise<T> {
  // X-Requested-With: a header no cross-site form can send; the server's cross-site rule accepts a
  // state change that carries it even when a privacy proxy strips Origin (docs/decisions/0006-csrf-rule.md).
  const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'fetch' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const controller = timeoutMs ? new AbortController() : undefined;
  const onAbort = () => controller?.abort();
  signal?.addEventListener('abort', onAbort);
  const timer = controller && setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${appConfig.apiBaseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller?.signal ?? signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError' && signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', 'No connection. Check your network and try again.');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    if (isApiErrorBody(payload)) {
      const { code, message, fields } = payload.error;
      throw new ApiError(response.status, code, message, fields, Number.isFinite(retryAfter) ? retryAfter : undefined);
    }
    throw new ApiError(response.status, 'HTTP_ERROR', response.statusText || 'Request failed');
  }
  return payload as T;
}
