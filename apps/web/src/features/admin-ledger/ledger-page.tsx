import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { formatDateTime, formatMoney } from '../../lib/format';
import { type Column, ConsolePage, DataTable, StatusText } from '../../components/ui/console';
import { useUiMessages } from '../../components/ui/messages';
import { ledgerReportQueryOptions, type LedgerReport } from './api';
import { BookSeals } from './book-seals';
import { useAdminLedgerMessages } from './messages';

/** Each check of the report and what it found (nothing: it passed). */
const reportChecks = (report: LedgerReport) =>
  [
    { key: 'unbalanced', items: report.unbalancedTransactions },
    { key: 'mismatches', items: report.balanceMismatches },
    { key: 'negatives', items: report.negativeBalances },
    { key: 'runningBreaks', items: report.runningBalanceBreaks },
    { key: 'holdDisagreements', items: report.holdDisagreements },
    { key: 'onHold', items: report.onHoldMismatches },
    { key: 'commissionPending', items: report.commissionPendingMismatches },
    { key: 'chain', items: report.chainBreaks },
    { key: 'seals', items: report.sealBreaks },
  ] as const;

/** /admin/ledger: getLedgerReport — the checks and the trial balance. */
export function LedgerPage() {
  const { t } = useAdminLedgerMessages();
  const genericError = useUiMessages().t('form.genericError');
  const { data: report, refetch, isFetching, error } = useQuery(ledgerReportQueryOptions());
  const recheck = (
    <Button variant="secondary" onClick={() => void refetch()} isBusy={isFetching}>
      <RefreshCw className="size-4" aria-hidden="true" />
      {t('ledger.recheck')}
    </Button>
  );
  if (!report) {
    return (
      <ConsolePage title={t('ledger.title')} actions={recheck}>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error.message || genericError}
          </p>
        ) : (
          <div aria-hidden="true" className="h-20 animate-pulse rounded-2xl bg-gray-100 motion-reduce:animate-none dark:bg-gray-800" />
        )}
      </ConsolePage>
    );
  }
  const checks = reportChecks(report);
  return (
    <ConsolePage title={t('ledger.title')} actions={recheck}>
      <Card className={cn('flex items-center gap-3', report.ok ? 'ring-green-300 dark:ring-green-900' : 'ring-red-300 dark:ring-red-900')}>
        {report.ok ? (
          <CheckCircle2 className="size-8 text-green-700 dark:text-green-400" aria-hidden="true" />
        ) : (
          <XCircle className="size-8 text-red-700 dark:text-red-400" aria-hidden="true" />
        )}
        <div className="flex flex-col">
          <h2 className="text-lg font-semibold">{report.ok ? t('ledger.ok') : t('ledger.breach')}</h2>
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
                <StatusText tone={items.length === 0 ? 'good' : 'bad'} className="text-sm font-medium">
                  {items.length === 0 ? t('ledger.passed') : t('ledger.failed', { count: items.length })}
                </StatusText>
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

      <BookSeals />

      {report.trialBalance.map((book) => (
        <TrialBalance key={book.currency} book={book} />
      ))}
    </ConsolePage>
  );
}

type Book = LedgerReport['trialBalance'][number];

/** One currency's trial balance: every account, then the totals (which must come to zero). */
function TrialBalance({ book }: { book: Book }) {
  const { t } = useAdminLedgerMessages();
  // Sums may pass 2^53, so the report carries them as decimal strings of minor units.
  const money = (amount: string) => formatMoney(amount, { currency: book.currency });
  const columns: Column<Book['accounts'][number]>[] = [
    {
      key: 'account',
      header: t('ledger.account'),
      className: 'font-mono text-xs',
      cell: (account) => account.type,
      sortValue: (account) => account.type,
    },
    {
      key: 'balance',
      header: t('ledger.balance'),
      align: 'end',
      className: 'tabular-nums',
      cell: (account) => money(account.balance),
      // Ordering only: a float is close enough to sort by, the shown figure stays exact.
      sortValue: (account) => Number(account.balance),
    },
  ];
  const total = (label: string, amount: string, className?: string) => (
    <tr>
      <td>{label}</td>
      <td className={cn('text-right tabular-nums', className)}>{money(amount)}</td>
    </tr>
  );
  return (
    <DataTable
      caption={t('ledger.trialBalance', { currency: book.currency })}
      showCaption
      columns={columns}
      rows={book.accounts}
      rowKey={(account) => account.type}
      isPending={false}
      error={null}
      onRetry={() => undefined}
      empty={{ title: t('ledger.emptyTitle'), body: t('ledger.emptyBody') }}
      footer={
        <>
          {total(t('ledger.memberLiabilities'), book.memberLiabilities)}
          {total(t('ledger.platformTotal'), book.platformTotal)}
          {total(
            t('ledger.total'),
            book.total,
            BigInt(book.total) === 0n ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
          )}
        </>
      }
    />
  );
}
