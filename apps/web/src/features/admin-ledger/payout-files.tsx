import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmActions, ConfirmSheet } from '../../components/ui/confirm-sheet';
import { type Column, DataTable } from '../../components/ui/console';
import { cursorListState } from '../../components/ui/console-list';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { useUiMessages } from '../../components/ui/messages';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import {
  payoutFileCsvUrl,
  payoutFilesQueryOptions,
  useExportPayoutFile,
  useImportPayoutResults,
  type PayoutFile,
  type PayoutImportResult,
} from './api';
import { useAdminLedgerMessages } from './messages';

/** Saves a payout file through the browser's own download (a plain link: the session cookie goes with it). */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The payout file: confirmed first (its withdrawals become processing), then made and downloaded. */
export function ExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminLedgerMessages();
  const genericError = useUiMessages().t('form.genericError');
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
                setError(failure instanceof ApiError ? failure.message : genericError);
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
export function PayoutFiles() {
  const { t } = useAdminLedgerMessages();
  const query = useInfiniteQuery(payoutFilesQueryOptions());
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
        rowKey={(row) => row.id}
        {...cursorListState(query)}
        empty={{ title: t('payouts.files.emptyTitle'), body: t('payouts.files.emptyBody') }}
      />
    </section>
  );
}

/** The bank's result file: read in the browser, checked by the server (a preview), then applied. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
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
      if ('approval' in answer) {
        toast(t('payouts.sentForApproval', { amount: formatMoney(answer.approval.amount, { currency: answer.approval.currency }) }));
        onClose();
        return;
      }
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
          {result ? <ImportResultView result={result} /> : null}
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

/** What the bank's file would change (a preview) or changed: the counts, the files it answers, line by line. */
function ImportResultView({ result }: { result: PayoutImportResult }) {
  const { t } = useAdminLedgerMessages();
  return (
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
  );
}
