import { useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useFormContext } from 'react-hook-form';
import { Download, FileSpreadsheet, RefreshCw, Settings, Undo2, Upload } from 'lucide-react';
import {
  PAYOUT_QUEUE_FILTERS,
  payWithdrawalBodySchema,
  rejectWithdrawalBodySchema,
  requeueWithdrawalBodySchema,
  updateWithdrawalSettingsBodySchema,
} from '@orchard/shared';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmActions, ConfirmSheet } from '../../components/ui/confirm-sheet';
import { type Column, ConsolePage, DataTable } from '../../components/ui/console';
import { Field } from '../../components/ui/field';
import { Form, FormServerError, TextField, useFieldError, useZodForm } from '../../components/ui/form';
import { RelativeTime } from '../../components/ui/relative-time';
import { preloadToaster, toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import {
  payoutFileCsvUrl,
  payoutFilesQueryOptions,
  payoutKeys,
  payoutsQueryOptions,
  revealPayoutDetails,
  useExportPayoutFile,
  useImportPayoutResults,
  usePayoutDecision,
  useUpdateWithdrawalSettings,
  withdrawalSettingsQueryOptions,
  type AdminWithdrawal,
  type PayoutFile,
  type PayoutImportResult,
  type PayoutQueueFilter,
  type WithdrawalSettings,
} from './api';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { useAdminLedgerMessages } from './messages';

const from = '/admin/payouts' as const;

export function payoutStatusOf(search: { status?: unknown }): PayoutQueueFilter {
  return PAYOUT_QUEUE_FILTERS.includes(search.status as PayoutQueueFilter) ? (search.status as PayoutQueueFilter) : 'open';
}

/** The filters that show the queue (oldest first, with the actions): what is still to settle. */
const isQueueFilter = (status: PayoutQueueFilter) => status === 'open' || status === 'pending' || status === 'processing';

type Action = { kind: 'details' | 'pay' | 'reject' | 'requeue'; row: AdminWithdrawal };

/** Saves a payout file through the browser's own download (a plain link: the session cookie goes with it). */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * /admin/payouts: the withdrawals still to settle, oldest first — waiting to be sent (pending) and
 * on their way to the bank (processing) — with the bank details a click away, the payout file for
 * the bank, and the files made before; or those settled, by status.
 */
export function PayoutsPage() {
  const { t } = useAdminLedgerMessages();
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const status = payoutStatusOf(search);
  const isQueue = isQueueFilter(status);
  const query = useInfiniteQuery(payoutsQueryOptions(status));
  const rows = query.data?.pages.flatMap((page) => page.items);
  const total = query.data?.pages[0]?.total;
  const [action, setAction] = useState<Action | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const open = (kind: Action['kind'], row: AdminWithdrawal) => {
    preloadToaster();
    setAction({ kind, row });
  };
  const money = (row: AdminWithdrawal, minor: number) => formatMoney(minor, { currency: row.currency });
  const columns: Column<AdminWithdrawal>[] = [
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
    ...(isQueue
      ? [
          {
            key: 'actions',
            header: t('payouts.actions'),
            hideHeader: true,
            cell: (row: AdminWithdrawal) => (
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
          },
        ]
      : []),
  ];

  return (
    <ConsolePage
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
        <>
          <Button variant="secondary" onClick={() => setExporting(true)}>
            <Download className="size-4" aria-hidden="true" />
            {t('payouts.export')}
          </Button>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <Upload className="size-4" aria-hidden="true" />
            {t('payouts.import')}
          </Button>
          <Link to="/admin/payout-settings" className={buttonClass('secondary')}>
            <Settings className="size-4" aria-hidden="true" />
            {t('payouts.settings')}
          </Link>
          <Button variant="secondary" onClick={() => void query.refetch()} isBusy={query.isRefetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('payouts.refresh')}
          </Button>
        </>
      }
    >
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium text-gray-900 dark:text-gray-100">
        {t('payouts.show')}
        <select
          value={status}
          onChange={(event) => {
            const next = event.target.value as PayoutQueueFilter;
            void navigate({ search: next === 'open' ? {} : { status: next } });
          }}
          className="min-h-11 rounded-xl border border-gray-300 bg-white px-3 text-base text-gray-900 sm:text-sm dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50"
        >
          {PAYOUT_QUEUE_FILTERS.map((option) => (
            <option key={option} value={option}>
              {t(`payouts.filters.${option}`)}
            </option>
          ))}
        </select>
      </label>
      <DataTable
        caption={t('payouts.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          isQueue
            ? { title: t('payouts.emptyTitle'), body: t('payouts.emptyBody') }
            : { title: t('payouts.emptyOtherTitle'), body: t('payouts.emptyOtherBody') }
        }
        pager={{
          kind: 'cursor',
          hasMore: query.hasNextPage,
          isLoadingMore: query.isFetchingNextPage,
          onMore: () => void query.fetchNextPage(),
        }}
      />
      <PayoutFiles />
      {action ? <PayoutDialog action={action} onClose={() => setAction(null)} /> : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
      {exporting ? <ExportDialog onClose={() => setExporting(false)} /> : null}
    </ConsolePage>
  );
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

/** The payout file: confirmed first (its withdrawals become processing), then made and downloaded. */
function ExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminLedgerMessages();
  const run = useExportPayoutFile();
  const [error, setError] = useState<string | undefined>();
  return (
    <ConfirmSheet
      open
      onOpenChange={(next) => !next && !run.isPending && onClose()}
      title={t('payouts.exportTitle')}
      description={t('payouts.exportBody')}
    >
      {(close) => (
        <div className="flex flex-col gap-4">
          {error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <ConfirmActions
            confirmLabel={t('payouts.exportConfirm')}
            cancelLabel={t('payouts.cancel')}
            isBusy={run.isPending}
            onConfirm={async () => {
              setError(undefined);
              try {
                const file = await run.mutateAsync();
                download(payoutFileCsvUrl(file.id));
                toast(t('payouts.exported', { count: file.rowCount, total: formatMoney(file.total, { currency: file.currency }) }));
                onClose();
              } catch (failure) {
                setError(failure instanceof ApiError ? failure.message : t('errors.generic'));
              }
            }}
            close={close}
          />
        </div>
      )}
    </ConfirmSheet>
  );
}

/** The payout files made before, newest first: each downloads again with the same rows. */
function PayoutFiles() {
  const { t } = useAdminLedgerMessages();
  const query = useInfiniteQuery(payoutFilesQueryOptions());
  const rows = query.data?.pages.flatMap((page) => page.items);
  const columns: Column<PayoutFile>[] = [
    {
      key: 'created',
      header: t('payouts.files.created'),
      className: 'whitespace-nowrap',
      cell: (row) => formatDateTime(row.createdAt),
    },
    { key: 'by', header: t('payouts.files.by'), cell: (row) => row.createdBy.displayName },
    { key: 'rows', header: t('payouts.files.rows'), align: 'end', className: 'tabular-nums', cell: (row) => row.rowCount },
    {
      key: 'total',
      header: t('payouts.files.total'),
      align: 'end',
      className: 'tabular-nums whitespace-nowrap font-semibold',
      cell: (row) => formatMoney(row.total, { currency: row.currency }),
    },
    {
      key: 'download',
      header: t('payouts.files.download'),
      hideHeader: true,
      cell: (row) => (
        <div className="flex justify-end">
          <a
            href={payoutFileCsvUrl(row.id)}
            download
            className={buttonClass('secondary', 'min-h-10')}
            aria-label={t('payouts.files.downloadLabel', { when: formatDateTime(row.createdAt) })}
          >
            <FileSpreadsheet className="size-4" aria-hidden="true" />
            {t('payouts.files.download')}
          </a>
        </div>
      ),
    },
  ];
  return (
    <section className="flex flex-col gap-3" aria-labelledby="payout-files-title">
      <div className="flex flex-col gap-1">
        <h2 id="payout-files-title" className="text-lg font-semibold text-gray-900 dark:text-gray-50">
          {t('payouts.files.title')}
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('payouts.files.intro')}</p>
      </div>
      <DataTable
        caption={t('payouts.files.title')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('payouts.files.emptyTitle'), body: t('payouts.files.emptyBody') }}
        pager={{
          kind: 'cursor',
          hasMore: query.hasNextPage,
          isLoadingMore: query.isFetchingNextPage,
          onMore: () => void query.fetchNextPage(),
        }}
      />
    </section>
  );
}

function PayoutDialog({ action, onClose }: { action: Action; onClose: () => void }) {
  const { t } = useAdminLedgerMessages();
  const decide = usePayoutDecision();
  const { row } = action;
  const amount = formatMoney(row.amount, { currency: row.currency });
  const net = formatMoney(row.net, { currency: row.currency });
  const title =
    action.kind === 'details'
      ? t('payouts.detailsTitle', { net, holder: row.account.holderName })
      : action.kind === 'pay'
        ? t('payouts.payTitle', { net })
        : action.kind === 'reject'
          ? t('payouts.rejectTitle', { amount })
          : t('payouts.requeueTitle', { amount });
  const description =
    action.kind === 'details'
      ? t(row.status === 'pending' ? 'payouts.detailsBody' : 'payouts.detailsBodySent')
      : action.kind === 'pay'
        ? t('payouts.payBody', { net, holder: row.account.holderName })
        : action.kind === 'reject'
          ? t('payouts.rejectBody')
          : t('payouts.requeueBody');
  return (
    <ConfirmSheet size="wide" open onOpenChange={(next) => !next && !decide.isPending && onClose()} title={title} description={description}>
      {(close) =>
        action.kind === 'details' ? (
          <PayoutDetailsView id={row.id} close={close} />
        ) : action.kind === 'pay' ? (
          <PayForm
            close={close}
            onSubmit={async (payoutReference) => {
              await decide.mutateAsync({ kind: 'pay', id: row.id, payoutReference });
              toast(t('payouts.paid', { net, member: row.member.displayName }));
              onClose();
            }}
          />
        ) : action.kind === 'reject' ? (
          <RejectPayoutForm
            close={close}
            onSubmit={async (reason) => {
              await decide.mutateAsync({ kind: 'reject', id: row.id, reason });
              toast(t('payouts.rejected', { amount }));
              onClose();
            }}
          />
        ) : (
          <RequeueForm
            close={close}
            onSubmit={async (reason) => {
              await decide.mutateAsync({ kind: 'requeue', id: row.id, reason });
              toast(t('payouts.requeued', { amount, member: row.member.displayName }));
              onClose();
            }}
          />
        )
      }
    </ConfirmSheet>
  );
}

/** The bank's result file: read in the browser, checked by the server (a preview), then applied. */
function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminLedgerMessages();
  const run = useImportPayoutResults();
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<PayoutImportResult | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submit = async (apply: boolean) => {
    if (!csv) return;
    setError(undefined);
    try {
      const answer = await run.mutateAsync({ csv, apply });
      setResult(answer);
      if (apply)
        toast(t('payouts.applied', { count: answer.rows.filter((row) => row.result === 'paid' || row.result === 'rejected').length }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <ConfirmSheet
      size="wide"
      open
      onOpenChange={(next) => !next && !run.isPending && onClose()}
      title={t('payouts.importTitle')}
      description={t('payouts.importBody')}
    >
      {(close) => (
        <div className="flex flex-col gap-4">
          <Field
            id="payout-file"
            type="file"
            accept=".csv,text/csv"
            label={t('payouts.file')}
            error={error}
            className="text-sm"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              setResult(null);
              setCsv(file ? await file.text() : null);
            }}
          />
          {result ? (
            <div className="flex flex-col gap-2" aria-live="polite">
              <p className="text-sm font-medium">{t('payouts.importCounts', result.counts)}</p>
              {result.files.map((file) => (
                <p key={file.id} className="text-sm text-gray-700 dark:text-gray-300">
                  {t('payouts.answers', { when: formatDateTime(file.createdAt), answered: file.answered, rows: file.rowCount })}
                </p>
              ))}
              <ul className="flex max-h-64 flex-col gap-1 overflow-auto text-sm">
                {result.rows.map((row) => (
                  <li key={row.line} className="flex flex-wrap gap-x-2">
                    <span className="text-gray-600 dark:text-gray-400">{t('payouts.resultLine', { line: row.line })}</span>
                    <span className={row.result === 'error' ? 'font-medium text-red-700 dark:text-red-400' : 'font-medium'}>
                      {t(`payouts.results.${row.result}`)}
                    </span>
                    <span className="text-gray-700 dark:text-gray-300">{row.message ?? row.reference}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={run.isPending} onClick={close}>
              {t('payouts.cancel')}
            </Button>
            {result && !result.applied && result.counts.toChange > 0 ? (
              <Button isBusy={run.isPending} onClick={() => void submit(true)}>
                {t('payouts.apply', { count: result.counts.toChange })}
              </Button>
            ) : (
              <Button isBusy={run.isPending} disabled={!csv} onClick={() => void submit(false)}>
                {t('payouts.preview')}
              </Button>
            )}
          </div>
        </div>
      )}
    </ConfirmSheet>
  );
}

/** The full details, fetched (and audited) only when asked for. */
function PayoutDetailsView({ id, close }: { id: string; close: () => void }) {
  const { t } = useAdminLedgerMessages();
  const queryClient = useQueryClient();
  // Each opening is one reveal (and one audit row): nothing is kept once the dialog closes. A
  // waiting withdrawal is processing from here on: the queue is read again.
  const reveal = useQuery({
    queryKey: ['admin', 'payout-details', id],
    queryFn: async () => {
      const details = await revealPayoutDetails(id);
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      return details;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const details = reveal.data;
  return (
    <div className="flex flex-col gap-4">
      {details ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-gray-600 dark:text-gray-400">{t('payouts.holder')}</dt>
          <dd className="font-medium">{details.holderName}</dd>
          <dt className="text-gray-600 dark:text-gray-400">{t('payouts.bank')}</dt>
          <dd>{details.bankName}</dd>
          <dt className="text-gray-600 dark:text-gray-400">{t('payouts.country')}</dt>
          <dd>{details.country}</dd>
          <dt className="text-gray-600 dark:text-gray-400">{t('payouts.number')}</dt>
          <dd className="font-mono break-all select-all">{details.number}</dd>
          <dt className="text-gray-600 dark:text-gray-400">{t('payouts.net')}</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(details.net, { currency: details.currency })}</dd>
        </dl>
      ) : reveal.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{reveal.error?.message}</p>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400" aria-busy="true">
          …
        </p>
      )}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={close}>
          {t('payouts.close')}
        </Button>
      </div>
    </div>
  );
}

function PayForm({ close, onSubmit }: { close: () => void; onSubmit: (payoutReference: string) => Promise<void> }) {
  const { t } = useAdminLedgerMessages();
  const form = useZodForm(payWithdrawalBodySchema, { defaultValues: { payoutReference: '' } });
  return (
    <Form form={form} onSubmit={({ payoutReference }) => onSubmit(payoutReference)}>
      <TextField name="payoutReference" label={t('payouts.payoutReference')} maxLength={100} autoComplete="off" />
      <DecisionButtons close={close} backLabel={t('payouts.cancel')} confirmLabel={t('payouts.payConfirm')} tone="primary" />
    </Form>
  );
}

function RejectPayoutForm({ close, onSubmit }: { close: () => void; onSubmit: (reason: string) => Promise<void> }) {
  const { t } = useAdminLedgerMessages();
  const form = useZodForm(rejectWithdrawalBodySchema, { defaultValues: { reason: '' } });
  return (
    <Form form={form} onSubmit={({ reason }) => onSubmit(reason)}>
      <TextField name="reason" label={t('payouts.reason')} hint={t('payouts.reasonHint')} maxLength={500} autoComplete="off" />
      <DecisionButtons close={close} backLabel={t('payouts.cancel')} confirmLabel={t('payouts.rejectConfirm')} tone="danger" />
    </Form>
  );
}

function RequeueForm({ close, onSubmit }: { close: () => void; onSubmit: (reason: string) => Promise<void> }) {
  const { t } = useAdminLedgerMessages();
  const form = useZodForm(requeueWithdrawalBodySchema, { defaultValues: { reason: '' } });
  return (
    <Form form={form} onSubmit={({ reason }) => onSubmit(reason)}>
      <TextField name="reason" label={t('payouts.requeueReason')} hint={t('payouts.requeueHint')} maxLength={500} autoComplete="off" />
      <DecisionButtons close={close} backLabel={t('payouts.cancel')} confirmLabel={t('payouts.requeueConfirm')} tone="primary" />
    </Form>
  );
}

// ---------------------------------------------------------------- /admin/payout-settings

/** /admin/payout-settings: limits, fee, cool-down, payout time and the switch, audited with before and after. */
export function PayoutSettingsPage() {
  const { t } = useAdminLedgerMessages();
  const settings = useQuery(withdrawalSettingsQueryOptions());
  return (
    <ConsolePage title={t('payoutSettings.title')} description={t('payoutSettings.intro')}>
      {settings.data ? <SettingsForm settings={settings.data} /> : <p aria-busy="true">…</p>}
    </ConsolePage>
  );
}

const NUMBER_FIELDS = ['minAmount', 'maxAmount', 'dailyMax', 'feeFixed', 'feeBp', 'cooldownHours', 'payoutBusinessDays'] as const;

function SettingsForm({ settings }: { settings: WithdrawalSettings }) {
  const { t } = useAdminLedgerMessages();
  const update = useUpdateWithdrawalSettings();
  const form = useZodForm(updateWithdrawalSettingsBodySchema, { defaultValues: settings });
  return (
    <Form
      form={form}
      className="max-w-md gap-4"
      onSubmit={async (values) => {
        await update.mutateAsync(values);
        toast(t('payoutSettings.saved'));
      }}
    >
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input type="checkbox" className="accent-primary-600 size-4" {...form.register('enabled')} />
        {t('payoutSettings.enabled')}
      </label>
      {NUMBER_FIELDS.map((name) => (
        <NumberField key={name} name={name} label={t(`payoutSettings.${name}`)} />
      ))}
      <FormServerError />
      <Button type="submit" isBusy={form.formState.isSubmitting}>
        {t('payoutSettings.save')}
      </Button>
    </Form>
  );
}

/** A whole number in the settings form: registered as a number, its error under it. */
function NumberField({ name, label }: { name: (typeof NUMBER_FIELDS)[number]; label: string }) {
  const { register } = useFormContext<WithdrawalSettings>();
  const error = useFieldError(name);
  return (
    <Field
      id={`payout-${name}`}
      type="number"
      inputMode="numeric"
      label={label}
      error={error}
      {...register(name, { valueAsNumber: true })}
    />
  );
}
