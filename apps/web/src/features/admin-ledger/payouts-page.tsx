import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useFormContext } from 'react-hook-form';
import { Download, RefreshCw, Settings, Upload } from 'lucide-react';
import { payWithdrawalBodySchema, rejectWithdrawalBodySchema, updateWithdrawalSettingsBodySchema } from '@orchard/shared';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { type Column, ConsolePage, DataTable } from '../../components/ui/console';
import { Field } from '../../components/ui/field';
import { Form, FormServerError, TextField, useFieldError, useZodForm } from '../../components/ui/form';
import { RelativeTime } from '../../components/ui/relative-time';
import { preloadToaster, toast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import {
  payoutsExportUrl,
  payoutsQueryOptions,
  revealPayoutDetails,
  useImportPayoutResults,
  usePayoutDecision,
  useUpdateWithdrawalSettings,
  withdrawalSettingsQueryOptions,
  type AdminWithdrawal,
  type PayoutImportResult,
  type WithdrawalSettings,
  type WithdrawalStatus,
} from './api';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { useAdminLedgerMessages } from './messages';

const from = '/admin/payouts' as const;
const STATUSES: WithdrawalStatus[] = ['pending', 'paid', 'rejected', 'cancelled'];

export function payoutStatusOf(search: { status?: unknown }): WithdrawalStatus {
  return STATUSES.includes(search.status as WithdrawalStatus) ? (search.status as WithdrawalStatus) : 'pending';
}

type Action = { kind: 'details' | 'pay' | 'reject'; row: AdminWithdrawal };

/** /admin/payouts: the withdrawals to pay, oldest first, with the bank details a click away; or those handled, by status. */
export function PayoutsPage() {
  const { t } = useAdminLedgerMessages();
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const status = payoutStatusOf(search);
  const isQueue = status === 'pending';
  const query = useInfiniteQuery(payoutsQueryOptions(status));
  const rows = query.data?.pages.flatMap((page) => page.items);
  const total = query.data?.pages[0]?.total;
  const [action, setAction] = useState<Action | null>(null);
  const [importing, setImporting] = useState(false);
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
    isQueue
      ? {
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
            </div>
          ),
        }
      : {
          key: 'status',
          header: t('payouts.status'),
          cell: (row) => (
            <>
              <div className="font-medium">{t(`payouts.filters.${row.status}`)}</div>
              <div className="text-xs text-gray-600 dark:text-gray-400">{row.payoutReference ?? row.rejectReason ?? ''}</div>
            </>
          ),
        },
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
          <a href={payoutsExportUrl()} className={buttonClass('secondary')} download>
            <Download className="size-4" aria-hidden="true" />
            {t('payouts.export')}
          </a>
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
            const next = event.target.value as WithdrawalStatus;
            void navigate({ search: next === 'pending' ? {} : { status: next } });
          }}
          className="min-h-11 rounded-xl border border-gray-300 bg-white px-3 text-base text-gray-900 sm:text-sm dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50"
        >
          {STATUSES.map((option) => (
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
      {action ? <PayoutDialog action={action} onClose={() => setAction(null)} /> : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </ConsolePage>
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
        : t('payouts.rejectTitle', { amount });
  const description =
    action.kind === 'details'
      ? t('payouts.detailsBody')
      : action.kind === 'pay'
        ? t('payouts.payBody', { net, holder: row.account.holderName })
        : t('payouts.rejectBody');
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
        ) : (
          <RejectPayoutForm
            close={close}
            onSubmit={async (reason) => {
              await decide.mutateAsync({ kind: 'reject', id: row.id, reason });
              toast(t('payouts.rejected', { amount }));
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
  // Each opening is one reveal (and one audit row): nothing is kept once the dialog closes.
  const reveal = useQuery({
    queryKey: ['admin', 'payout-details', id],
    queryFn: () => revealPayoutDetails(id),
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
