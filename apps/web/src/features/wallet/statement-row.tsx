import type { StatementEntry } from '@orchard/shared';
import { formatMoney } from '../../lib/format';
import { SignedAmount, TapTime, TypeIcon } from './components';
import { useWalletMessages } from './messages';

/** One statement line: type icon, what it was, when; signed amount and balance after on the right. */
export function StatementRow({ entry }: { entry: StatementEntry }) {
  const { t } = useWalletMessages();
  return (
    <div className="flex items-center gap-3 py-3">
      <TypeIcon type={entry.type} amount={entry.amount} />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-0.5">
        <span className="truncate text-sm font-medium text-gray-900 dark:text-gray-100">
          {t(`types.${entry.type}`)}
          {entry.account === 'on_hold' ? (
            <span className="font-normal text-gray-600 dark:text-gray-400"> · {t('statement.onHoldAccount')}</span>
          ) : null}
        </span>
        {entry.memo ? <span className="max-w-full truncate text-xs text-gray-600 dark:text-gray-400">{entry.memo}</span> : null}
        <TapTime value={entry.createdAt} />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5">
        <SignedAmount amount={entry.amount} />
        <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
          {t('statement.balanceAfter', { amount: formatMoney(entry.balanceAfter) })}
        </span>
      </div>
    </div>
  );
}
