import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CheckCircle2, Copy, ExternalLink, Hourglass, XCircle, Ban, Clock } from 'lucide-react';
import { Page } from '../../components/page';
import { ConfirmSheet, preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { SimpleCountdown } from '../../components/ui/countdown';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { cancelRechargeOrder, rechargeKeys, rechargeOrderQueryOptions, submitRechargePayment, walletKeys, type RechargeOrder } from './api';
import { Skeleton, StatusPill } from './components';
import { serverAlignedDeadline } from './logic';
import { useWalletMessages } from './messages';

/** /recharge/confirm/{id}: how to pay, the time left, "I have paid", cancel; the status updates by itself. */
export function OrderPage() {
  const { id } = useParams({ from: '/_default/_app/recharge/confirm/$id' });
  const { t } = useWalletMessages();
  const queryClient = useQueryClient();
  const { data: order, dataUpdatedAt, refetch } = useQuery(rechargeOrderQueryOptions(id));

  // A change of status changes the balance and the lists too.
  const lastStatus = useRef(order?.status);
  useEffect(() => {
    if (order && lastStatus.current && lastStatus.current !== order.status) {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: rechargeKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: rechargeKeys.open() });
    }
    lastStatus.current = order?.status;
  }, [order?.status, queryClient]);

  return (
    <Page title={t('order.title')} backTo="/recharge/log">
      {!order ? (
        <OrderSkeleton />
      ) : (
        <div className="flex flex-col gap-4">
          <Card className="flex flex-col items-center gap-2 text-center">
            <StatusPill status={order.status} />
            <span className="text-sm text-gray-600 dark:text-gray-400">{t('order.amount')}</span>
            <span className="text-4xl font-bold text-gray-900 tabular-nums dark:text-gray-50" data-testid="order-amount">
              {formatMoney(order.amount, { currency: order.currency })}
            </span>
            <span className="text-xs text-gray-600 dark:text-gray-400">
              {order.channel.name} · {t('order.created')} {formatDateTime(order.createdAt)}
            </span>
          </Card>

          <Outcome order={order} />

          <ReferenceCard reference={order.reference} />

          {order.status === 'awaiting_payment' ? (
            <OpenOrderActions order={order} receivedAt={dataUpdatedAt} onElapsed={() => void refetch()} />
          ) : null}
        </div>
      )}
    </Page>
  );
}

function Outcome({ order }: { order: RechargeOrder }) {
  const { t } = useWalletMessages();
  const amount = formatMoney(order.amount, { currency: order.currency });
  const content = (() => {
    switch (order.status) {
      case 'awaiting_payment':
        return null;
      case 'submitted':
        return {
          tone: 'pending',
          icon: Hourglass,
          title: t('order.submittedTitle'),
          body: t('order.submittedBody', { reference: order.payerReference ?? '' }),
        };
      case 'credited':
        return { tone: 'success', icon: CheckCircle2, title: t('order.creditedTitle'), body: t('order.creditedBody', { amount }) };
      case 'rejected':
        return {
          tone: 'failure',
          icon: XCircle,
          title: t('order.rejectedTitle'),
          body: t('order.rejectedBody', { reason: order.rejectReason ?? '' }),
        };
      case 'expired':
        return { tone: 'failure', icon: Clock, title: t('order.expiredTitle'), body: t('order.expiredBody') };
      case 'cancelled':
        return { tone: 'neutral', icon: Ban, title: t('order.cancelledTitle'), body: t('order.cancelledBody') };
    }
  })();
  if (!content) return null;
  const Icon = content.icon;
  return (
    <section
      role="status"
      className={cn(
        'flex flex-col gap-3 rounded-2xl p-5 ring-1',
        content.tone === 'pending' && 'bg-amber-50 ring-amber-200 dark:bg-amber-950 dark:ring-amber-900',
        content.tone === 'success' && 'bg-green-50 ring-green-200 dark:bg-green-950 dark:ring-green-900',
        content.tone === 'failure' && 'bg-red-50 ring-red-200 dark:bg-red-950 dark:ring-red-900',
        content.tone === 'neutral' && 'bg-gray-50 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800',
      )}
    >
      <div className="flex items-start gap-3">
        <Icon
          className={cn(
            'mt-0.5 size-6 shrink-0',
            content.tone === 'pending' && 'text-amber-700 dark:text-amber-400',
            content.tone === 'success' && 'text-green-700 dark:text-green-400',
            content.tone === 'failure' && 'text-red-700 dark:text-red-400',
            content.tone === 'neutral' && 'text-gray-600 dark:text-gray-400',
          )}
          aria-hidden="true"
        />
        <div className="flex flex-col gap-1">
          <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{content.title}</h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">{content.body}</p>
        </div>
      </div>
      {order.status === 'credited' ? (
        <Link to="/home" className={buttonClass('primary', 'w-full')}>
          {t('order.toHome')}
        </Link>
      ) : order.status === 'expired' || order.status === 'cancelled' || order.status === 'rejected' ? (
        <Link to="/recharge" className={buttonClass('primary', 'w-full')}>
          {t('order.newOrder')}
        </Link>
      ) : null}
    </section>
  );
}

function ReferenceCard({ reference }: { reference: string }) {
  const { t } = useWalletMessages();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = setTimeout(() => setCopyState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [copyState]);
  return (
    <Card className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <div className="flex flex-col">
          <span className="text-sm text-gray-600 dark:text-gray-400">{t('order.reference')}</span>
          <span
            className="font-mono text-2xl font-bold tracking-widest text-gray-900 select-all dark:text-gray-50"
            data-testid="order-reference"
          >
            {reference}
          </span>
        </div>
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(reference);
              setCopyState('copied');
            } catch {
              setCopyState('failed');
            }
          }}
        >
          {copyState === 'copied' ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copyState === 'copied' ? t('order.copied') : t('order.copy')}
        </Button>
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400" aria-live="polite">
        {copyState === 'failed' ? t('order.copyFailed') : t('order.referenceHint')}
      </p>
    </Card>
  );
}

function OpenOrderActions({ order, receivedAt, onElapsed }: { order: RechargeOrder; receivedAt: number; onElapsed: () => void }) {
  const { t } = useWalletMessages();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [payerReference, setPayerReference] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const deadline = useMemo(
    () => serverAlignedDeadline(order.expiresAt, order.serverTime, receivedAt),
    [order.expiresAt, order.serverTime, receivedAt],
  );
  const amount = formatMoney(order.amount, { currency: order.currency });
  useEffect(preloadConfirmSheet, []);

  const onSettled = (next: RechargeOrder) => {
    queryClient.setQueryData(rechargeKeys.order(order.id), next);
  };
  const onFailure = (error: Error) => {
    if (error instanceof ApiError) {
      if (error.fields.payerReference) setFieldError(error.fields.payerReference);
      else setFormError(error.message);
      // The order may have moved on (expired, cancelled elsewhere): show its real state.
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: rechargeKeys.order(order.id) });
    } else setFormError(t('errors.generic'));
  };
  const submit = useMutation({
    mutationFn: (reference: string) => submitRechargePayment(order.id, reference),
    onSuccess: onSettled,
    onError: onFailure,
  });
  const cancel = useMutation({
    mutationFn: () => cancelRechargeOrder(order.id),
    onSuccess: (next) => {
      setCancelOpen(false);
      onSettled(next);
    },
    onError: (error) => {
      setCancelOpen(false);
      onFailure(error);
    },
  });

  return (
    <>
      <Card className="flex items-center justify-between gap-3">
        <span className="text-sm text-gray-700 dark:text-gray-300">{t('order.expiresIn')}</span>
        <SimpleCountdown
          deadline={deadline}
          hideZeroDays
          aria-label={t('order.expiresIn')}
          labelText={t('status.expired')}
          onTimeElapsed={onElapsed}
          className="text-xl font-semibold text-amber-800 dark:text-amber-300"
        />
      </Card>

      <Card className="flex flex-col gap-3">
        <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('order.howToPay')}</h2>
        <p className="text-sm whitespace-pre-line text-gray-700 dark:text-gray-300" data-testid="order-instructions">
          {order.instructions}
        </p>
        {order.paymentUrl ? (
          <>
            <a href={order.paymentUrl} rel="noopener noreferrer" className={buttonClass('primary', 'w-full')}>
              {t('order.payNow')}
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
            <p className="text-xs text-gray-600 dark:text-gray-400">{t('order.gatewayNote')}</p>
          </>
        ) : null}
      </Card>

      {order.channel.kind === 'bank_transfer' ? (
        <form
          noValidate
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setFormError(null);
            const value = payerReference.trim();
            if (!value) {
              setFieldError(t('order.payerReferenceRequired'));
              return;
            }
            setFieldError(null);
            submit.mutate(value);
          }}
        >
          <label htmlFor={fieldId} className="text-sm font-medium text-gray-900 dark:text-gray-100">
            {t('order.payerReference')}
          </label>
          <input
            id={fieldId}
            name="payerReference"
            autoComplete="off"
            maxLength={100}
            value={payerReference}
            onChange={(event) => setPayerReference(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${fieldId}-hint${fieldError ? ` ${fieldId}-error` : ''}`}
            className={cn(
              'min-h-12 rounded-xl bg-white px-4 text-base text-gray-900 ring-1 dark:bg-gray-900 dark:text-gray-100',
              fieldError ? 'ring-red-500' : 'ring-gray-300 dark:ring-gray-700',
            )}
          />
          {fieldError ? (
            <p id={`${fieldId}-error`} className="text-sm text-red-700 dark:text-red-400">
              {fieldError}
            </p>
          ) : null}
          <p id={`${fieldId}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
            {t('order.payerReferenceHint')}
          </p>
          {formError ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
              {formError}
            </p>
          ) : null}
          <Button type="submit" className="mt-2 w-full" isBusy={submit.isPending}>
            {t('order.paid')}
          </Button>
        </form>
      ) : formError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
          {formError}
        </p>
      ) : null}

      <Button variant="ghost" className="w-full" onClick={() => setCancelOpen(true)}>
        {t('order.cancel')}
      </Button>

      <ConfirmSheet
        open={cancelOpen}
        onOpenChange={(open) => !cancel.isPending && setCancelOpen(open)}
        title={t('order.cancelTitle')}
        description={t('order.cancelBody', { amount })}
      >
        {(close) => (
          <div className="flex flex-col gap-2">
            <Button variant="danger" className="w-full" isBusy={cancel.isPending} onClick={() => cancel.mutate()}>
              {t('order.cancelConfirm')}
            </Button>
            <Button variant="secondary" className="w-full" disabled={cancel.isPending} onClick={close}>
              {t('order.keep')}
            </Button>
          </div>
        )}
      </ConfirmSheet>
    </>
  );
}

function OrderSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="rounded-2xl" style={{ height: '10rem', width: '100%' }} />
      <Skeleton className="rounded-2xl" style={{ height: '6rem', width: '100%' }} />
      <Skeleton className="rounded-2xl" style={{ height: '4rem', width: '100%' }} />
      <Skeleton className="rounded-2xl" style={{ height: '10rem', width: '100%' }} />
    </div>
  );
}
