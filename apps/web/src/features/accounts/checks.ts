/**
 * Small hand-written checks for the auth forms. They mirror the shared zod contracts (which the
 * server applies) without bringing zod into the first load (docs/decisions/0004).
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9]\d{7,14}$/;

export type AccountProblem = 'required' | 'invalid' | null;

/** An account is an email address or a phone number with its country code. */
export function accountProblem(value: string): AccountProblem {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  if (trimmed.includes('@')) return trimmed.length <= 254 && EMAIL.test(trimmed) ? null : 'invalid';
  return PHONE.test(trimmed.replace(/[\s().-]/g, '')) ? null : 'invalid';
}

export type NewPasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'mismatch' | null;

/** A new password: 8–128 characters, no composition rules; `repeat` must match when given. */
export function newPasswordProblem(value: string, repeat?: string, min = 8, max = 128): NewPasswordProblem {
  if (!value) return 'required';
  if (value.length < min) return 'tooShort';
  if (value.length > max) return 'tooLong';
  if (repeat !== undefined && repeat !== value) return 'mismatch';
  return null;
}

/** Codes arrive as 6 digits; people paste them with spaces or dashes. */
export function normalizeCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}
