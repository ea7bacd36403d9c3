import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Download, RefreshCw, Settings, Undo2, Upload } from 'lucide-react';
import { PAYOUT_QUEUE_FILTERS } from '@orchard/shared';
import { Button, buttonClass } from '../../components/ui/button';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, cursorListState, ViewSelect } from '../../components/ui/console-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { preloadToaster } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { payoutsQueryOptions, type AdminWithdrawal, type PayoutQueueFilter } from './api';
import { useAdminLedgerMessages, type AdminLedgerT } from './messages';
import { PayoutDialog, type PayoutAction } from './payout-dialog';
import { ExportDialog, ImportDialog, PayoutFiles } from './payout-files';

const from = '/admin/payouts' as const;

export function payoutStatusOf(search: { status?: unknown }): PayoutQueueFilter {
  return PAYOUT_QUEUE_FILTERS.includes(search.status as PayoutQueueFilter) ? (search.status as PayoutQueueFilter) : 'open';
}

/** The filters that show the queue (oldest first, with the actions): what is still to settle. */
const isQueueFilter = (status: PayoutQueueFilter) => status === 'open' || status === 'pending' || status === 'processing';

/**
 * /admin/payouts: the withdrawals still to settle, oldest first — waiting to be sent (pending) and
 * on their way to the bank (processing) — with the bank details a click away, the payout file for
 * the bank, and the files made before; or those settled, by status.
 */
export function PayoutsPage() {
  const { t } = useAdminLedgerMessages();
  const status = payoutStatusOf(useSearch({ from }));
  const isQueue = isQueueFilter(status);
  const query = useInfiniteQuery(payoutsQueryOptions(status));
  const total = query.data?.pages[0]?.total;
  const [action, setAction] = useState<PayoutAction | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const columns = usePayoutColumns(isQueue, (kind, row) => {
    preloadToaster();
    setAction({ kind, row });
  });
  return (
    <ConsoleListPage
      title={t('payouts.title')}
      description={
        <>
          {total !== undefined ? (
            <strong className="font-semibold text-gray-900 dark:text-gray-100">
              {t(isQueue ? 'payouts.count' : 'payouts.others', { count: total })} ·{' '}
            </strong>
          ) : null}
          {t('payouts.intro')}
        </>
      }
      actions={
        <PayoutsActions
          onExport={() => setExporting(true)}
          onImport={() => setImporting(true)}
          onRefresh={() => void query.refetch()}
          isRefreshing={query.isRefetching}
        />
      }
      filters={<PayoutStatusSelect status={status} />}
      caption={t('payouts.caption')}
      columns={columns}
      rowKey={(row) => row.id}
      {...cursorListState(query)}
      empty={
        isQueue
          ? { title: t('payouts.emptyTitle'), body: t('payouts.emptyBody') }
          : { title: t('payouts.emptyOtherTitle'), body: t('payouts.emptyOtherBody') }
      }
    >
      <PayoutFiles />
      {action ? <PayoutDialog action={action} onClose={() => setAction(null)} /> : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
      {exporting ? <ExportDialog onClose={() => setExporting(false)} /> : null}
    </ConsoleListPage>
  );
}

/** The payout file out, the bank's answers in, the settings, and a fresh read of the list. */
function PayoutsActions({
  onExport,
  onImport,
  onRefresh,
  isRefreshing,
}: {
  onExport: () => void;
  onImport: () => void;
  onRefresh: () => void;
  isRefreshing: boolean;
}) {
  const { t } = useAdminLedgerMessages();
  return (
    <>
      <Button variant="secondary" onClick={onExport}>
        <Download className="size-4" aria-hidden="true" />
        {t('payouts.export')}
      </Button>
      <Button variant="secondary" onClick={onImport}>
        <Upload className="size-4" aria-hidden="true" />
        {t('payouts.import')}
      </Button>
      <Link to="/admin/payout-settings" className={buttonClass('secondary')}>
        <Settings className="size-4" aria-hidden="true" />
        {t('payouts.settings')}
      </Link>
      <Button variant="secondary" onClick={onRefresh} isBusy={isRefreshing}>
        <RefreshCw className="size-4" aria-hidden="true" />
        {t('payouts.refresh')}
      </Button>
    </>
  );
}

/** Which payouts to show (the queue, or those settled by status), kept in the URL. */
function PayoutStatusSelect({ status }: { status: PayoutQueueFilter }) {
  const { t } = useAdminLedgerMessages();
  const navigate = useNavigate({ from });
  return (
    <ViewSelect
      label={t('payouts.show')}
      value={status}
      options={PAYOUT_QUEUE_FILTERS.map((option) => ({ value: option, label: t(`payouts.filters.${option}`) }))}
      onChange={(next) => void navigate({ search: next === 'open' ? {} : { status: next } })}
    />
  );
}

const money = (row: AdminWithdrawal, minor: number) => formatMoney(minor, { currency: row.currency });

/** Who asked, how much and what arrives, to which account, since when, its state; in the queue, the buttons. */
function usePayoutColumns(isQueue: boolean, open: (kind: PayoutAction['kind'], row: AdminWithdrawal) => void): Column<AdminWithdrawal>[] {
  const { t } = useAdminLedgerMessages();
  return [
    { key: 'member', header: t('payouts.member'), cell: (row) => <span className="font-medium">{row.member.displayName}</span> },
    {
      key: 'amount',
      header: t('payouts.amount'),
      align: 'end',
      className: 'tabular-nums whitespace-nowrap',
      cell: (row) => money(row, row.amount),
    },
    {
      key: 'net',
      header: t('payouts.net'),
      align: 'end',
      className: 'tabular-nums whitespace-nowrap font-semibold',
      cell: (row) => money(row, row.net),
    },
    {
      key: 'account',
      header: t('payouts.account'),
      cell: (row) => (
        <>
          <div>{row.account.holderName}</div>
          <div className="text-xs whitespace-nowrap text-gray-600 dark:text-gray-400">
            {row.account.bankName} · {row.account.maskedNumber}
          </div>
        </>
      ),
    },
    {
      key: 'requested',
      header: t('payouts.requested'),
      className: 'whitespace-nowrap text-gray-700 dark:text-gray-300',
      cell: (row) => <RelativeTime value={row.createdAt} />,
    },
    {
      key: 'status',
      header: t('payouts.status'),
      cell: (row) => (isQueue ? <QueueState row={row} /> : <SettledState row={row} />),
    },
    ...(isQueue ? [payoutActionsColumn(t, open)] : []),
  ];
}

function payoutActionsColumn(t: AdminLedgerT, open: (kind: PayoutAction['kind'], row: AdminWithdrawal) => void): Column<AdminWithdrawal> {
  return {
    key: 'actions',
    header: t('payouts.actions'),
    hideHeader: true,
    cell: (row) => (
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          className="min-h-10"
          onClick={() => open('details', row)}
          aria-label={`${t('payouts.details')}: ${row.member.displayName}`}
        >
          {t('payouts.details')}
        </Button>
        <Button
          className="min-h-10"
          onClick={() => open('pay', row)}
          aria-label={`${t('payouts.pay')}: ${row.member.displayName} ${money(row, row.net)}`}
        >
          {t('payouts.pay')}
        </Button>
        <Button
          variant="danger-outline"
          className="min-h-10"
          onClick={() => open('reject', row)}
          aria-label={`${t('payouts.reject')}: ${row.member.displayName}`}
        >
          {t('payouts.reject')}
        </Button>
        {row.status === 'processing' ? (
          <Button
            variant="ghost"
            className="min-h-10"
            onClick={() => open('requeue', row)}
            aria-label={`${t('payouts.requeue')}: ${row.member.displayName}`}
          >
            <Undo2 className="size-4" aria-hidden="true" />
            {t('payouts.requeue')}
          </Button>
        ) : null}
      </div>
    ),
  };
}

/** Waiting to be sent, or on its way: how (a payout file, or details revealed to pay by hand), by whom, when. */
function QueueState({ row }: { row: AdminWithdrawal }) {
  const { t } = useAdminLedgerMessages();
  if (row.status !== 'processing' || !row.processing) return <div className="font-medium">{t('payouts.states.pending')}</div>;
  const who = row.processing.by.displayName;
  return (
    <>
      <div className="font-medium text-amber-800 dark:text-amber-300">{t('payouts.states.processing')}</div>
      <div className="text-xs text-gray-600 dark:text-gray-400">
        {row.processing.fileId ? t('payouts.sentInFile', { who }) : t('payouts.sentByHand', { who })} ·{' '}
        <RelativeTime value={row.processing.at} />
      </div>
    </>
  );
}

function SettledState({ row }: { row: AdminWithdrawal }) {
  const { t } = useAdminLedgerMessages();
  return (
    <>
      <div className="font-medium">{t(`payouts.filters.${row.status}`)}</div>
      <div className="text-xs text-gray-600 dark:text-gray-400">{row.payoutReference ?? row.rejectReason ?? ''}</div>
    </>
  );
}
