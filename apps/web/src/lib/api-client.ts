import type { ApiErrorBody } from '@orchard/shared';
import type { ApiErrorCode } from '../locales/errors';
import { appConfig } from './config';
import { requestStepUp } from './console-step-up';
import { activeLocale } from './i18n';

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
    /** The request's trace while the server traces requests: the error page shows it for support. */
    readonly traceId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Money-moving requests carry one (docs/product.md "Safe to retry"). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
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

type Send = <T>(path: string, request: ApiRequest) => Promise<T>;
/** How requests with an Idempotency-Key are sent: once, until the signed-in pages install retries (lib/money-retries.ts). */
let sendMoneyRequest: (path: string, request: ApiRequest, once: Send) => Promise<unknown> = (path, request, once) => once(path, request);
export function setMoneyRequestSender(sender: typeof sendMoneyRequest) {
  sendMoneyRequest = sender;
}

/**
 * Answers the server put in the page's shell for its first reads (apps/api/src/plugins/web.ts):
 * each serves the first GET of its path once, within the page's first seconds; later reads, and
 * every read after a sign-in or sign-out, go to the network.
 */
let shellAnswers: Map<string, unknown> | undefined;
const SHELL_ANSWERS_MS = 15_000;

/**
 * Reads whose answer is written in the language it was asked in: the operator's content and the
 * plans' texts (docs/decisions/0024). The shell asked in the browser's language (its
 * `data-language`); a page showing another one (a language picked on this device) reads these itself.
 */
const LANGUAGE_READS = /^\/(plans|content|promotions|help-center|legal|me\/purchases|me\/coupons)(\/|\?|$)/;

function readShellAnswers(): Map<string, unknown> {
  try {
    const element = document.getElementById('orchard-reads');
    const parsed: unknown = JSON.parse(element?.textContent || '{}');
    const sameLanguage = element?.dataset.language === activeLocale();
    return new Map(
      parsed && typeof parsed === 'object' ? Object.entries(parsed).filter(([path]) => sameLanguage || !LANGUAGE_READS.test(path)) : [],
    );
  } catch {
    return new Map();
  }
}

function shellAnswer(path: string): { value: unknown } | undefined {
  if (shellAnswers?.size === 0) return undefined;
  if (performance.now() > SHELL_ANSWERS_MS) {
    forgetShellAnswers();
    return undefined;
  }
  shellAnswers ??= readShellAnswers();
  if (!shellAnswers.has(path)) return undefined;
  const value = shellAnswers.get(path);
  shellAnswers.delete(path);
  return { value };
}

/** Drops the shell's answers: they were the previous member's. */
export function forgetShellAnswers() {
  shellAnswers = new Map();
}

/** fetch against the configured API base URL; every non-2xx becomes an ApiError. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const early = (request.method ?? 'GET') === 'GET' ? shellAnswer(path) : undefined;
  if (early) return early.value as T;
  const send = () => (request.idempotencyKey ? sendMoneyRequest(path, request, fetchOnce) : fetchOnce(path, request)) as Promise<T>;
  try {
    return await send();
  } catch (error) {
    // A console money action after five minutes: the open confirm sheet asks for the code, then it goes again (lib/console-step-up.ts).
    if (!(error instanceof ApiError && error.code === 'STEP_UP_REQUIRED' && path.startsWith('/admin/'))) throw error;
    await requestStepUp(error);
    return send();
  }
}

/** One attempt; with `timeoutMs`, an attempt unanswered by then fails as NETWORK (its answer is treated as lost). */
export async function fetchOnce<T>(path: string, { method = 'GET', body, idempotencyKey, signal, timeoutMs }: ApiRequest): Promise<T> {
  // X-Requested-With: a header no cross-site form can send; the server's cross-site rule accepts a
  // state change that carries it even when a privacy proxy strips Origin (docs/decisions/0006-csrf-rule.md).
  // The server answers (errors, field messages) in the app's language (src/lib/language.ts).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': activeLocale(), 'x-requested-with': 'fetch' };
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
      const { code, message, fields, traceId } = payload.error;
      throw new ApiError(response.status, code, message, fields, Number.isFinite(retryAfter) ? retryAfter : undefined, traceId);
    }
    throw new ApiError(response.status, 'HTTP_ERROR', response.statusText || 'Request failed');
  }
  return payload as T;
}
