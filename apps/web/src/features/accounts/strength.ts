/**
 * A password strength hint for the forms (issue 3 item 7). It only advises: the server decides
 * (length 8–128 and not in its common-password list). The estimate is deliberately simple — a
 * guess at how many guesses a password needs, lowered for the patterns people reach for first.
 */
export type StrengthLevel = 'empty' | 'weak' | 'fair' | 'good' | 'strong';

const PATTERNS = [
  'password',
  'passwort',
  'qwerty',
  'azerty',
  'asdf',
  'zxcv',
  'letmein',
  'welcome',
  'admin',
  'login',
  'iloveyou',
  'monkey',
  'dragon',
  'abc',
  'orchard',
];

/** Runs like `1234`, `abcd`, `9876` of at least 3 characters count as one character. */
function sequenceLength(value: string): number {
  let removed = 0;
  let run = 1;
  for (let index = 1; index < value.length; index++) {
    const step = value.charCodeAt(index) - value.charCodeAt(index - 1);
    if (Math.abs(step) === 1 || step === 0) {
      run += 1;
    } else {
      if (run >= 3) removed += run - 1;
      run = 1;
    }
  }
  if (run >= 3) removed += run - 1;
  return removed;
}

/** Estimated bits of guessing work. */
export function passwordBits(password: string): number {
  if (!password) return 0;
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/\d/.test(password)) pool += 10;
  if (/[^a-zA-Z\d]/.test(password)) pool += 33;
  const lower = password.toLowerCase();
  let effective = password.length - sequenceLength(lower);
  for (const pattern of PATTERNS) if (lower.includes(pattern)) effective -= pattern.length - 1;
  // Few distinct characters (aaaaaaa1, 12121212) add little.
  effective = Math.min(effective, new Set(lower).size * 2);
  return Math.max(1, effective) * Math.log2(Math.max(pool, 10));
}

export function passwordStrength(password: string, minLength = 8): StrengthLevel {
  if (!password) return 'empty';
  const bits = passwordBits(password);
  if (password.length < minLength || bits < 35) return 'weak';
  if (bits < 50) return 'fair';
  if (bits < 70) return 'good';
  return 'strong';
}
