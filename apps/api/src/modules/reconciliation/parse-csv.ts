import type { BankCsvMapping } from '@orchard/shared';
import { parseCsv } from '../../lib/csv';
import { minorUnitDigits } from '../../ledger/index';
import { bankAmountToMinor, isCalendarDay, type ParsedStatement, STATEMENT_LINES_MAX, type StatementLine, statementError } from './statement-line';

/**
 * A bank's CSV statement read with the columns the operator mapped (remembered per bank name):
 * the header names the columns; each row is a line. A CSV carries no bank reference of its own
 * unless the mapping names one, so most CSV lines are identified by their fields (statement-line.ts).
 * The statement's closing balance is the balance column of its last dated row, when mapped.
 */
function isoDate(value: string, format: BankCsvMapping['dateFormat']): string | null {
  const trimmed = value.trim().slice(0, 10);
  const parts = trimmed.split(/[-/.]/);
  if (parts.length !== 3) return null;
  const [a = '', b = '', c = ''] = parts;
  const [year, month, day] =
    format === 'YYYY-MM-DD' ? [a, b, c] : format === 'MM/DD/YYYY' ? [c, a, b] : [c, b, a];
  const iso = `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
}

function columnIndex(header: string[], name: string | undefined): number | null {
  if (!name) return null;
  const index = header.findIndex((cell) => cell.trim().toLowerCase() === name.trim().toLowerCase());
  if (index < 0) throw statementError(`The file has no column "${name}".`);
  return index;
}

interface Columns {
  date: number;
  amount: number | null;
  credit: number | null;
  debit: number | null;
  details: number;
  reference: number | null;
  counterparty: number | null;
  balance: number | null;
}

function columnsOf(header: string[], mapping: BankCsvMapping): Columns {
  const columns = {
    date: columnIndex(header, mapping.date)!,
    amount: columnIndex(header, mapping.amount),
    credit: columnIndex(header, mapping.credit),
    debit: columnIndex(header, mapping.debit),
    details: columnIndex(header, mapping.details)!,
    reference: columnIndex(header, mapping.reference),
    counterparty: columnIndex(header, mapping.counterparty),
    balance: columnIndex(header, mapping.balance),
  };
  if (columns.amount === null && (columns.credit === null || columns.debit === null)) {
    throw statementError('Map an amount column, or both a credit and a debit column.');
  }
  return columns;
}

function rowLine(cells: string[], row: number, columns: Columns, mapping: BankCsvMapping, currency: string): StatementLine {
  const cell = (index: number | null) => (index === null ? '' : (cells[index] ?? '').trim());
  const digits = minorUnitDigits(currency);
  const money = (value: string) => (value === '' ? 0 : bankAmountToMinor(value, digits, mapping.decimalMark));
  const bookedOn = isoDate(cell(columns.date), mapping.dateFormat);
  if (!bookedOn) throw statementError(`Row ${row}: "${cell(columns.date)}" is not a date written ${mapping.dateFormat}.`);
  const amount =
    columns.amount !== null ? money(cell(columns.amount)) : (money(cell(columns.credit)) ?? NaN) - Math.abs(money(cell(columns.debit)) ?? NaN);
  if (amount === null || !Number.isSafeInteger(amount) || amount === 0) {
    throw statementError(`Row ${row}: the amount is not one this platform can read in ${currency}.`);
  }
  const balance = cell(columns.balance);
  const reference = cell(columns.reference);
  return {
    bankReference: reference || null,
    bookedOn,
    amount,
    currency,
    details: cell(columns.details).slice(0, 500),
    counterparty: cell(columns.counterparty).slice(0, 200),
    // A CSV says a line reverses an earlier one only in its text.
    reversal: /\b(reversal|return(ed)?|r[eé]tour|devoluci[oó]n|storno)\b|退回|冲正/i.test(cell(columns.details)),
    balanceAfter: balance ? money(balance) : null,
  };
}

export function parseCsvStatement(content: string, mapping: BankCsvMapping, currency: string): ParsedStatement {
  const table = parseCsv(content.replace(/^\uFEFF/, ''), STATEMENT_LINES_MAX + 1, mapping.delimiter);
  if (!table) throw statementError(`This is not a CSV file of at most ${STATEMENT_LINES_MAX} lines.`);
  const [header, ...rows] = table;
  if (!header || rows.length === 0) throw statementError('The file has no rows after the header.');
  const columns = columnsOf(header, mapping);
  const lines = rows.map((cells, index) => rowLine(cells, index + 2, columns, mapping, currency));
  const last = [...lines].reverse().find((line) => line.balanceAfter !== null);
  return { currency, lines, closingBalance: last?.balanceAfter ?? null, closingOn: last?.bookedOn ?? null };
}
