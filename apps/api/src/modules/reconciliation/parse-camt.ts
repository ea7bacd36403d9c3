import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { minorUnitDigits } from '../../ledger/index';
import { bankAmountToMinor, isCalendarDay, type ParsedStatement, STATEMENT_LINES_MAX, type StatementLine, statementError } from './statement-line';

/**
 * ISO 20022 camt.053 (bank-to-customer statement), read with fast-xml-parser: any namespace
 * version (053.001.02 … .08), namespace prefixes dropped, no entities expanded. Each booked entry
 * (Ntry) is a line; an entry that batches several transactions (several TxDtls with their own
 * amounts) is one line per transaction. The closing booked balance (CLBD) is the statement's.
 */
type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => ['Stmt', 'Ntry', 'TxDtls', 'Bal', 'Ustrd'].includes(name),
});

const asNode = (value: unknown): Node => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {});
const asList = (value: unknown): Node[] => (Array.isArray(value) ? value.map(asNode) : value === undefined ? [] : [asNode(value)]);
const text = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  const node = asNode(value);
  return typeof node['#text'] === 'string' || typeof node['#text'] === 'number' ? String(node['#text']).trim() : '';
};
const at = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((current, key) => asNode(current)[key], node);

/** An Amt element (`<Amt Ccy="EUR">12.50</Amt>`) with its credit/debit sign → signed minor units. */
function amountOf(amt: unknown, sign: string): { amount: number; currency: string } | null {
  const currency = String(asNode(amt)['@Ccy'] ?? '').trim();
  if (!/^[A-Z]{3}$/.test(currency)) return null;
  const minor = bankAmountToMinor(text(amt), minorUnitDigits(currency), '.');
  if (minor === null || minor <= 0) return null;
  return { amount: sign === 'DBIT' ? -minor : minor, currency };
}

function bookedOn(entry: Node): string {
  const date = text(at(entry, 'BookgDt', 'Dt')) || text(at(entry, 'BookgDt', 'DtTm')).slice(0, 10) || text(at(entry, 'ValDt', 'Dt'));
  if (!isCalendarDay(date)) throw statementError('An entry has no booking date.');
  return date;
}

/** What the payer wrote and who they are: the unstructured remittance lines and the structured reference. */
function detailsOf(tx: Node, entry: Node, credit: boolean): { details: string; counterparty: string } {
  const lines = [
    ...(Array.isArray(at(tx, 'RmtInf', 'Ustrd')) ? (at(tx, 'RmtInf', 'Ustrd') as unknown[]).map(text) : []),
    text(at(tx, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref')),
    text(entry['AddtlNtryInf']),
  ];
  const party = credit ? at(tx, 'RltdPties', 'Dbtr') : at(tx, 'RltdPties', 'Cdtr');
  const counterparty = text(at(party, 'Nm')) || text(at(party, 'Pty', 'Nm'));
  return { details: [...new Set(lines.filter(Boolean))].join(' ').slice(0, 500), counterparty: counterparty.slice(0, 200) };
}

function bankReferenceOf(tx: Node, entry: Node): string | null {
  const candidates = [text(at(tx, 'Refs', 'AcctSvcrRef')), text(entry['AcctSvcrRef']), text(at(tx, 'Refs', 'EndToEndId'))];
  return candidates.find((value) => value && value !== 'NOTPROVIDED') ?? null;
}

/** One entry's lines: the entry itself, or each of its transactions when they carry their own amounts. */
function entryLines(entry: Node): StatementLine[] {
  if (text(entry['Sts']) && !['BOOK', ''].includes(text(at(entry, 'Sts', 'Cd')) || text(entry['Sts']))) return [];
  const sign = text(entry['CdtDbtInd']);
  const reversal = text(entry['RvslInd']).toLowerCase() === 'true';
  const date = bookedOn(entry);
  const transactions = asList(at(entry, 'NtryDtls', 'TxDtls'));
  const split = transactions.length > 1 && transactions.every((tx) => tx['Amt'] !== undefined || at(tx, 'AmtDtls', 'TxAmt', 'Amt') !== undefined);
  const parts = split ? transactions : [transactions[0] ?? {}];
  return parts.map((tx) => {
    const amt = split ? (tx['Amt'] ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt')) : entry['Amt'];
    const money = amountOf(amt, text(tx['CdtDbtInd']) || sign);
    if (!money) throw statementError(`An entry of ${date} has no amount this platform can read.`);
    const { details, counterparty } = detailsOf(tx, entry, money.amount > 0);
    return { bankReference: bankReferenceOf(tx, entry), bookedOn: date, ...money, details, counterparty, reversal, balanceAfter: null };
  });
}

function closingBalance(statement: Node): { closingBalance: number | null; closingOn: string | null } {
  const closing = asList(statement['Bal']).find((bal) => text(at(bal, 'Tp', 'CdOrPrtry', 'Cd')) === 'CLBD');
  if (!closing) return { closingBalance: null, closingOn: null };
  const money = amountOf(closing['Amt'], text(closing['CdtDbtInd']));
  const on = text(at(closing, 'Dt', 'Dt')) || text(at(closing, 'Dt', 'DtTm')).slice(0, 10);
  return { closingBalance: money?.amount ?? null, closingOn: isCalendarDay(on) ? on : null };
}

export function parseCamt053(xml: string): ParsedStatement {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw statementError('The file declares a DOCTYPE or entities; a bank statement does not.');
  if (XMLValidator.validate(xml) !== true) throw statementError('This is not a well-formed XML file.');
  const statements = asList(at(parser.parse(xml), 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) throw statementError('This XML file is not a camt.053 statement (no BkToCstmrStmt/Stmt).');
  const lines: StatementLine[] = [];
  let balance: ReturnType<typeof closingBalance> = { closingBalance: null, closingOn: null };
  let currency = '';
  for (const statement of statements) {
    currency ||= text(at(statement, 'Acct', 'Ccy'));
    for (const entry of asList(statement['Ntry'])) lines.push(...entryLines(entry));
    if (lines.length > STATEMENT_LINES_MAX) throw statementError(`A statement holds at most ${STATEMENT_LINES_MAX} lines.`);
    const found = closingBalance(statement);
    if (found.closingOn && (!balance.closingOn || found.closingOn >= balance.closingOn)) balance = found;
  }
  currency ||= lines[0]?.currency ?? '';
  if (!/^[A-Z]{3}$/.test(currency)) throw statementError('The statement names no currency.');
  if (lines.some((line) => line.currency !== currency)) throw statementError(`Every line of the statement is in ${currency}.`);
  return { currency, lines, ...balance };
}
