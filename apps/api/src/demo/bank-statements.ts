import type { BankCsvMapping } from '@orchard/shared';
import type { ManualClock } from '../lib/clock';
import type { ServiceDeps } from '../lib/service-deps';
import type { ConsoleActor } from '../modules/audit/index';
import * as recharge from '../modules/recharge/index';
import { importStatement, listBankLines, reconciliationDay, resolveLine } from '../modules/reconciliation/index';

const HOUR = 60 * 60_000;

/** The demo bank's CSV shape, remembered for it as an operator's first import would. */
const DEMO_BANK = 'Lakeside Bank';
const MAPPING: BankCsvMapping = {
  date: 'Date', amount: 'Amount', details: 'Details', counterparty: 'Counterparty', balance: 'Balance',
  dateFormat: 'YYYY-MM-DD', decimalMark: '.', delimiter: ',',
};

const money = (minor: number) => (minor / 100).toFixed(2);
const csv = (rows: string[][]) => ['Date,Details,Counterparty,Amount,Balance', ...rows.map((row) => row.map((cell) => `"${cell}"`).join(','))].join('\n');

export interface DemoBankMember {
  userId: string;
  name: string;
}

/** One day's transfers: each member's order, then the bank's line for it (paid in full, in part, or without its reference). */
async function transfers(deps: ServiceDeps, members: DemoBankMember[], daysAgo: number, plan: { member: number; amount: number; paid?: number; reference?: boolean }[]) {
  const day = deps.clock.now().toISOString().slice(0, 10);
  const rows: string[][] = [];
  // The bank opens the day holding what the books say the platform held when the day before ended.
  const dayBefore = new Date(deps.clock.now().getTime() - 24 * HOUR).toISOString().slice(0, 10);
  let balance = (await reconciliationDay(deps, dayBefore)).platformCash;
  for (const [index, line] of plan.entries()) {
    const member = members[line.member % members.length]!;
    const order = await recharge.createOrder(deps, member.userId, { channel: 'bank-transfer', amount: line.amount }, `demo-bank:${daysAgo}:${index}`);
    balance += line.paid ?? line.amount;
    rows.push([day, line.reference === false ? 'Top up, thanks' : `Orchard top-up ${order.reference}`, member.name, money(line.paid ?? line.amount), money(balance)]);
  }
  return { day, rows, balance };
}

/**
 * The demo's bank statements, told in the story at their time (business.ts): two days ago
 * reconciled (three top-ups credited from the bank's lines, the bank's fee ignored with a reason),
 * yesterday with two lines waiting in the queue (a part payment, a transfer without a reference)
 * beside one credited. Imported as the transfers arrive, within the orders' deadline however short.
 */
export async function seedDemoBankDay(deps: ServiceDeps & { clock: ManualClock }, actor: ConsoleActor, members: DemoBankMember[], daysAgo: 1 | 2) {
  if (daysAgo === 2) {
    const day = await transfers(deps, members, 2, [{ member: 0, amount: 20_000 }, { member: 1, amount: 5_000 }, { member: 2, amount: 12_500 }]);
    day.rows.push([day.day, 'Account fee', '', '-4.90', money(day.balance - 490)]);
    await importStatement(deps, actor, { bankName: DEMO_BANK, format: 'csv', fileName: `lakeside-${day.day}.csv`, content: csv(day.rows), mapping: MAPPING });
    deps.clock.advance(HOUR);
    const { items: fees } = await listBankLines(deps, { status: 'queued', day: day.day });
    for (const fee of fees) await resolveLine(deps, actor, fee.id, { action: 'ignore', reason: 'The bank’s monthly account fee.' });
    return;
  }
  const day = await transfers(deps, members, 1, [{ member: 3, amount: 10_000 }, { member: 0, amount: 30_000, paid: 15_000 }, { member: 1, amount: 7_500, reference: false }]);
  await importStatement(deps, actor, { bankName: DEMO_BANK, format: 'csv', fileName: `lakeside-${day.day}.csv`, content: csv(day.rows) });
}
