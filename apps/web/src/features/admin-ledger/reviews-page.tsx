import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Clock, Flag, Hourglass, RefreshCw } from 'lucide-react';
import { creditRechargeOrderBodySchema, rejectRechargeOrderBodySchema } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, cursorListState, ViewSelect } from '../../components/ui/console-list';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { RelativeTime } from '../../components/ui/relative-time';
import { preloadToaster, toast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { useUiMessages } from '../../components/ui/messages';
import { useIntentKeys, type IntentKeys } from '../../lib/intent-key';
import { rechargeReviewsQueryOptions, useReviewDecision, type RechargeReview } from './api';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { useAdminLedgerMessages, type AdminLedgerT } from './messages';
import { OrderReference, orderAmountColumn, orderStatusColumn, orderWhenColumn } from './order-columns';
import { ORDER_FILTERS, orderFilterOf, type OrderFilter } from './search';

// Typed by route id; useSearch({ from }) rather than getRouteApi, whose class would join the first load.
const from = '/admin/recharges' as const;

type Action = { kind: 'credit' | 'reject'; order: RechargeReview; keys: IntentKeys };

/** /admin/recharges: the queue of orders to credit or reject, and (by the `status` filter) the orders already handled. */
export function ReviewsPage() {
  const { t } = useAdminLedgerMessages();
  const filter = orderFilterOf(useSearch({ from }));
  const isQueue = filter === 'review';
  const query = useInfiniteQuery(rechargeReviewsQueryOptions({ status: filter }));
  const [action, setAction] = useState<Action | null>(null);
  // One idempotency key per (order, action) intent, kept while the operator retries it.
  const keys = useIntentKeys();
  const total = query.data?.pages[0]?.total;
  const columns = useReviewColumns(isQueue, (kind, order) => {
    preloadToaster();
    setAction({ kind, order, keys });
  });
  return (
    <ConsoleListPage
      title={t('reviews.title')}
      description={
        <>
          {total !== undefined ? (
            <strong className="font-semibold text-gray-900 dark:text-gray-100">
              {t(isQueue ? 'reviews.count' : 'orders.count', { count: total })} ·{' '}
            </strong>
          ) : null}
          {t(isQueue ? 'reviews.intro' : 'orders.intro')}
        </>
      }
      actions={
        <Button variant="secondary" onClick={() => void query.refetch()} isBusy={query.isRefetching}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('reviews.refresh')}
        </Button>
      }
      filters={<OrderFilterSelect filter={filter} />}
      caption={t(isQueue ? 'reviews.caption' : 'orders.caption')}
      columns={columns}
      rowKey={(order) => order.id}
      {...cursorListState(query)}
      empty={
        isQueue
          ? { title: t('reviews.emptyTitle'), body: t('reviews.emptyBody') }
          : { title: t('orders.emptyTitle'), body: t('orders.emptyBody') }
      }
    >
      {action ? <ActionDialog action={action} onClose={() => setAction(null)} onDone={() => setAction(null)} /> : null}
    </ConsoleListPage>
  );
}

/** The queue to review, or the orders already handled by status, kept in the URL. */
function OrderFilterSelect({ filter }: { filter: OrderFilter }) {
  const { t } = useAdminLedgerMessages();
  const { t: common } = useUiMessages();
  const navigate = useNavigate({ from });
  const label = (option: OrderFilter) =>
    option === 'review' || option === 'all' ? t(`orders.filters.${option}`) : common(`money.orderStates.${option}`);
  return (
    <ViewSelect
      label={t('orders.show')}
      value={filter}
      options={ORDER_FILTERS.map((option) => ({ value: option, label: label(option) }))}
      onChange={(status) => void navigate({ search: status === 'review' ? {} : { status } })}
    />
  );
}

/**
 * Who, how much, the reference (flagged or not), the payer's reference, since when; in the queue,
 * Credit and Reject. Handled orders have nothing left to decide: their status and when it
 * happened take the actions' place.
 */
function useReviewColumns(isQueue: boolean, open: (kind: Action['kind'], order: RechargeReview) => void): Column<RechargeReview>[] {
  const { t } = useAdminLedgerMessages();
  const first: Column<RechargeReview>[] = [
    {
      key: 'member',
      header: t('reviews.member'),
      cell: (order) => (
        <>
          <div className="font-medium">{order.member.displayName}</div>
          <div className="text-xs whitespace-nowrap text-gray-600 dark:text-gray-400">{order.member.email ?? order.member.phone ?? ''}</div>
        </>
      ),
    },
    orderAmountColumn(t),
    referenceColumn(t),
    {
      key: 'payer',
      header: t('reviews.payerReference'),
      className: 'font-mono whitespace-nowrap',
      cell: (order) => order.payerReference ?? t('reviews.none'),
    },
  ];
  if (!isQueue) return [...first, orderStatusColumn(t, { withRejectReason: true }), orderWhenColumn(t)];
  return [
    ...first,
    {
      key: 'submitted',
      header: t('reviews.submitted'),
      className: 'whitespace-nowrap text-gray-700 dark:text-gray-300',
      cell: (order) => (
        <span className="inline-flex items-center gap-1">
          {order.status === 'submitted' ? (
            <Hourglass className="size-3.5" aria-hidden="true" />
          ) : (
            <Clock className="size-3.5" aria-hidden="true" />
          )}
          <RelativeTime value={order.submittedAt ?? order.createdAt} />
        </span>
      ),
    },
    reviewActionsColumn(t, open),
  ];
}

function referenceColumn(t: AdminLedgerT): Column<RechargeReview> {
  return {
    key: 'reference',
    header: t('reviews.reference'),
    cell: (order) => (
      <>
        <OrderReference order={order} />
        {order.reviewNote ? (
          <div className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
            <Flag className="size-3.5" aria-hidden="true" />
            {t('reviews.flagged', { note: order.reviewNote })}
          </div>
        ) : null}
      </>
    ),
  };
}

function reviewActionsColumn(t: AdminLedgerT, open: (kind: Action['kind'], order: RechargeReview) => void): Column<RechargeReview> {
  return {
    key: 'actions',
    header: t('reviews.actions'),
    hideHeader: true,
    cell: (order) => (
      <div className="flex justify-end gap-2">
        <Button className="min-h-10" onClick={() => open('credit', order)} aria-label={`${t('reviews.credit')} ${order.reference}`}>
          {t('reviews.credit')}
        </Button>
        <Button
          variant="danger-outline"
          className="min-h-10"
          onClick={() => open('reject', order)}
          aria-label={`${t('reviews.reject')} ${order.reference}`}
        >
          {t('reviews.reject')}
        </Button>
      </div>
    ),
  };
}

// The contracts' own rules for the note and the reason, so the form and the server agree.
const creditForm = creditRechargeOrderBodySchema.unwrap().unwrap();
const rejectForm = rejectRechargeOrderBodySchema;

interface ActionProps {
  action: Action;
  onClose: () => void;
  onDone: () => void;
}

/** The confirm step of a credit or a reject, with its note or reason; the queue toasts the outcome. */
function ActionDialog({ action, onClose, onDone }: ActionProps) {
  const { t } = useAdminLedgerMessages();
  const decide = useReviewDecision();
  const { order } = action;
  const amount = formatMoney(order.amount, { currency: order.currency });
  const isCredit = action.kind === 'credit';
  return (
    <ConfirmSheet
      size="wide"
      open
      onOpenChange={(next) => !next && !decide.isPending && onClose()}
      title={isCredit ? t('reviews.creditTitle', { amount }) : t('reviews.rejectTitle', { reference: order.reference })}
      description={
        isCredit
          ? t('reviews.creditBody', {
              amount,
              member: order.member.displayName,
              reference: order.reference,
              payerReference: order.payerReference ?? t('reviews.none'),
            })
          : t('reviews.rejectBody', { amount })
      }
    >
      {(close) =>
        isCredit ? (
          <CreditForm
            close={close}
            confirmLabel={t('reviews.creditConfirm', { amount })}
            onSubmit={async (note) => {
              await action.keys.run(`credit:${order.id}`, { note }, (idempotencyKey) =>
                decide.mutateAsync({ kind: 'credit', orderId: order.id, note, idempotencyKey }),
              );
              toast(t('reviews.credited', { amount, member: order.member.displayName }));
              onDone();
            }}
          />
        ) : (
          <RejectForm
            close={close}
            onSubmit={async (reason) => {
              await action.keys.run(`reject:${order.id}`, { reason }, (idempotencyKey) =>
                decide.mutateAsync({ kind: 'reject', orderId: order.id, reason, idempotencyKey }),
              );
              toast(t('reviews.rejected', { reference: order.reference }));
              onDone();
            }}
          />
        )
      }
    </ConfirmSheet>
  );
}

function CreditForm({
  close,
  confirmLabel,
  onSubmit,
}: {
  close: () => void;
  confirmLabel: string;
  onSubmit: (note?: string) => Promise<void>;
}) {
  const { t } = useAdminLedgerMessages();
  const form = useZodForm(creditForm, { defaultValues: { note: '' } });
  return (
    <Form form={form} onSubmit={({ note }) => onSubmit(note || undefined)}>
      <TextField name="note" label={t('reviews.note')} maxLength={500} autoComplete="off" />
      <DecisionButtons close={close} backLabel={t('reviews.cancel')} confirmLabel={confirmLabel} tone="primary" />
    </Form>
  );
}

function RejectForm({ close, onSubmit }: { close: () => void; onSubmit: (reason: string) => Promise<void> }) {
  const { t } = useAdminLedgerMessages();
  const form = useZodForm(rejectForm, { defaultValues: { reason: '' } });
  return (
    <Form form={form} onSubmit={({ reason }) => onSubmit(reason)}>
      <TextField name="reason" label={t('reviews.reason')} hint={t('reviews.reasonHint')} maxLength={500} autoComplete="off" />
      <DecisionButtons close={close} backLabel={t('reviews.cancel')} confirmLabel={t('reviews.rejectConfirm')} tone="danger" />
    </Form>
  );
}
