/**
 * Errors that mean "the database went away", not "the request was wrong": a server restart,
 * a failover or an administrator terminating the backend (SQLSTATE 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now, class 08 connection exceptions), or the
 * driver noticing the socket is gone. The transaction that was running is rolled back by the
 * server, so nothing half-done remains; the caller answers 503 with Retry-After and a retry with
 * the same Idempotency-Key runs on a fresh connection.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres and pg-pool say when a connection is lost or cannot be had. */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];

/** True when `error`, or any error it wraps (drizzle wraps driver errors in `cause`), is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before retrying after the database went away (a restart or failover takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
