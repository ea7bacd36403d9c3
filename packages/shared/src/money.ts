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

/**
 * A money setting as an operator types it in the console ("10", "10.50", "1 000,5") → minor units,
 * exactly. Null for anything else: empty text, a sign, an exponent, more decimals than the
 * currency has (12.345 dollars is refused, never rounded) or more than `max` minor units.
 */
export function moneyTextToMinor(text: string, fractionDigits: number, max = AMOUNT_MAX_MINOR_CEILING): number | null {
  const minor = decimalStringToMinor(text.replace(/\s/g, ''), fractionDigits);
  return minor !== null && minor <= max ? minor : null;
}

/**
 * A rate typed as a percentage ("10", "2.5", "0.01", "12,5 %") → basis points (100 = 1 %). Null
 * when it is not a percentage with at most 2 decimals (1.234 % is refused, never rounded) or is
 * above `maxBasisPoints`.
 */
export function percentTextToBasisPoints(text: string, maxBasisPoints = 10_000): number | null {
  const compact = text.replace(/\s/g, '').replace(/%$/, '');
  const basisPoints = compact ? decimalStringToMinor(compact, 2) : null;
  return basisPoints !== null && basisPoints <= maxBasisPoints ? basisPoints : null;
}

/** 1000 → "10", 250 → "2.5", 1 → "0.01": a rate in basis points as a person would type it back. */
export function basisPointsToPercentText(basisPoints: number): string {
  const text = minorToDecimalString(basisPoints, 2);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
