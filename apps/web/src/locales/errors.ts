import type { ErrorCode } from '@orchard/shared';
import { namespaceIn } from '../lib/i18n';

/** Failures the client itself names: no answer at all, or an answer not in the API's shape. */
type ClientErrorCode = 'NETWORK' | 'HTTP_ERROR';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * What a person reads for each error code (docs/decisions/0008-error-vocabulary.md), in English.
 * Typed over the closed vocabulary of packages/shared/src/error-codes.ts: a code without a
 * message here is a type error. Another language is one more catalogue of the same type
 * (partial is allowed: missing codes fall back to English).
 */
export const errorMessagesEn: Record<ApiErrorCode, string> = {
  VALIDATION_FAILED: 'Some fields need attention.',
  BAD_REQUEST: 'Something in the request was not right. Reload the page and try again.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You are not allowed to do that.',
  NOT_FOUND: 'We could not find that. It may have been removed.',
  CONFLICT: 'This changed in the meantime. Reload and try again.',
  UNPROCESSABLE: 'This cannot be done as asked.',
  RATE_LIMITED: 'Too many attempts. Wait a moment and try again.',
  INTERNAL: 'Something went wrong on our side. Try again in a moment.',
  UNAVAILABLE: 'The service is busy right now. Try again in a moment.',
  METHOD_NOT_ALLOWED: 'This action is not available here.',
  REQUEST_TIMEOUT: 'The request took too long. Check your connection and try again.',
  PAYLOAD_TOO_LARGE: 'That is too much to send at once.',
  URI_TOO_LONG: 'That address is too long.',
  UNSUPPORTED_MEDIA_TYPE: 'Something in the request was not right. Reload the page and try again.',
  HEADERS_TOO_LARGE: 'The request was too large. Clear this site’s cookies and try again.',
  CROSS_SITE_REFUSED: 'This request came from another site and was refused.',
  IDEMPOTENCY_KEY_MISSING: 'Something in the request was not right. Reload the page and try again.',
  IDEMPOTENCY_KEY_INVALID: 'Something in the request was not right. Reload the page and try again.',
  IDEMPOTENCY_KEY_REUSED: 'This was already sent with different details. Start again.',
  IDEMPOTENCY_IN_PROGRESS: 'This is still being processed. Wait a moment.',
  INVALID_CREDENTIALS: 'The account or password is wrong.',
  ACCOUNT_FROZEN: 'This account is frozen. Contact support.',
  ACCOUNT_NOT_CLOSABLE: 'This account cannot be closed yet: see what is still open.',
  CODE_INVALID: 'That code is wrong. Check it and try again.',
  CODE_NOT_FOUND: 'This code is no longer valid. Request a new one.',
  CODE_USED: 'This code was already used.',
  CODE_VOID: 'This code no longer works. Request a new one.',
  CODE_EXPIRED: 'This code has expired. Request a new one.',
  CODE_REPLACED: 'A newer code was sent. Use the newest one.',
  LINK_INVALID: 'This sign-in link is not valid. Request a new one.',
  LINK_USED: 'This sign-in link was already used. Request a new one.',
  LINK_EXPIRED: 'This sign-in link has expired. Request a new one.',
  MAINTENANCE: 'Money cannot move while the service is being upgraded. Try again in a few minutes.',
  SECOND_FACTOR_REQUIRED: 'Confirm it is you with your second factor to use the console.',
  AMOUNT_TOO_LARGE: 'This amount is larger than allowed.',
  BALANCE_LIMIT: 'This would take the balance past its limit.',
  INSUFFICIENT_FUNDS: 'The balance is too low for this.',
  ALREADY_CREDITED: 'This recharge has already been credited.',
  ORDER_NOT_OPEN: 'This recharge order is closed.',
  ORDER_EXPIRED: 'This recharge order has expired. Start a new one.',
  TOO_MANY_OPEN_ORDERS: 'You have too many open recharge orders. Finish or cancel one first.',
  INVALID_SIGNATURE: 'The signature is not valid.',
  PLAN_NOT_ON_SALE: 'This plan is not on sale right now.',
  PLAN_SOLD_OUT: 'This plan is sold out.',
  PLAN_LIMIT_REACHED: 'You have bought this plan as many times as allowed.',
  PRICE_CHANGED: 'The price changed. Check the new price and confirm again.',
  COUPON_NOT_APPLICABLE: 'This coupon cannot be used here.',
  COUPON_CODE_TAKEN: 'A coupon with this code exists already.',
  REFUND_NOT_ALLOWED: 'This purchase cannot be refunded.',
  STEP_UP_REQUIRED: 'Enter your password again to confirm.',
  STEP_UP_FAILED: 'That password is wrong.',
  PASSKEY_FAILED: 'That passkey could not be used. Try again, or use your password.',
  PASSKEY_CHALLENGE_EXPIRED: 'That took too long. Try again.',
  PASSKEYS_LIMIT: 'You have as many passkeys as allowed. Remove one first.',
  WITHDRAWALS_DISABLED: 'Withdrawals are paused for now. Please try again later.',
  BANK_ACCOUNTS_LIMIT: 'You have as many bank accounts as allowed. Remove one to add another.',
  BANK_ACCOUNT_COOLING_DOWN: 'This bank account is new: it can receive payouts a little later.',
  WITHDRAWAL_AMOUNT_OUT_OF_RANGE: 'This amount is outside the withdrawal limits.',
  WITHDRAWAL_DAILY_LIMIT: 'This is more than you may withdraw today.',
  WITHDRAWAL_NOT_PENDING: 'This withdrawal is no longer pending.',
  TOO_MANY_PENDING_WITHDRAWALS: 'You have as many withdrawals waiting to be paid as allowed. Cancel one, or wait until one is paid.',
  FEE_CHANGED: 'The fee changed. Check the new amounts and confirm again.',
  REFERRAL_HOLD_NOT_FOUND: 'This member has no referral review.',
  REFERRAL_HOLD_DECIDED: 'This referral review was already decided.',
  BANK_LINE_NOT_FOUND: 'This bank line does not exist.',
  BANK_LINE_DECIDED: 'This bank line was already decided.',
  APPROVAL_NOT_FOUND: 'This approval request does not exist.',
  APPROVAL_DECIDED: 'This request was already decided.',
  APPROVAL_EXPIRED: 'This request expired before anyone decided it.',
  APPROVAL_OWN_REQUEST: 'Another person must decide your own request.',
  NETWORK: 'No connection. Check your network and try again.',
  HTTP_ERROR: 'Something went wrong. Try again in a moment.',
};

/** The catalogue of a language: English here, the others from their loaded bundle (lib/language.ts). */
function errorMessagesIn(language: string): Partial<Record<ApiErrorCode, string>> | undefined {
  return language === 'en' ? errorMessagesEn : (namespaceIn(language, 'errors') as Partial<Record<ApiErrorCode, string>> | undefined);
}

/**
 * Codes whose server text is meant for developers ("Service Unavailable", "Send the request body as
 * application/json"): a person reads the catalogue's text for them even in English. For every other
 * code the server's English text is the more specific one ("Try again in 14 minutes").
 */
const TECHNICAL_SERVER_TEXT = new Set<ApiErrorCode>([
  'INTERNAL',
  'UNAVAILABLE',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'IDEMPOTENCY_KEY_MISSING',
  'IDEMPOTENCY_KEY_INVALID',
  'INVALID_SIGNATURE',
  'HTTP_ERROR',
]);

/** What a person reads for an API failure (an ApiError) in their language. */
export function readableMessage(error: { code: ApiErrorCode; message: string }, locale = 'en'): string {
  const language = locale.split('-')[0] ?? 'en';
  if (language === 'en' && !TECHNICAL_SERVER_TEXT.has(error.code) && error.message) return error.message;
  // A code this build does not know (a newer server) has no catalogue entry: the server's text then.
  // Any other language: its catalogue's text, else the server's (already in the language asked for).
  return errorMessagesIn(language)?.[error.code] ?? error.message ?? errorMessagesEn[error.code];
}
