import { createHash } from 'node:crypto';
import { decimalStringToMinor } from '@orchard/shared';
import { AppError } from '../../errors';

/** One line of a bank statement as the parsers hand it on, whatever the file's shape. */
export interface StatementLine {
  /** The bank's own reference for the line, when it gives one (camt.053 AcctSvcrRef or EndToEndId). */
  bankReference: string | null;
  bookedOn: string;
  /** Signed minor units: positive came in, negative went out. */
  amount: number;
  currency: string;
  details: string;
  counterparty: string;
  reversal: boolean;
  balanceAfter: number | null;
}

/** What a parser found: the lines, the statement's currency and its closing balance when stated. */
export interface ParsedStatement {
  currency: string;
  lines: StatementLine[];
  closingBalance: number | null;
  closingOn: string | null;
}

/** The most lines one statement may carry (a bank's day is far fewer). */
export const STATEMENT_LINES_MAX = 5000;

export function statementError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Some fields need attention.', { content: message });
}

/** A real calendar day (yyyy-mm-dd) of years 1–9999, as PostgreSQL stores a date. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '0001-01-01') return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/**
 * An amount as banks write it: "1,234.56", "1.234,56", "-12.00", "(12.00)", "12.00-", "€ 12,00" →
 * signed minor units, exactly (more decimals than the currency has is refused, never rounded).
 */
export function bankAmountToMinor(text: string, fractionDigits: number, decimalMark: '.' | ','): number | null {
  let value = text.replace(/[\s\u00a0'’]/g, '').replace(/[^\d.,()+-]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.endsWith('-')) {
    negative = !negative;
    value = value.slice(0, -1);
  }
  if (value.startsWith('-') || value.startsWith('+')) {
    negative = value.startsWith('-') ? !negative : negative;
    value = value.slice(1);
  }
  const thousands = decimalMark === '.' ? ',' : '.';
  value = value.split(thousands).join('');
  if (decimalMark === ',') value = value.replace(',', '.');
  if (value.includes(',')) return null;
  const minor = decimalStringToMinor(value, fractionDigits);
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/**
 * Each line's identity within its bank: the bank's reference when it gives one; otherwise a hash of
 * the line's own fields and its rank among identical lines of the same file (two equal payments on
 * one day stay two lines; the same line in an overlapping file gets the same rank and so the same
 * identity, as long as the overlapping file holds that whole day).
 */
export function lineIdentities(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.bankReference) return `ref:${line.bankReference}`.slice(0, 200);
    const fields = JSON.stringify([line.bookedOn, line.amount, line.currency, line.details, line.counterparty, line.reversal]);
    const rank = (seen.get(fields) ?? 0) + 1;
    seen.set(fields, rank);
    return `sha256:${createHash('sha256').update(`${fields}#${rank}`).digest('hex')}`;
  });
}
