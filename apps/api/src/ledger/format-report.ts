import { minorToDecimalString } from '@orchard/shared';
import { describeChainBreak } from '@orchard/shared/books';
import { minorUnitDigits } from './currency';
import type { IntegrityReport } from './integrity-report';

/** The integrity report as plain lines for a terminal (npm run ledger:verify). */
export function formatIntegrityReport(report: IntegrityReport): string[] {
  const lines: string[] = [];
  const check = (ok: boolean, good: string, bad: string, details: string[]) => {
    lines.push(`${ok ? '[ok]  ' : '[FAIL]'} ${ok ? good : bad}`);
    for (const detail of details.slice(0, 20)) lines.push(`         ${detail}`);
    if (details.length > 20) lines.push(`         … and ${details.length - 20} more`);
  };
  lines.push(`Ledger verification at ${report.generatedAt}`);
  lines.push(`transactions: ${report.transactionCount}, entries: ${report.entryCount}`);
  check(
    report.unbalancedTransactions.length === 0,
    'every transaction has at least two entries and sums to zero',
    `${report.unbalancedTransactions.length} transaction(s) unbalanced`,
    report.unbalancedTransactions.map((t) => `transaction ${t.transactionId}: ${t.entryCount} entries, sum ${t.sum}`),
  );
  check(
    report.balanceMismatches.length === 0,
    'every cached member balance equals the sum of its entries',
    `${report.balanceMismatches.length} cached balance(s) differ from their entries`,
    report.balanceMismatches.map((m) => `account ${m.accountId} (${m.type} of ${m.ownerId}): cached ${m.cached}, entries ${m.fromEntries}`),
  );
  check(
    report.negativeBalances.length === 0,
    'no member balance is negative',
    `${report.negativeBalances.length} member balance(s) negative`,
    report.negativeBalances.map((n) => `account ${n.accountId} (${n.type} of ${n.ownerId}): ${n.balance}`),
  );
  check(
    report.runningBalanceBreaks.length === 0,
    'every statement running balance follows from the entries before it',
    `${report.runningBalanceBreaks.length} running balance(s) broken`,
    report.runningBalanceBreaks.map(
      (b) => `entry ${b.entryId} of account ${b.accountId}: says ${b.balanceAfter ?? 'nothing'}, entries give ${b.expected}`,
    ),
  );
  check(
    report.holdDisagreements.length === 0,
    'every commission of a held member agrees with the referral hold',
    `${report.holdDisagreements.length} commission(s) disagree with their referral hold`,
    report.holdDisagreements.map((d) => `commission ${d.commissionId} of member ${d.memberId}: ${d.status} under hold ${d.hold}`),
  );
  const whose = (m: { memberId: string | null; currency: string }) =>
    m.memberId ? `member ${m.memberId} (${m.currency})` : `${m.currency} in total`;
  check(
    report.onHoldMismatches.length === 0,
    'money on hold equals the pending and processing withdrawals, per member and in total',
    `${report.onHoldMismatches.length} on-hold balance(s) differ from the withdrawals on their way`,
    report.onHoldMismatches.map((m) => `${whose(m)}: on hold ${m.balance}, pending + processing withdrawals ${m.expected}`),
  );
  check(
    report.commissionPendingMismatches.length === 0,
    'commissions pending accounts equal the pending and on-review commissions, per member and in total',
    `${report.commissionPendingMismatches.length} commission pending balance(s) differ from the commissions`,
    report.commissionPendingMismatches.map(
      (m) => `${whose(m)}: commission pending ${m.balance}, pending + on-review commissions ${m.expected}`,
    ),
  );
  booksChecks(report, check);
  for (const currency of report.trialBalance) {
    const digits = minorUnitDigits(currency.currency);
    // Exact whatever the size: the figures are decimal strings of minor units.
    const money = (value: string) => minorToDecimalString(value, digits).padStart(24);
    lines.push(`Trial balance (${currency.currency}; member liabilities positive, platform cash held negative):`);
    for (const account of currency.accounts) lines.push(`  ${account.type.padEnd(30)}${money(account.balance)}`);
    lines.push(`  ${'member liabilities'.padEnd(30)}${money(currency.memberLiabilities)}`);
    lines.push(`  ${'platform accounts'.padEnd(30)}${money(currency.platformTotal)}`);
    check(currency.total === '0', `${currency.currency} total is zero`, `${currency.currency} total is ${currency.total}, not zero`, []);
  }
  if (report.trialBalance.length === 0) lines.push('Trial balance: no accounts yet.');
  lines.push(report.ok ? 'RESULT: OK' : 'RESULT: BREACH');
  return lines;
}

type Check = (ok: boolean, good: string, bad: string, details: string[]) => void;

/** The hash chain and the sealed days (docs/decisions/0028). */
function booksChecks(report: IntegrityReport, check: Check): void {
  check(
    report.chainBreaks.length === 0,
    `the hash chain holds: ${report.chain.links} link(s) recomputed${report.chain.head ? `, head ${report.chain.head.seq} (transaction ${report.chain.head.txId}) ${report.chain.head.hash}` : ''}`,
    'the hash chain is broken',
    report.chainBreaks.map(describeChainBreak),
  );
  check(
    report.sealBreaks.length === 0,
    `the sealed days hold: ${report.seals.count} seal(s) checked${report.seals.lastDay ? `, the last ${report.seals.lastDay}` : ''}`,
    'a sealed day does not hold',
    report.sealBreaks.map((b) => `seal of ${b.day} [${b.problem}]: ${b.detail}`),
  );
}
