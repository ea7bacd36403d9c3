import { useId, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, Flag, Hourglass, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { RelativeTime } from '../../components/ui/relative-time';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { adminLedgerKeys, creditRechargeOrder, rechargeReviewsQueryOptions, rejectRechargeOrder, type RechargeReview } from './api';
import { useAdminLedgerMessages } from './messages';
import { ConsolePage, Field, inputClass, tableClass, theadClass } from './ui';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';

type Action = { kind: 'credit' | 'reject'; order: RechargeReview; key: string };

/** /admin/recharges: the queue of orders to credit or reject. */
export function ReviewsPage() {
  const { t } = useAdminLedgerMessages();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(rechargeReviewsQueryOptions());
  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // One idempotency key per (order, action) intent, kept while the operator retries it.
  const keys = useRef(new Map<string, string>());
  const open = (kind: Action['kind'], order: RechargeReview) => {
    const id = `${kind}:${order.id}`;
    if (!keys.current.has(id)) keys.current.set(id, crypto.randomUUID());
    setNotice(null);
    setAction({ kind, order, key: keys.current.get(id)! });
  };
  const done = (message: string) => {
    setAction(null);
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.reviews() });
    void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.report() });
  };

  const countText = query.hasNextPage ? t('reviews.countMore', { count: orders.length }) : t('reviews.count', { count: orders.length });

  return (
    <ConsolePage
      title={t('reviews.title')}
      actions={
        <Button variant="secondary" onClick={() => void query.refetch()} isBusy={query.isRefetching}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('reviews.refresh')}
        </Button>
      }
    >
      <p className="text-sm text-gray-600 dark:text-gray-400">
        <strong className="font-semibold text-gray-900 dark:text-gray-100" data-testid="review-count">
          {countText}
        </strong>{' '}
        · {t('reviews.intro')}
      </p>
      {notice ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-green-50 px-4 py-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-200"
        >
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {notice}
        </p>
      ) : null}
      {!query.data ? (
        <p className="text-sm text-gray-600">…</p>
      ) : orders.length === 0 ? (
        <EmptyState title={t('reviews.emptyTitle')} body={t('reviews.emptyBody')} />
      ) : (
        <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">
          <table className={tableClass}>
            <thead className={theadClass}>
              <tr>
                <th scope="col">{t('reviews.member')}</th>
                <th scope="col" className="text-right">
                  {t('reviews.amount')}
                </th>
                <th scope="col">{t('reviews.reference')}</th>
                <th scope="col">{t('reviews.payerReference')}</th>
                <th scope="col">{t('reviews.submitted')}</th>
                <th scope="col">
                  <span className="sr-only">{t('reviews.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
              {orders.map((order) => (
                <tr key={order.id} data-testid="review-row" data-reference={order.reference}>
                  <td>
                    <div className="font-medium text-gray-900 dark:text-gray-100">{order.member.displayName}</div>
                    <div className="text-xs text-gray-600 dark:text-gray-400">{order.member.email ?? order.member.phone ?? ''}</div>
                  </td>
                  <td className="text-right font-semibold whitespace-nowrap tabular-nums">
                    {formatMoney(order.amount, { currency: order.currency })}
                  </td>
                  <td>
                    <div className="font-mono font-semibold">{order.reference}</div>
                    <div className="text-xs text-gray-600 dark:text-gray-400">{order.channel.name}</div>
                    {order.reviewNote ? (
                      <div className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
                        <Flag className="size-3.5" aria-hidden="true" />
                        {t('reviews.flagged', { note: order.reviewNote })}
                      </div>
                    ) : null}
                  </td>
                  <td className="font-mono">{order.payerReference ?? t('reviews.none')}</td>
                  <td className="whitespace-nowrap text-gray-700 dark:text-gray-300">
                    <span className="inline-flex items-center gap-1">
                      {order.status === 'submitted' ? (
                        <Hourglass className="size-3.5" aria-hidden="true" />
                      ) : (
                        <Clock className="size-3.5" aria-hidden="true" />
                      )}
                      <RelativeTime value={order.submittedAt ?? order.createdAt} />
                    </span>
                  </td>
                  <td>
                    <div className="flex justify-end gap-2">
                      <Button onClick={() => open('credit', order)} aria-label={`${t('reviews.credit')} ${order.reference}`}>
                        {t('reviews.credit')}
                      </Button>
                      <Button
                        variant="secondary"
                        onClick={() => open('reject', order)}
                        aria-label={`${t('reviews.reject')} ${order.reference}`}
                      >
                        {t('reviews.reject')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} isBusy={query.isFetchingNextPage}>
          {t('reviews.loadMore')}
        </Button>
      ) : null}
      {action ? <ActionDialog action={action} onClose={() => setAction(null)} onDone={done} /> : null}
    </ConsolePage>
  );
}

function ActionDialog({ action, onClose, onDone }: { action: Action; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useAdminLedgerMessages();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { order } = action;
  const amount = formatMoney(order.amount, { currency: order.currency });
  const mutation = useMutation({
    mutationFn: () =>
      action.kind === 'credit'
        ? creditRechargeOrder(order.id, text.trim() || undefined, action.key)
        : rejectRechargeOrder(order.id, text.trim(), action.key),
    onSuccess: () =>
      onDone(
        action.kind === 'credit'
          ? t('reviews.credited', { amount, member: order.member.displayName })
          : t('reviews.rejected', { reference: order.reference }),
      ),
    onError: (error) => {
      if (error instanceof ApiError) {
        const field = error.fields.reason ?? error.fields.note;
        if (field) setFieldError(field);
        else setFormError(error.message);
      } else setFormError(t('errors.generic'));
    },
  });
  const isCredit = action.kind === 'credit';
  return (
    <ConfirmSheet
      size="wide"
      open
      onOpenChange={(next) => !next && !mutation.isPending && onClose()}
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
      {(close) => (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setFormError(null);
            if (!isCredit && text.trim().length < 3) {
              setFieldError(t('reviews.reasonRequired'));
              return;
            }
            setFieldError(null);
            mutation.mutate();
          }}
        >
          <Field
            label={isCredit ? t('reviews.note') : t('reviews.reason')}
            htmlFor={fieldId}
            hint={isCredit ? undefined : t('reviews.reasonHint')}
            error={fieldError}
          >
            <textarea
              id={fieldId}
              rows={3}
              maxLength={500}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${fieldId}-error` : isCredit ? undefined : `${fieldId}-hint`}
              className={`${inputClass} py-2`}
            />
          </Field>
          {formError ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
              {formError}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={mutation.isPending} onClick={close}>
              {t('reviews.cancel')}
            </Button>
            <Button type="submit" variant={isCredit ? 'primary' : 'danger'} isBusy={mutation.isPending}>
              {isCredit ? t('reviews.creditConfirm', { amount }) : t('reviews.rejectConfirm')}
            </Button>
          </div>
        </form>
      )}
    </ConfirmSheet>
  );
}
