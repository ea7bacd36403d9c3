import type { StatementEntry } from '@orchard/shared';
import { formatMoney } from '../../lib/format';
import { translateApiText } from '../../lib/language';
import { SignedAmount, TapTime, TypeIcon } from './components';
import { memoDetail, statementTitle } from './logic';
import { useWalletMessages } from './messages';

/** One statement line: what it was (title), then when and its detail on one line; signed amount and balance after on the right. */
export function StatementRow({ entry }: { entry: StatementEntry }) {
  const { t } = useWalletMessages();
  const naming = statementTitle(entry);
  const title = naming.key === 'type' ? t(`types.${naming.type}`) : t(`statement.${naming.key}`);
  // Memos are written in English by the server ("Withdrawal requested", "Plan: Plus"): read in the app's language.
  const memo = entry.memo ? translateApiText(entry.memo) : '';
  const detail = memo ? memoDetail(memo, title) : '';
  return (
    <div className="flex items-center gap-3 py-3">
      <TypeIcon type={naming.key === 'commissionPending' ? 'commission_release' : entry.type} amount={entry.amount} />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-0.5">
        {/* The title wraps rather than being cut: "· On hold" is what tells a hold's line from its balance's. */}
        <span className="max-w-full text-sm font-medium [overflow-wrap:anywhere] text-gray-900 dark:text-gray-100" data-statement-title="">
          {title}
          {entry.account === 'on_hold' ? (
            <span className="font-normal whitespace-nowrap text-gray-600 dark:text-gray-400"> · {t('statement.onHoldAccount')}</span>
          ) : null}
        </span>
        {/* The detail wraps onto a second line rather than being cut: it is the useful part (which plan, which order). */}
        <span className="flex max-w-full min-w-0 flex-wrap items-baseline gap-x-1 text-xs text-gray-600 dark:text-gray-400">
          <TapTime value={entry.createdAt} className="shrink-0" />
          {detail ? (
            <>
              <span aria-hidden="true">·</span>
              <span className="min-w-0 [overflow-wrap:anywhere]" title={memo || undefined}>
                {detail}
              </span>
            </>
          ) : null}
        </span>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5">
        <SignedAmount amount={entry.amount} />
        <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
          {/* A pending commission's or a hold's line shows what is pending or held after it, not the balance. */}
          {/* What is owed is kept as a balance at or below zero: shown as the amount owed. */}
          {t(
            entry.account === 'commission_pending'
              ? 'statement.pendingAfter'
              : entry.account === 'on_hold'
                ? 'statement.heldAfter'
                : entry.account === 'debt'
                  ? 'statement.owedAfter'
                  : 'statement.balanceAfter',
            {
              amount: formatMoney(entry.account === 'debt' ? Math.abs(entry.balanceAfter) : entry.balanceAfter),
            },
          )}
        </span>
      </div>
    </div>
  );
}
