import { accountProblem, newPasswordProblem } from './checks';
import type { AccountsTranslate } from './messages';

/** Client-side messages, worded like the server's, through the accounts namespace. */
export function accountError(t: AccountsTranslate, value: string): string | undefined {
  const problem = accountProblem(value);
  if (problem === 'required') return t('check.accountRequired');
  if (problem === 'invalid') return t('check.accountInvalid');
  return undefined;
}

export function newPasswordErrors(t: AccountsTranslate, password: string, repeat: string, min = 8, max = 128) {
  const problem = newPasswordProblem(password, repeat, min, max);
  return {
    password:
      problem === 'required'
        ? t('check.passwordRequired')
        : problem === 'tooShort'
          ? t('check.passwordTooShort', { min })
          : problem === 'tooLong'
            ? t('check.passwordTooLong', { max })
            : undefined,
    repeat: problem === 'mismatch' ? t('check.passwordMismatch') : undefined,
  };
}
