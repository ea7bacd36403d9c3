/**
 * The closed vocabulary of API errors (docs/decisions/0008-error-vocabulary.md): every `code` the
 * API can answer with, the HTTP status it is answered with (`also`: the few other statuses a code
 * is answered with in a named case; apps/api/test/error-vocabulary.test.ts checks the throw sites),
 * and a default English message for logs and for clients that have no text of their own. The
 * server cannot throw a code that is not here (AppError takes an ErrorCode); the web app must have
 * a message for each (apps/web/src/locales/errors.ts is typed Record<ErrorCode, string>). Free of
 * zod, so first-load code may import it.
 *
 * Adding a code: add a row here (grouped by area), then its web message; both type checks fail until then.
 */
export const ERRORS = {
  // Generic, shared by every area.
  VALIDATION_FAILED: { status: 400, message: 'Some fields need attention.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state. Reload and try again.' },
  UNPROCESSABLE: { status: 422, message: 'The request cannot be carried out.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Internal Server Error' },
  UNAVAILABLE: { status: 503, message: 'Service Unavailable' },
  /** Maintenance mode is on: money does not move (apps/api/src/plugins/maintenance.ts); reads go on. */
  MAINTENANCE: { status: 503, message: 'Money cannot move while the service is being upgraded. Try again in a few minutes.' },
  // Framework and transport refusals (apps/api/src/plugins/errors.ts).
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  URI_TOO_LONG: { status: 414, message: 'The address of the request is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as application/json.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  CROSS_SITE_REFUSED: { status: 403, message: 'This request came from another site and was refused.' },
  // Safe retries (apps/api/src/plugins/idempotency.ts).
  IDEMPOTENCY_KEY_MISSING: { status: 400, message: 'This request needs an Idempotency-Key header.' },
  IDEMPOTENCY_KEY_INVALID: { status: 400, message: 'The Idempotency-Key must be 1 to 200 visible ASCII characters.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'This Idempotency-Key was already used for another request.' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, message: 'The same request is still running. Try again in a moment.' },
  // Accounts (apps/api/src/modules/accounts).
  INVALID_CREDENTIALS: { status: 401, message: 'The account or password is wrong.' },
  ACCOUNT_FROZEN: { status: 403, message: 'This account is frozen.' },
  /** Close my account (modules/account-closure): something is pending or money is left (fields name what). */
  ACCOUNT_NOT_CLOSABLE: { status: 409, message: 'This account cannot be closed yet.' },
  CODE_INVALID: { status: 400, message: 'That code is wrong.' },
  CODE_NOT_FOUND: { status: 404, message: 'This code request does not exist. Request a new code.' },
  /** 409 when verifying an account that is verified already. */
  CODE_USED: { status: 400, also: [409], message: 'This code was already used.' },
  CODE_VOID: { status: 400, message: 'This code no longer works. Request a new code.' },
  CODE_EXPIRED: { status: 400, message: 'This code has expired. Request a new one.' },
  CODE_REPLACED: { status: 409, message: 'A newer code was sent. Use the newest one.' },
  LINK_INVALID: { status: 400, message: 'This sign-in link is not valid.' },
  LINK_USED: { status: 400, message: 'This sign-in link was already used.' },
  LINK_EXPIRED: { status: 400, message: 'This sign-in link has expired.' },
  /** A console role's session has not proved its second factor yet (modules/accounts/second-factor.ts). */
  SECOND_FACTOR_REQUIRED: { status: 403, message: 'Confirm it is you with your second factor to use the console.' },
  // Money (apps/api/src/ledger, modules/recharge).
  AMOUNT_TOO_LARGE: { status: 400, message: 'This amount is larger than allowed.' },
  BALANCE_LIMIT: { status: 409, message: 'This would take the balance past its limit.' },
  INSUFFICIENT_FUNDS: { status: 409, message: 'The balance is too low for this.' },
  ALREADY_CREDITED: { status: 409, message: 'This recharge order has already been credited.' },
  ORDER_NOT_OPEN: { status: 409, message: 'This recharge order is closed.' },
  ORDER_EXPIRED: { status: 409, message: 'This recharge order has expired.' },
  TOO_MANY_OPEN_ORDERS: { status: 409, message: 'Too many recharge orders are open.' },
  INVALID_SIGNATURE: { status: 401, message: 'The signature of this webhook is not valid.' },
  // Plans, purchases, coupons (apps/api/src/modules/plans).
  PLAN_NOT_ON_SALE: { status: 409, message: 'This plan is not on sale.' },
  PLAN_SOLD_OUT: { status: 409, message: 'This plan is sold out.' },
  PLAN_LIMIT_REACHED: { status: 409, message: 'You have bought this plan as many times as allowed.' },
  PRICE_CHANGED: { status: 409, message: 'The price changed. Check the new price and confirm again.' },
  COUPON_NOT_APPLICABLE: { status: 422, message: 'This coupon cannot be used here.' },
  COUPON_CODE_TAKEN: { status: 409, message: 'A coupon with this code exists already.' },
  REFUND_NOT_ALLOWED: { status: 409, message: 'This purchase cannot be refunded.' },
  // Withdrawals and bank accounts (apps/api/src/modules/withdrawals).
  STEP_UP_REQUIRED: { status: 403, message: 'Enter your password again to confirm.' },
  STEP_UP_FAILED: { status: 403, message: 'That password is wrong.' },
  // Passkeys (apps/api/src/modules/accounts/passkeys.ts).
  PASSKEY_FAILED: { status: 401, also: [400, 403], message: 'That passkey could not be used. Try again, or use your password.' },
  PASSKEY_CHALLENGE_EXPIRED: { status: 400, message: 'That took too long. Try again.' },
  PASSKEYS_LIMIT: { status: 409, message: 'You have as many passkeys as allowed. Remove one first.' },
  WITHDRAWALS_DISABLED: { status: 409, message: 'Withdrawals are paused for now.' },
  BANK_ACCOUNTS_LIMIT: { status: 409, message: 'You have as many bank accounts as allowed.' },
  BANK_ACCOUNT_COOLING_DOWN: { status: 409, message: 'This bank account can receive payouts a little later.' },
  WITHDRAWAL_AMOUNT_OUT_OF_RANGE: { status: 400, message: 'This amount is outside the withdrawal limits.' },
  WITHDRAWAL_DAILY_LIMIT: { status: 409, message: 'This is more than may be withdrawn today.' },
  WITHDRAWAL_NOT_PENDING: { status: 409, message: 'This withdrawal is no longer pending.' },
  TOO_MANY_PENDING_WITHDRAWALS: { status: 409, message: 'Too many withdrawals are waiting to be paid.' },
  FEE_CHANGED: { status: 409, message: 'The fee changed. Check the new amounts and confirm again.' },
  // Referral holds (apps/api/src/modules/team).
  REFERRAL_HOLD_NOT_FOUND: { status: 404, message: 'This member has no referral review.' },
  REFERRAL_HOLD_DECIDED: { status: 409, message: 'This referral review was already decided.' },
  // Two-person approval (apps/api/src/modules/approvals).
  APPROVAL_NOT_FOUND: { status: 404, message: 'This approval request does not exist.' },
  APPROVAL_DECIDED: { status: 409, message: 'This request was already decided.' },
  APPROVAL_EXPIRED: { status: 409, message: 'This request expired before anyone decided it.' },
  APPROVAL_OWN_REQUEST: { status: 403, message: 'Another person must decide your own request.' },
  // Bank reconciliation (apps/api/src/modules/reconciliation).
  BANK_LINE_NOT_FOUND: { status: 404, message: 'This bank line does not exist.' },
  BANK_LINE_DECIDED: { status: 409, message: 'This bank line was already decided.' },
} as const satisfies Record<string, { status: number; also?: readonly number[]; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Every code, in the table's order. */
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
