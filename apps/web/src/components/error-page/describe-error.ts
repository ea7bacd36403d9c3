export interface ErrorDescription {
  status: number;
  message: string;
  /** The API's trace id for the failed request, when it gave one (support finds the request by it). */
  traceId?: string;
}

const DEFAULT_ERROR_STATUS = 500;
const DEFAULT_ERROR_MESSAGE = 'Internal Server Error';

/** `Page not found: {path}` (docs/product.md E1). */
export function notFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}

/**
 * docs/product.md E2: an error without a status is a 500 with `Internal Server Error`; an error
 * with one keeps it, and its own message shows.
 */
export function describeError(error: unknown): ErrorDescription {
  if (error && typeof error === 'object') {
    const { status, statusCode, message, traceId } = error as { status?: unknown; statusCode?: unknown; message?: unknown; traceId?: unknown };
    const code = [statusCode, status].find((value): value is number => typeof value === 'number' && value >= 400 && value <= 599);
    const trace = typeof traceId === 'string' && /^[0-9a-f]{32}$/.test(traceId) ? { traceId } : {};
    if (code === undefined) return { status: DEFAULT_ERROR_STATUS, message: DEFAULT_ERROR_MESSAGE, ...trace };
    return { status: code, message: typeof message === 'string' && message ? message : DEFAULT_ERROR_MESSAGE, ...trace };
  }
  return { status: DEFAULT_ERROR_STATUS, message: DEFAULT_ERROR_MESSAGE };
}
