import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ledgerReportQueryOptions } from './api';
import { useAdminLedgerMessages } from './messages';
import { ConsolePage, tableClass, theadClass } from './ui';

/** /admin/ledger: getLedgerReport — the four checks and the trial balance. */
export function LedgerPage() {
  const { t } = useAdminLedgerMessages();
  const { data: report, refetch, isFetching } = useQuery(ledgerReportQueryOptions());
  if (!report) return <ConsolePage title={t('ledger.title')}>…</ConsolePage>;
  const checks = [
    { key: 'unbalanced', items: report.unbalancedTransactions },
    { key: 'mismatches', items: report.balanceMismatches },
    { key: 'negatives', items: report.negativeBalances },
    { key: 'runningBreaks', items: report.runningBalanceBreaks },
  ] as const;
  return (
    <ConsolePage
      title={t('ledger.title')}
      actions={
        <Button variant="secondary" onClick={() => void refetch()} isBusy={isFetching}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('ledger.recheck')}
        </Button>
      }
    >
      <Card className={cn('flex items-center gap-3', report.ok ? 'ring-green-300 dark:ring-green-900' : 'ring-red-300 dark:ring-red-900')}>
        {report.ok ? (
          <CheckCircle2 className="size-8 text-green-700 dark:text-green-400" aria-hidden="true" />
        ) : (
          <XCircle className="size-8 text-red-700 dark:text-red-400" aria-hidden="true" />
        )}
        <div className="flex flex-col">
          <span className="text-lg font-semibold" data-testid="ledger-status">
            {report.ok ? t('ledger.ok') : t('ledger.breach')}
          </span>
          <span className="text-sm text-gray-600 dark:text-gray-400">
            {t('ledger.generated', { time: formatDateTime(report.generatedAt) })} · {t('ledger.transactions')}: {report.transactionCount} ·{' '}
            {t('ledger.entries')}: {report.entryCount}
          </span>
        </div>
      </Card>

      <section aria-labelledby="checks-heading" className="flex flex-col gap-2">
        <h2 id="checks-heading" className="text-base font-semibold">
          {t('ledger.checks')}
        </h2>
        <ul className="divide-y divide-gray-100 rounded-2xl bg-white ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800">
          {checks.map(({ key, items }) => (
            <li key={key} className="flex flex-col gap-2 px-4 py-3">
              <div className="flex items-center justify-between gap-3">
                <span className="text-sm">{t(`ledger.${key}`)}</span>
                {items.length === 0 ? (
                  <span className="inline-flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
                    <CheckCircle2 className="size-4" aria-hidden="true" />
                    {t('ledger.passed')}
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 text-sm font-medium text-red-700 dark:text-red-400">
                    <XCircle className="size-4" aria-hidden="true" />
                    {t('ledger.failed', { count: items.length })}
                  </span>
                )}
              </div>
              {items.length > 0 ? (
                <details>
                  <summary className="cursor-pointer text-xs text-gray-600 dark:text-gray-400">{t('ledger.details')}</summary>
                  <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-gray-50 p-3 text-xs dark:bg-gray-950">
                    {JSON.stringify(items.slice(0, 50), null, 2)}
                  </pre>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      {report.trialBalance.map((book) => (
        <section key={book.currency} aria-labelledby={`tb-${book.currency}`} className="flex flex-col gap-2">
          <h2 id={`tb-${book.currency}`} className="text-base font-semibold">
            {t('ledger.trialBalance', { currency: book.currency })}
          </h2>
          <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">
            <table className={tableClass}>
              <thead className={theadClass}>
                <tr>
                  <th scope="col">{t('ledger.account')}</th>
                  <th scope="col" className="text-right">
                    {t('ledger.balance')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {book.accounts.map((account) => (
                  <tr key={account.type}>
                    <td className="font-mono text-xs">{account.type}</td>
                    <td className="text-right tabular-nums">{formatMoney(account.balance, { currency: book.currency })}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-gray-200 font-semibold dark:border-gray-800">
                <tr>
                  <td>{t('ledger.memberLiabilities')}</td>
                  <td className="text-right tabular-nums">{formatMoney(book.memberLiabilities, { currency: book.currency })}</td>
                </tr>
                <tr>
                  <td>{t('ledger.platformTotal')}</td>
                  <td className="text-right tabular-nums">{formatMoney(book.platformTotal, { currency: book.currency })}</td>
                </tr>
                <tr>
                  <td>{t('ledger.total')}</td>
                  <td
                    className={cn(
                      'text-right tabular-nums',
                      book.total === '0' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
                    )}
                  >
                    {formatMoney(book.total, { currency: book.currency })}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
      ))}
    </ConsolePage>
  );
}
