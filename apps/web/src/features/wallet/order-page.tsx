import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ExternalLink, Hourglass, XCircle, Ban, Clock } from 'lucide-react';
import { z } from 'zod';
import { submitRechargePaymentBodySchema } from '@orchard/shared';
import { Page } from '../../components/page';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ConfirmActions, ConfirmSheet, preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { SimpleCountdown } from '../../components/ui/countdown';
import { FormAlert } from '../../components/ui/field';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { failureMessage } from '../../components/ui/form-errors';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { currencyFractionDigits, formatDateTime, formatMoney } from '../../lib/format';
import { useLiveConnected } from '../../lib/live-events';
import {
  rechargeKeys,
  rechargeOrderQueryOptions,
  submitRechargePayment,
  useCancelRechargeOrder,
  walletKeys,
  type RechargeOrder,
} from './api';
import { Skeleton, StatusPill } from './components';
import { CopyField } from '../../components/ui/copy-field';
import { useUiMessages } from '../../components/ui/messages';
import { minorToDecimalString } from '@orchard/shared/money';
import { serverAlignedDeadline, splitInstructions } from './logic';
import { useWalletMessages } from './messages';

/** /recharge/confirm/{id}: how to pay, the time left, "I have paid", cancel; the status updates by itself. */
export function OrderPage() {
  const { id } = useParams({ from: '/_default/_app/recharge/confirm/$id' });
  const { t } = useWalletMessages();
  const queryClient = useQueryClient();
  // With a live stream open the order's changes arrive as events; without one it is polled.
  const live = useLiveConnected();
  const {
    data: order,
    dataUpdatedAt,
    refetch,
  } = useQuery({ ...rechargeOrderQueryOptions(id), ...(live ? { refetchInterval: false } : {}) });

  // A change of status changes the balance and the lists too.
  const status = order?.status;
  const lastStatus = useRef(status);
  useEffect(() => {
    if (status && lastStatus.current && lastStatus.current !== status) {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: rechargeKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: rechargeKeys.open() });
    }
    lastStatus.current = status;
  }, [status, queryClient]);

  return (
    <Page title={t('order.title')} backTo="/recharge/log">
      {!order ? (
        <OrderSkeleton />
      ) : (
        <div className="flex flex-col gap-4">
          <Card className="flex flex-col items-center gap-2 text-center" role="region" aria-labelledby="order-amount-label">
            <StatusPill status={order.status} />
            <span id="order-amount-label" className="text-sm text-gray-600 dark:text-gray-400">
              {t('order.amount')}
            </span>
            <span className="text-4xl font-bold text-gray-900 tabular-nums dark:text-gray-50">
              {formatMoney(order.amount, { currency: order.currency })}
            </span>
            <span className="text-xs text-gray-600 dark:text-gray-400">
              {order.channel.name} · {t('order.created')} {formatDateTime(order.createdAt)}
            </span>
          </Card>

          <Outcome order={order} />

          <ReferenceCard order={order} />

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

/** The order's reference; "write it in the memo" only while a bank transfer is still to be made. */
function ReferenceCard({ order }: { order: RechargeOrder }) {
  const { t } = useWalletMessages();
  const forMemo = order.status === 'awaiting_payment' && order.channel.kind === 'bank_transfer';
  return (
    <Card className="flex flex-col gap-2">
      <CopyField
        id="order-reference"
        label={t('order.reference')}
        value={order.reference}
        hint={forMemo ? t('order.referenceHint') : t('order.referenceSupportHint')}
        large
      />
    </Card>
  );
}

/** How to pay: bank details one by one (each copyable), the operator's notes, or the gateway's page. */
function HowToPay({ order }: { order: RechargeOrder }) {
  const { t } = useWalletMessages();
  const { details, notes } = useMemo(() => splitInstructions(order.instructions), [order.instructions]);
  const isBank = order.channel.kind === 'bank_transfer';
  return (
    <Card className="flex flex-col gap-3" role="region" aria-labelledby="how-to-pay">
      <h2 id="how-to-pay" className="text-base font-semibold text-gray-900 dark:text-gray-50">
        {t('order.howToPay')}
      </h2>
      {isBank ? (
        // The figure to type into the bank's form, every decimal written ("100.00"), once: its
        // currency is in the label, not repeated as "$100.00" under it.
        <CopyField
          id="pay-amount"
          label={t('order.exactAmount', { currency: order.currency })}
          value={minorToDecimalString(order.amount, currencyFractionDigits(order.currency))}
        />
      ) : null}
      {details.map((detail, index) => (
        <CopyField key={detail.label} id={`pay-detail-${index}`} label={detail.label} value={detail.value} />
      ))}
      {notes.map((note) => (
        <p key={note} className="text-sm text-gray-700 dark:text-gray-300">
          {note}
        </p>
      ))}
      {order.paymentUrl ? (
        <>
          <a href={order.paymentUrl} rel="noopener noreferrer" className={buttonClass('primary', 'w-full')}>
            {t('order.payNow')}
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
          {/* The operator's text usually says this already; say it only when it does not. */}
          {notes.length === 0 ? <p className="text-xs text-gray-600 dark:text-gray-400">{t('order.gatewayNote')}</p> : null}
        </>
      ) : null}
    </Card>
  );
}

function OpenOrderActions({ order, receivedAt, onElapsed }: { order: RechargeOrder; receivedAt: number; onElapsed: () => void }) {
  const { t, locale } = useWalletMessages();
  const { t: common } = useUiMessages();
  const genericError = useUiMessages().t('form.genericError');
  const [cancelOpen, setCancelOpen] = useState(false);
  const deadline = useMemo(
    () => serverAlignedDeadline(order.expiresAt, order.serverTime, receivedAt),
    [order.expiresAt, order.serverTime, receivedAt],
  );
  const amount = formatMoney(order.amount, { currency: order.currency });
  useEffect(preloadConfirmSheet, []);

  const cancel = useCancelRechargeOrder(order.id, {
    onSuccess: () => toast(t('order.cancelled')),
    onSettled: () => setCancelOpen(false),
  });

  return (
    <>
      <Card className="flex items-center justify-between gap-3">
        <span className="text-sm text-gray-700 dark:text-gray-300">{t('order.expiresIn')}</span>
        <SimpleCountdown
          deadline={deadline}
          hideZeroDays
          aria-label={t('order.expiresIn')}
          labelText={common('money.orderStates.expired')}
          onTimeElapsed={onElapsed}
          className="text-xl font-semibold text-amber-800 dark:text-amber-300"
        />
      </Card>

      <HowToPay order={order} />

      {order.channel.kind === 'bank_transfer' ? <PaidForm order={order} /> : null}

      <FormAlert>{cancel.error ? failureMessage(cancel.error, genericError, locale) : null}</FormAlert>
      <Button variant="ghost" className="w-full" onClick={() => setCancelOpen(true)}>
        {t('order.cancel')}
      </Button>

      <ConfirmSheet
        open={cancelOpen}
        onOpenChange={(open) => !cancel.isPending && setCancelOpen(open)}
        title={t('order.cancelTitle')}
        summary={[{ label: t('order.amount'), value: amount }]}
        description={t('order.cancelBody', { amount })}
      >
        {(close) => (
          <ConfirmActions
            tone="danger"
            confirmLabel={t('order.cancelConfirm')}
            cancelLabel={t('order.keep')}
            isBusy={cancel.isPending}
            onConfirm={() => cancel.mutate()}
            close={close}
          />
        )}
      </ConfirmSheet>
    </>
  );
}

/** "I have paid" with the bank's transaction reference (bank transfers). */
function PaidForm({ order }: { order: RechargeOrder }) {
  const { t } = useWalletMessages();
  const queryClient = useQueryClient();
  const schema = useMemo(
    () =>
      submitRechargePaymentBodySchema.extend({
        payerReference: z
          .string()
          .trim()
          .min(1, t('order.payerReferenceRequired'))
          .pipe(submitRechargePaymentBodySchema.shape.payerReference),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { payerReference: '' } });
  return (
    <Form
      form={form}
      className="gap-3"
      onSubmit={async ({ payerReference }) => {
        try {
          queryClient.setQueryData(rechargeKeys.order(order.id), await submitRechargePayment(order.id, payerReference));
          toast(t('order.paidToast'));
        } catch (error) {
          if (error instanceof ApiError && error.status === 409)
            void queryClient.invalidateQueries({ queryKey: rechargeKeys.order(order.id) });
          throw error;
        }
      }}
    >
      <TextField
        name="payerReference"
        label={t('order.payerReference')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={100}
        hint={t('order.payerReferenceHint')}
      />
      <SubmitButton>{t('order.paid')}</SubmitButton>
    </Form>
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
