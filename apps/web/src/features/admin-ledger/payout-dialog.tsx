import { useQuery, useQueryClient } from '@tanstack/react-query';
import { payWithdrawalBodySchema, rejectWithdrawalBodySchema, requeueWithdrawalBodySchema } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { payoutKeys, revealPayoutDetails, usePayoutDecision, type AdminWithdrawal } from './api';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { useAdminLedgerMessages } from './messages';

/** What the operator opened from a row of the queue. */
export type PayoutAction = { kind: 'details' | 'pay' | 'reject' | 'requeue'; row: AdminWithdrawal };

export function PayoutDialog({ action, onClose }: { action: PayoutAction; onClose: () => void }) {
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
