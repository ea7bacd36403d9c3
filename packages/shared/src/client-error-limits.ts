/**
 * Bounds of the open crash-report endpoint: characters per field (the web app cuts to these), the
 * reports one address may send per minute, and the window within which identical reports are
 * logged once with a count. Its own zod-free module: the web app's first load imports it
 * (docs/decisions/0004: zod stays out of the first load).
 */
export const CLIENT_ERROR_LIMITS = {
  message: 1000,
  stack: 4000,
  path: 512,
  buildId: 100,
  perAddressPerMinute: 20,
  repeatWindowMs: 5 * 60_000,
} as const;
