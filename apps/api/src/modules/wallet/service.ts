import { Readable } from 'node:stream';
import {
  minorToDecimalString,
  type ListStatementEventsQuery,
  type StatementEvent,
  type StatementEventFilterQuery,
  type StatementEventKind,
  type ListTransactionsQuery,
  type LedgerTransactionType,
  type StatementEntry,
  type Wallet,
} from '@orchard/shared';
import {
  getMemberBalances,
  listMemberEntries,
  listMemberEvents,
  minorUnitDigits,
  type StatementEventFilter,
  type StatementEventView,
  type StatementFilter,
} from '../../ledger/index';
import type { StatementEntry as LedgerStatementEntry } from '../../ledger/index';
import { instantRange } from '../../lib/date-range';
import type { ServiceDeps } from '../../lib/service-deps';

export async function getWallet(deps: ServiceDeps, userId: string): Promise<Wallet> {
  const currency = deps.config.CURRENCY;
  const { available, onHold, debt } = await getMemberBalances(deps.db, userId, currency);
  return { currency, fractionDigits: minorUnitDigits(currency), available, onHold, debt };
}

/** Query filters → ledger filter. A bare date `to` includes that whole day. */
function toStatementFilter(query: Omit<ListTransactionsQuery, 'cursor' | 'limit'>): Omit<StatementFilter, 'limit' | 'beforeId'> {
  const { from, to } = instantRange(query.from, query.to);
  return {
    kinds: query.type ? (query.type.split(',') as LedgerTransactionType[]) : undefined,
    account: query.account,
    from,
    to,
  };
}

function referenceOf(entry: LedgerStatementEntry): string | null {
  return entry.refs.reference ?? entry.refs.rechargeOrderId ?? entry.refs.purchaseId ?? entry.refs.withdrawalId ?? null;
}

function toEntryView(entry: LedgerStatementEntry): StatementEntry {
  return {
    id: String(entry.id),
    transactionId: String(entry.transactionId),
    type: entry.kind,
    account: entry.account,
    amount: entry.amount,
    balanceAfter: entry.balanceAfter,
    memo: entry.memo,
    reference: referenceOf(entry),
    createdAt: entry.createdAt.toISOString(),
  };
}

export async function listTransactions(deps: ServiceDeps, userId: string, query: ListTransactionsQuery) {
  const limit = query.limit ? Number(query.limit) : 20;
  const rows = await listMemberEntries(deps.db, userId, deps.config.CURRENCY, {
    ...toStatementFilter(query),
    beforeId: query.cursor ? Number(query.cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return { items: page.map(toEntryView), nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

/** A CSV field: quoted when needed, and a leading =, +, -, @ of text defused so spreadsheets do not run it. */
function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const CSV_HEADER = 'time,type,account,amount,balance_after,currency,reference,memo,entry_id,transaction_id\r\n';
const BATCH = 500;

/**
 * The whole filtered statement as CSV, read in keyset batches and streamed, so a long history
 * never sits in memory at once.
 */
export function exportTransactionsCsv(
  deps: ServiceDeps,
  userId: string,
  query: Omit<ListTransactionsQuery, 'cursor' | 'limit'>,
  batchSize = BATCH,
): Readable {
  const currency = deps.config.CURRENCY;
  const digits = minorUnitDigits(currency);
  const filter = toStatementFilter(query);
  return keysetCsvStream({
    header: CSV_HEADER,
    batch: (beforeId) => listMemberEntries(deps.db, userId, currency, { ...filter, beforeId, limit: batchSize }),
    batchSize,
    positionOf: (entry) => entry.id,
    row: (entry) =>
      [
        entry.createdAt.toISOString(),
        entry.kind,
        entry.account,
        minorToDecimalString(entry.amount, digits),
        minorToDecimalString(entry.balanceAfter, digits),
        currency,
        csvText(referenceOf(entry) ?? ''),
        csvText(entry.memo),
        String(entry.id),
        String(entry.transactionId),
      ].join(','),
  });
}

/** Event query filters → ledger filter. A bare date `to` includes that whole day. */
function toEventFilter(query: StatementEventFilterQuery): Omit<StatementEventFilter, 'limit' | 'beforeId'> {
  const { from, to } = instantRange(query.from, query.to);
  return { kinds: query.kind ? (query.kind.split(',') as StatementEventKind[]) : undefined, from, to };
}

function toEventView(event: StatementEventView): StatementEvent {
  return {
    id: event.id,
    kind: event.kind,
    state: event.state,
    amount: event.amount,
    availableAfter: event.availableAfter,
    availableEffect: event.availableEffect,
    held: event.held,
    reference: event.reference,
    memo: event.memo,
    occurredAt: event.occurredAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    timeline: event.timeline.map((step) => ({ state: step.state, at: step.at.toISOString() })),
    entries: event.entries.map(toEntryView),
  };
}

/** The statement as the member reads it: one line per money event, newest first (keyset pagination). */
export async function listEvents(deps: ServiceDeps, userId: string, query: ListStatementEventsQuery) {
  const limit = query.limit ? Number(query.limit) : 20;
  const events = await listMemberEvents(deps.db, userId, deps.config.CURRENCY, {
    ...toEventFilter(query),
    beforeId: query.cursor ? Number(query.cursor) : undefined,
    limit: limit + 1,
  });
  const page = events.slice(0, limit);
  return { items: page.map(toEventView), nextCursor: events.length > limit ? String(page[page.length - 1]!.position) : null };
}

const EVENTS_CSV_HEADER = 'time,kind,state,amount,available_after,on_hold,currency,reference,memo,updated_at,event_id\r\n';
const EVENT_BATCH = 100;

/** The filtered event statement as CSV, one row per event, read in keyset batches and streamed. */
export function exportEventsCsv(deps: ServiceDeps, userId: string, query: StatementEventFilterQuery, batchSize = EVENT_BATCH): Readable {
  const currency = deps.config.CURRENCY;
  const digits = minorUnitDigits(currency);
  const filter = toEventFilter(query);
  return keysetCsvStream({
    header: EVENTS_CSV_HEADER,
    batch: (beforeId) => listMemberEvents(deps.db, userId, currency, { ...filter, beforeId, limit: batchSize }),
    batchSize,
    positionOf: (event) => event.position,
    row: (event) =>
      [
        event.occurredAt.toISOString(),
        event.kind,
        event.state,
        minorToDecimalString(event.amount, digits),
        minorToDecimalString(event.availableAfter, digits),
        minorToDecimalString(event.held, digits),
        currency,
        csvText(event.reference ?? ''),
        csvText(event.memo),
        event.updatedAt.toISOString(),
        csvText(event.id),
      ].join(','),
  });
}

/**
 * A CSV read in keyset batches (newest first, each batch before the last one's position) and
 * streamed: the header, then one line per row, ending after a short batch; a failed read ends
 * the stream with its error.
 */
function keysetCsvStream<Row>(source: {
  header: string;
  batch: (beforeId: number | undefined) => Promise<Row[]>;
  batchSize: number;
  positionOf: (row: Row) => number;
  row: (row: Row) => string;
}): Readable {
  let beforeId: number | undefined;
  let started = false;
  let done = false;
  return new Readable({
    async read() {
      try {
        if (!started) {
          started = true;
          this.push(source.header);
          return;
        }
        if (done) {
          this.push(null);
          return;
        }
        const rows = await source.batch(beforeId);
        if (rows.length < source.batchSize) done = true;
        if (rows.length === 0) {
          this.push(null);
          return;
        }
        beforeId = source.positionOf(rows[rows.length - 1]!);
        this.push(rows.map(source.row).join('\r\n') + '\r\n');
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}
