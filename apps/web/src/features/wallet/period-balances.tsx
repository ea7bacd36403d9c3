import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '../../lib/format';
import { periodBalancesQueryOptions, type StatementFilters } from './api';
import { useWalletMessages } from './messages';

/** A date filter's day (YYYY-MM-DD) as the reader's locale writes it, read as that UTC day. */
const dayOf = (day: string) => formatDate(`${day}T12:00:00Z`);

/**
 * /trx/log with a date filter: the available balance at the start of the period and at its end
 * (GET /wallet/period-balances). A commission moves the available balance when it is released, not
 * on the day of the purchase it is dated by, so the lines between need not add up to the difference.
 */
export function PeriodBalancesCard({ filters }: { filters: StatementFilters }) {
  const { t } = useWalletMessages();
  const query = useQuery({ ...periodBalancesQueryOptions(filters), enabled: Boolean(filters.from || filters.to) });
  if (!filters.from && !filters.to) return null;
  const data = query.data;
  const row = (label: string, when: string, amount: number | undefined, currency: string | undefined, testId: string) => (
    <div className="flex items-baseline justify-between gap-3 py-2" data-testid={testId}>
      <div className="flex min-w-0 flex-col">
        <span className="text-sm font-semibold text-gray-900 dark:text-gray-100">{label}</span>
        <span className="text-xs text-gray-600 dark:text-gray-400">{when}</span>
      </div>
      <span className="font-semibold text-gray-900 tabular-nums dark:text-gray-100">
        {amount === undefined ? (
          <span className="inline-block h-4 w-20 animate-pulse rounded bg-gray-200 dark:bg-gray-700" />
        ) : (
          formatMoney(amount, { currency })
        )}
      </span>
    </div>
  );
  if (query.isError) return null;
  return (
    <section aria-label={t('statement.period')} className="rounded-2xl border border-gray-200 px-4 py-1 dark:border-gray-800">
      {filters.from
        ? row(
            t('statement.opening'),
            t('statement.startOf', { date: dayOf(filters.from) }),
            data?.opening?.available,
            data?.closing.currency,
            'opening-balance',
          )
        : null}
      <div className={filters.from ? 'border-t border-gray-100 dark:border-gray-800' : undefined}>
        {row(
          t('statement.closing'),
          filters.to ? t('statement.endOf', { date: dayOf(filters.to) }) : t('statement.now'),
          data?.closing.available,
          data?.closing.currency,
          'closing-balance',
        )}
      </div>
      <p className="pb-2 text-xs text-gray-600 dark:text-gray-400">{t('statement.periodHint')}</p>
    </section>
  );
}
