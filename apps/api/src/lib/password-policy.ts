import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@orchard/shared';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

let common: Set<string> | undefined;

/** True when the password (ignoring case) is one of the 10,000 most common ones. */
function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password.toLowerCase());
}

/** Why a new password is refused, in words for the form, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (isCommonPassword(password)) return 'This password is too common and easy to guess. Choose another one.';
  return null;
}
