import { sql } from 'drizzle-orm';
import type { BankCsvMapping } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { KeysetCursor } from '../../lib/keyset-cursor';
import type { Suggestion } from './match';
import type { StatementLine } from './statement-line';

/** The SQL of bank reconciliation: statements, their lines (stored once per bank), the CSV mappings. */
type Queryable = Db | Tx;

export interface LineRow {
  id: string;
  bank_name: string;
  booked_on: string;
  amount: string | number;
  currency: string;
  details: string;
  counterparty: string;
  reversal: boolean;
  status: 'matched' | 'queued' | 'resolved';
  reason: string;
  resolution: 'linked' | 'credited' | 'refunded' | 'ignored' | null;
  resolution_note: string | null;
  recharge_order_id: string | null;
  withdrawal_id: string | null;
  suggestions: Suggestion[];
  created_at: Date | string;
  resolved_at: Date | string | null;
  resolved_by_name: string | null;
}

const LINE_COLUMNS = sql`l.id, l.bank_name, to_char(l.booked_on, 'YYYY-MM-DD') as booked_on, l.amount, l.currency, l.details,
  l.counterparty, l.reversal, l.status, l.reason, l.resolution, l.resolution_note, l.recharge_order_id, l.withdrawal_id,
  l.suggestions, l.created_at, l.resolved_at, u.display_name as resolved_by_name`;

export async function insertStatement(
  db: Queryable,
  values: { bankName: string; format: string; fileName: string; currency: string; closingBalance: number | null; closingOn: string | null; linesTotal: number; importedBy: string; at: Date },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into bank_statements (bank_name, format, file_name, currency, closing_balance, closing_on, lines_total, imported_by, imported_at)
        values (${values.bankName}, ${values.format}, ${values.fileName}, ${values.currency}, ${values.closingBalance}, ${values.closingOn}::date,
                ${values.linesTotal}, ${values.importedBy}, ${values.at}) returning id`,
  );
  return row!.id;
}

export async function setStatementNewLines(db: Queryable, id: string, linesNew: number): Promise<void> {
  await db.execute(sql`update bank_statements set lines_new = ${linesNew} where id = ${id}`);
}

/** The line, unless its bank has it already (then null: the unique constraint waits for a racing import and adds nothing). */
export async function insertLine(
  tx: Tx,
  values: StatementLine & { bankName: string; identity: string; statementId: string; at: Date },
): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into bank_lines (bank_name, identity, statement_id, booked_on, amount, currency, details, counterparty, reversal,
                                balance_after, status, reason, created_at)
        values (${values.bankName}, ${values.identity}, ${values.statementId}, ${values.bookedOn}::date, ${values.amount}, ${values.currency},
                ${values.details}, ${values.counterparty}, ${values.reversal}, ${values.balanceAfter}, 'queued', 'not_applied', ${values.at})
        on conflict on constraint bank_lines_identity_unique do nothing
        returning id`,
  );
  return row?.id ?? null;
}

export async function setLineOutcome(
  tx: Tx,
  id: string,
  outcome: { status: 'matched' | 'queued'; reason: string; orderId: string | null; withdrawalId: string | null; suggestions: Suggestion[] },
): Promise<void> {
  await tx.execute(
    sql`update bank_lines set status = ${outcome.status}, reason = ${outcome.reason}, recharge_order_id = ${outcome.orderId},
               withdrawal_id = ${outcome.withdrawalId}, suggestions = ${JSON.stringify(outcome.suggestions)}::jsonb
         where id = ${id}`,
  );
}

export async function lockLine(tx: Tx, id: string): Promise<LineRow | undefined> {
  const [row] = await rowsOf<LineRow>(tx, sql`select ${LINE_COLUMNS} from bank_lines l left join users u on u.id = l.resolved_by where l.id = ${id} for update of l`);
  return row;
}

export async function resolveLine(
  tx: Tx,
  id: string,
  values: { resolution: string; note: string; orderId: string | null; withdrawalId: string | null; by: string; at: Date },
): Promise<void> {
  await tx.execute(
    sql`update bank_lines set status = 'resolved', resolution = ${values.resolution}, resolution_note = ${values.note},
               recharge_order_id = coalesce(${values.orderId}::uuid, recharge_order_id), withdrawal_id = coalesce(${values.withdrawalId}::uuid, withdrawal_id),
               resolved_by = ${values.by}, resolved_at = ${values.at}
         where id = ${id}`,
  );
}

export async function findLine(db: Queryable, id: string): Promise<LineRow | undefined> {
  const [row] = await rowsOf<LineRow>(db, sql`select ${LINE_COLUMNS} from bank_lines l left join users u on u.id = l.resolved_by where l.id = ${id}`);
  return row;
}

/** Lines newest first by (created_at, id), optionally of one status or booked on one day. */
export async function listLines(
  db: Queryable,
  filter: { status?: string; day?: string; after?: KeysetCursor; limit: number },
): Promise<LineRow[]> {
  return rowsOf<LineRow>(
    db,
    sql`select ${LINE_COLUMNS} from bank_lines l left join users u on u.id = l.resolved_by
         where (${filter.status ?? null}::text is null or l.status = ${filter.status ?? null})
           and (${filter.day ?? null}::date is null or l.booked_on = ${filter.day ?? null}::date)
           and (${filter.after?.createdAt ?? null}::timestamptz is null
                or (l.created_at, l.id) < (${filter.after?.createdAt ?? null}::timestamptz, ${filter.after?.id ?? null}::uuid))
         order by l.created_at desc, l.id desc
         limit ${filter.limit}`,
  );
}

export async function dayLines(db: Queryable, day: string): Promise<LineRow[]> {
  return rowsOf<LineRow>(
    db,
    sql`select ${LINE_COLUMNS} from bank_lines l left join users u on u.id = l.resolved_by
         where l.booked_on = ${day}::date order by l.created_at, l.id`,
  );
}

/**
 * The banks' closing balance of `day`: for each bank, the latest imported statement that states one
 * for that day, summed (the platform's money may sit in several banks). Null when none states one.
 */
export async function dayBankBalance(db: Queryable, day: string, currency: string): Promise<number | null> {
  const [row] = await rowsOf<{ total: string | number | null }>(
    db,
    sql`select sum(closing_balance) as total from (
          select distinct on (bank_name) closing_balance from bank_statements
           where closing_on = ${day}::date and currency = ${currency} and closing_balance is not null
           order by bank_name, seq desc) latest`,
  );
  return row?.total === null || row?.total === undefined ? null : Number(row.total);
}

/**
 * The cash the books say the platform holds at the end of `day` (UTC): the platform cash account's entries up to
 * then, with the sign turned (a recharge posts platform cash −amount, a paid payout +net).
 */
export async function platformCashAtEndOf(db: Queryable, day: string, currency: string): Promise<number> {
  const [row] = await rowsOf<{ total: string | number | null }>(
    db,
    sql`select -coalesce(sum(e.amount), 0) as total
          from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.type = 'platform_cash' and a.currency = ${currency} and e.created_at < (${day}::date + 1)::timestamp at time zone 'UTC'`,
  );
  return Number(row?.total ?? 0);
}

export async function daysSummary(db: Queryable, limit: number) {
  return rowsOf<{ day: string; matched: number; queued: number; resolved: number }>(
    db,
    sql`select to_char(booked_on, 'YYYY-MM-DD') as day,
               count(*) filter (where status = 'matched')::int as matched,
               count(*) filter (where status = 'queued')::int as queued,
               count(*) filter (where status = 'resolved')::int as resolved
          from bank_lines group by booked_on order by booked_on desc limit ${limit}`,
  );
}

export async function readMapping(db: Queryable, bankName: string): Promise<BankCsvMapping | undefined> {
  const [row] = await rowsOf<{ mapping: BankCsvMapping }>(db, sql`select mapping from bank_csv_mappings where bank_name = ${bankName}`);
  return row?.mapping;
}

export async function saveMapping(db: Queryable, bankName: string, mapping: BankCsvMapping, by: string, at: Date): Promise<void> {
  await db.execute(
    sql`insert into bank_csv_mappings (bank_name, mapping, updated_by, updated_at) values (${bankName}, ${JSON.stringify(mapping)}::jsonb, ${by}, ${at})
        on conflict (bank_name) do update set mapping = excluded.mapping, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
  );
}

export async function listMappings(db: Queryable) {
  return rowsOf<{ bank_name: string; mapping: BankCsvMapping }>(db, sql`select bank_name, mapping from bank_csv_mappings order by bank_name`);
}
