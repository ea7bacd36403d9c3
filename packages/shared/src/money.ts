/**
 * Money is an integer of minor units everywhere (SPEC.md, Principles). These helpers turn it
 * into an exact decimal string and back without floating point.
 */
export function assertMinorUnits(value: number): void {
  if (!Number.isSafeInteger(value)) throw new TypeError(`Money must be an integer of minor units, got ${value}`);
}

/** 1250, 2 → "12.50"; -5, 2 → "-0.05"; 7, 0 → "7". */
export function minorToDecimalString(minor: number, fractionDigits: number): string {
  assertMinorUnits(minor);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(fractionDigits + 1, '0');
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
