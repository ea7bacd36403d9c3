import { z } from 'zod';
import { decimalStringToMinor } from '@orchard/shared/money';

export interface MoneyTextMessages {
  required: string;
  invalid: string;
  tooLow: string;
  tooHigh: string;
}

/**
 * A money field's text ("12.50", "12,5", "1 000") → integer minor units, exact to the currency's
 * decimals (no floats: the shared decimal parser), within [min, max] minor units inclusive.
 */
export function moneyText(fractionDigits: number, limits: { min: number; max: number }, messages: MoneyTextMessages) {
  return z.string().transform((text, context) => {
    const compact = text.trim().replace(/\s/g, '');
    const minor = compact === '' ? null : decimalStringToMinor(compact, fractionDigits);
    const problem =
      compact === ''
        ? messages.required
        : minor === null || minor <= 0
          ? messages.invalid
          : minor < limits.min
            ? messages.tooLow
            : minor > limits.max
              ? messages.tooHigh
              : null;
    if (problem !== null || minor === null) {
      context.addIssue({ code: 'custom', message: problem ?? messages.invalid });
      return z.NEVER;
    }
    return minor;
  });
}
