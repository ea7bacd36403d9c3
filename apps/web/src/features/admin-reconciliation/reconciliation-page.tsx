import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, cursorListState } from '../../components/ui/console-list';
import { preloadToaster } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { bankQueueQueryOptions, type BankLine } from './api';
import { DaySummary } from './day-summary';
import { ImportSheet } from './import-sheet';
import { useAdminReconciliationMessages, type AdminReconciliationT } from './messages';
import { ResolveSheet } from './resolve-sheet';

/** /admin/reconciliation: the latest day's reconciliation, the import, and the bank lines waiting for a decision. */
export function ReconciliationPage() {
  const { t } = useAdminReconciliationMessages();
  const query = useInfiniteQuery(bankQueueQueryOptions());
  const [importing, setImporting] = useState(false);
  const [deciding, setDeciding] = useState<BankLine | null>(null);
  return (
    <ConsoleListPage
      title={t('page.title')}
      description={t('page.intro')}
      actions={
        <Button
          onClick={() => {
            preloadToaster();
            setImporting(true);
          }}
        >
          <Upload className="size-4" aria-hidden="true" />
          {t('page.import')}
        </Button>
      }
      filters={<DaySummary />}
      caption={t('page.caption')}
      columns={columns(t, (line) => {
        preloadToaster();
        setDeciding(line);
      })}
      rowKey={(line) => line.id}
      {...cursorListState(query)}
      empty={{ title: t('page.emptyTitle'), body: t('page.emptyBody') }}
    >
      {importing ? <ImportSheet onClose={() => setImporting(false)} /> : null}
      {deciding ? <ResolveSheet line={deciding} onClose={() => setDeciding(null)} /> : null}
    </ConsoleListPage>
  );
}

function columns(t: AdminReconciliationT, decide: (line: BankLine) => void): Column<BankLine>[] {
  return [
    { key: 'booked', header: t('page.booked'), className: 'whitespace-nowrap tabular-nums', cell: (line) => line.bookedOn },
    {
      key: 'line',
      header: t('page.line'),
      cell: (line) => (
        <>
          <div className="font-medium break-words">{line.counterparty || line.bankName}</div>
          <div className="text-xs break-words text-gray-600 dark:text-gray-400">{line.details}</div>
        </>
      ),
    },
    {
      key: 'amount',
      header: t('page.amount'),
      align: 'end',
      className: 'whitespace-nowrap tabular-nums font-semibold',
      cell: (line) => formatMoney(line.amount, { currency: line.currency }),
    },
    {
      key: 'why',
      header: t('page.why'),
      cell: (line) => (
        <>
          <div>{t(`reasons.${line.reason}`)}</div>
          {line.suspicious ? <div className="text-xs font-semibold text-amber-800 dark:text-amber-300">{t('page.suspicious')}</div> : null}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('page.actions'),
      hideHeader: true,
      cell: (line) => (
        <div className="flex justify-end">
          <Button className="min-h-10" onClick={() => decide(line)} aria-label={`${t('page.decide')}: ${line.counterparty || line.details}`}>
            {t('page.decide')}
          </Button>
        </div>
      ),
    },
  ];
}
