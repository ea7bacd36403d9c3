import type { BankLinePage, ReconciliationDay, ReconciliationDays } from '@orchard/shared';
import { minorToDecimalString } from '@orchard/shared';
import { minorUnitDigits } from '../../ledger/index';
import { csvLine } from '../../lib/csv';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { isSuspicious, toBankLineView } from './views';

/**
 * The reconciliation of one day (README.md, "The day"): the bank's closing balance against the
 * cash the books say the platform holds at the end of that day (UTC), and the day's lines by state.
 */
export async function reconciliationDay(deps: ServiceDeps, day: string): Promise<ReconciliationDay> {
  const currency = deps.config.CURRENCY;
  const [rows, bankBalance, platformCash] = await Promise.all([
    repo.dayLines(deps.db, day),
    repo.dayBankBalance(deps.db, day, currency),
    repo.platformCashAtEndOf(deps.db, day, currency),
  ]);
  const lines = rows.map(toBankLineView);
  const count = (status: string) => lines.filter((line) => line.status === status).length;
  const sum = (sign: 1 | -1) => lines.filter((line) => line.amount * sign > 0).reduce((total, line) => total + line.amount, 0);
  return {
    day,
    currency,
    bankBalance,
    platformCash,
    difference: bankBalance === null ? null : bankBalance - platformCash,
    counts: { matched: count('matched'), queued: count('queued'), resolved: count('resolved'), suspicious: lines.filter((line) => line.suspicious).length },
    totals: { incoming: sum(1), outgoing: sum(-1) },
    lines,
  };
}

/** The days with bank lines, newest first, with how many lines are matched, waiting and suspicious. */
export async function reconciliationDays(deps: ServiceDeps): Promise<ReconciliationDays> {
  const days = await repo.daysSummary(deps.db, 60);
  const queued = await repo.listLines(deps.db, { status: 'queued', limit: 500 });
  return {
    items: days.map((row) => ({
      day: row.day,
      matched: row.matched,
      queued: row.queued,
      suspicious: queued.filter((line) => line.booked_on === row.day && isSuspicious(line)).length,
    })),
  };
}

export async function listBankLines(
  deps: ServiceDeps,
  query: { status?: 'matched' | 'queued' | 'resolved'; day?: string; cursor?: string; limit?: string },
): Promise<BankLinePage> {
  const limit = Number(query.limit ?? 50);
  const rows = await repo.listLines(deps.db, { status: query.status, day: query.day, after: decodeCursor(query.cursor), limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toBankLineView),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id }) : null,
  };
}

const CSV_HEADER = 'booked_on,bank,amount,currency,direction,details,counterparty,status,reason,suspicious,resolution,note,recharge_order_id,withdrawal_id';

/** The day for the accountant, as CSV: a summary line, then every line of the day (the download is audited). */
export async function reconciliationDayCsv(deps: ServiceDeps, actor: ConsoleActor, day: string): Promise<string> {
  const view = await reconciliationDay(deps, day);
  const digits = minorUnitDigits(view.currency);
  const money = (minor: number | null) => (minor === null ? '' : `${minor < 0 ? '-' : ''}${minorToDecimalString(Math.abs(minor), digits)}`);
  await recordConsoleAction(deps.db, actor, { action: 'reconciliation.download', subjectType: 'reconciliation_day', subjectId: day, detail: { lines: view.lines.length }, at: deps.clock.now() });
  const summary = [
    csvLine(['day', 'currency', 'bank_balance', 'platform_cash', 'difference', 'matched', 'queued', 'resolved', 'suspicious']),
    csvLine([day, view.currency, money(view.bankBalance), money(view.platformCash), money(view.difference), view.counts.matched, view.counts.queued, view.counts.resolved, view.counts.suspicious]),
  ];
  const lines = view.lines.map((line) =>
    csvLine([
      line.bookedOn, line.bankName, money(Math.abs(line.amount)), line.currency, line.amount > 0 ? 'in' : 'out', line.details, line.counterparty,
      line.status, line.reason, line.suspicious, line.resolution, line.resolutionNote, line.rechargeOrderId, line.withdrawalId,
    ]),
  );
  return `${[...summary, '', CSV_HEADER, ...lines].join('\r\n')}\r\n`;
}
