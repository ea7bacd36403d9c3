/**
 * Money is an integer of minor units everywhere (docs/product.md, Principles). These helpers turn it
 * into an exact decimal string and back without floating point.
 */
export function assertMinorUnits(value: number): void {
  if (!Number.isSafeInteger(value)) throw new TypeError(`Money must be an integer of minor units, got ${value}`);
}

/**
 * Hard ceilings, the same numbers as the database's CHECK constraints (migration 0202): one
 * movement moves at most AMOUNT_MAX_MINOR_CEILING minor units and a member balance holds at most
 * BALANCE_MAX_MINOR_CEILING. Both are well below 2^53, so every single amount and balance is an
 * exact JSON number; sums over many accounts are not, and travel as decimal strings
 * (`MinorUnitsText`). The server's AMOUNT_MAX_MINOR / BALANCE_MAX_MINOR settings default to these
 * and may only lower them.
 */
export const AMOUNT_MAX_MINOR_CEILING = 1_000_000_000_000;
export const BALANCE_MAX_MINOR_CEILING = 1_000_000_000_000_000;

/** A whole number of minor units written in decimal digits ("-123"): exact at any size. */
export type MinorUnitsText = string;
const INTEGER_TEXT = /^-?\d+$/;

/**
 * 1250, 2 → "12.50"; -5, 2 → "-0.05"; 7, 0 → "7". Also takes a bigint or an integer string, for
 * sums past 2^53 (e.g. "90071992547409930", 2 → "900719925474099.30"), exactly.
 */
export function minorToDecimalString(minor: number | bigint | MinorUnitsText, fractionDigits: number): string {
  let text: string;
  if (typeof minor === 'number') {
    assertMinorUnits(minor);
    text = String(minor);
  } else if (typeof minor === 'bigint') {
    text = minor.toString();
  } else {
    if (!INTEGER_TEXT.test(minor)) throw new TypeError(`Money must be an integer of minor units, got ${JSON.stringify(minor)}`);
    text = BigInt(minor).toString();
  }
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).padStart(fractionDigits + 1, '0');
  const whole = fractionDigits === 0 ? digits : digits.slice(0, -fractionDigits);
  const fraction = fractionDigits === 0 ? '' : `.${digits.slice(-fractionDigits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * "12.5" → 1250 with 2 digits. Returns null for anything that is not a plain non-negative
 * decimal with at most `fractionDigits` decimals (so "1e3", "12.345" and "-1" are refused).
 */
export function decimalStringToMinor(text: string, fractionDigits: number): number | null {
  const match = /^(\d{1,15})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > fractionDigits) return null;
  const minor = Number(match[1]) * 10 ** fractionDigits + Number(fraction.padEnd(fractionDigits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}
