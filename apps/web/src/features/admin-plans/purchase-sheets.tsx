import { useId, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2, CircleSlash, Hourglass, Undo2 } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { refundPurchaseBodySchema, type Commission, type RefundPurchaseBody } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { Form, FormServerError, TextField, useFieldError, useZodForm } from '../../components/ui/form';
import { SERVER_ERROR } from '../../components/ui/form-errors';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useRefundPurchase, type AdminPurchase } from './api';
import type { Translate } from './forms';
import { formatBasisPoints } from './logic';
import { useAdminPlansMessages } from './messages';
import { Sub } from './ui';

export const STATUS_TONE = { active: 'good', expired: 'off', refunded: 'off' } as const;

const linkClass = 'text-primary-700 underline-offset-4 hover:underline dark:text-primary-400';

/** One purchase in full: what was paid, the membership, the refund window, and its commissions by level. */
export function PurchaseDetailsSheet({
  purchase,
  onClose,
  onRefund,
}: {
  purchase: AdminPurchase;
  onClose: () => void;
  onRefund: () => void;
}) {
  const { t } = useAdminPlansMessages();
  const money = (minor: number) => formatMoney(minor, { currency: purchase.currency });
  const summary = [
    {
      label: t('purchase.member'),
      value: (
        <Link to="/admin/members/$id" params={{ id: purchase.member.id }} className={linkClass}>
          {purchase.member.displayName}
        </Link>
      ),
    },
    { label: t('purchase.plan'), value: `${purchase.plan.name} · ${t('common.days', { count: purchase.plan.durationDays })}` },
    ...(purchase.discount > 0
      ? [
          { label: t('purchase.price'), value: money(purchase.price) },
          { label: t('purchase.coupon', { code: purchase.couponCode ?? '' }), value: `−${money(purchase.discount)}` },
        ]
      : []),
    { label: t('purchase.paid'), value: money(purchase.paid), emphasis: true },
    { label: t('purchase.status'), value: t(`purchases.statuses.${purchase.status}`) },
    {
      label: t('purchase.period'),
      value: t('purchases.period', { start: formatDate(purchase.startsAt), end: formatDate(purchase.endsAt) }),
    },
    { label: t('purchase.bought'), value: formatDateTime(purchase.createdAt) },
    ...(purchase.status === 'refunded'
      ? [
          { label: t('purchase.refunded'), value: purchase.refundedAt ? formatDateTime(purchase.refundedAt) : t('common.dash') },
          { label: t('purchase.refundReason'), value: purchase.refundReason ?? t('common.dash') },
        ]
      : [{ label: t('purchase.refundWindow'), value: formatDateTime(purchase.refundWindowEndsAt) }]),
  ];
  return (
    <ConfirmSheet
      size="wide"
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('purchase.title', { plan: purchase.plan.name, member: purchase.member.displayName })}
      summary={summary}
    >
      {(close) => (
        <>
          <PurchaseCommissions purchase={purchase} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              {t('common.close')}
            </Button>
            {purchase.status !== 'refunded' ? (
              <Button variant="danger" onClick={onRefund}>
                {t('purchases.refund')}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </ConfirmSheet>
  );
}

/** The purchase's commissions, one line per level: who earned what, at which rate, in which state. */
function PurchaseCommissions({ purchase }: { purchase: AdminPurchase }) {
  const { t } = useAdminPlansMessages();
  const money = (minor: number) => formatMoney(minor, { currency: purchase.currency });
  return (
    <section aria-labelledby="purchase-commissions" className="flex flex-col gap-1">
      <h3 id="purchase-commissions" className="text-base font-semibold">
        {t('purchase.commissions')}
      </h3>
      {purchase.commissions.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('purchase.noCommissions')}</p>
      ) : (
        <ul aria-label={t('purchase.commissionsCaption')} className="divide-y divide-gray-200 dark:divide-gray-800">
          {purchase.commissions.map((row) => (
            <li key={row.level} className="flex items-start justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <div className="font-medium">
                  {t('purchase.level', { level: row.level })} ·{' '}
                  {row.beneficiary ? (
                    <Link to="/admin/members/$id" params={{ id: row.beneficiary.id }} className={linkClass}>
                      {row.beneficiary.displayName}
                    </Link>
                  ) : (
                    t('purchase.noBeneficiary')
                  )}
                </div>
                <CommissionStatus row={row} t={t} />
              </div>
              <div className="shrink-0 text-right tabular-nums">
                <div className="font-semibold">{money(row.amount)}</div>
                <Sub>{formatBasisPoints(row.rateBp)}</Sub>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const COMMISSION_LOOK = {
  pending: { Icon: Hourglass, className: 'text-amber-800 dark:text-amber-300' },
  available: { Icon: CheckCircle2, className: 'text-green-700 dark:text-green-400' },
  reversed: { Icon: Undo2, className: 'text-gray-600 dark:text-gray-400' },
  skipped: { Icon: CircleSlash, className: 'text-gray-600 dark:text-gray-400' },
  review: { Icon: Hourglass, className: 'text-violet-800 dark:text-violet-300' },
} as const;

const RELEASE_ERRORS = ['BALANCE_LIMIT', 'AMOUNT_TOO_LARGE', 'INSUFFICIENT_FUNDS', 'CONFLICT'] as const;

/** Why a release failed, in words: a known refusal's, else the database's own text. */
function releaseFailureReason(error: string, t: Translate): string {
  const known = RELEASE_ERRORS.find((code) => code === error);
  return known ? t(`purchase.releaseErrors.${known}`) : t('purchase.releaseErrors.other', { error });
}

/**
 * A commission's state as an icon and words: pending until when, released when, taken back, or why
 * not paid; and, when its release failed, why, how many attempts, and when the next one comes.
 */
export function CommissionStatus({ row, t }: { row: Commission; t: Translate }) {
  const { Icon, className } = COMMISSION_LOOK[row.status];
  const text =
    row.status === 'pending' && row.releaseAt
      ? t('purchase.pendingUntil', { date: formatDateTime(row.releaseAt) })
      : row.status === 'available' && row.releasedAt
        ? t('purchase.releasedOn', { date: formatDateTime(row.releasedAt) })
        : row.status === 'skipped' && row.skipReason
          ? t('purchase.notPaid', { reason: t(`purchase.skipReasons.${row.skipReason}`) })
          : t(`purchase.commissionStatuses.${row.status}`);
  const failure = row.status === 'pending' ? row.releaseFailure : null;
  return (
    <>
      <div className={`mt-0.5 flex items-center gap-1 text-xs ${className}`}>
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        <span>{text}</span>
      </div>
      {failure ? (
        <div className="mt-0.5 flex items-start gap-1 text-xs text-red-700 dark:text-red-400" data-testid="release-failure">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>
            {t('purchase.releaseFailed', {
              reason: releaseFailureReason(failure.error, t),
              count: failure.failures,
              date: formatDateTime(failure.nextAttemptAt),
            })}
          </span>
        </div>
      ) : null}
    </>
  );
}

/**
 * The refund's confirm step: the amount restated, a reason, and — past the window or once a
 * commission was released — the override with what it means for the uplines.
 */
export function RefundSheet({
  purchase,
  send,
  onClose,
}: {
  purchase: AdminPurchase;
  /** The idempotency key of this refund intent (the same body gets the same key). */
  /** Sends the refund under its intent's idempotency key (lib/intent-key.ts). */
  send: <T>(body: RefundPurchaseBody, request: (idempotencyKey: string) => Promise<T>) => Promise<T>;
  onClose: () => void;
}) {
  const { t } = useAdminPlansMessages();
  const refund = useRefundPurchase();
  const [needsOverride, setNeedsOverride] = useState(!purchase.refundableWithoutOverride);
  const amount = formatMoney(purchase.paid, { currency: purchase.currency });
  const schema = useMemo(
    () =>
      refundPurchaseBodySchema.superRefine((body, context) => {
        if (needsOverride && !body.override)
          context.addIssue({ code: 'custom', path: ['override'], message: t('refund.overrideRequired') });
      }),
    [needsOverride, t],
  );
  const form = useZodForm(schema, { defaultValues: { reason: '', override: false } });
  return (
    <ConfirmSheet
      size="wide"
      open
      onOpenChange={(next) => !next && !refund.isPending && onClose()}
      title={t('refund.title', { amount, member: purchase.member.displayName })}
      summary={[
        { label: t('purchase.member'), value: purchase.member.displayName },
        { label: t('purchase.plan'), value: purchase.plan.name },
        { label: t('refund.back'), value: amount, emphasis: true },
      ]}
      description={t('refund.body')}
    >
      {(close) => (
        <Form
          form={form}
          onSubmit={async (body) => {
            let answer;
            try {
              answer = await send(body, (idempotencyKey) => refund.mutateAsync({ purchaseId: purchase.id, body, idempotencyKey }));
            } catch (error) {
              if (error instanceof ApiError && error.code === 'REFUND_NOT_ALLOWED' && !body.override) {
                setNeedsOverride(true);
                form.setError(SERVER_ERROR, { type: error.code, message: t('refund.overrideNeeded') });
                return;
              }
              throw error;
            }
            toast(
              'approval' in answer
                ? t('refund.sentForApproval', { debt: formatMoney(answer.approval.amount, { currency: answer.approval.currency }) })
                : t('refund.done', { amount, member: purchase.member.displayName }),
            );
            onClose();
          }}
        >
          <TextField name="reason" label={t('refund.reason')} hint={t('refund.reasonHint')} maxLength={500} autoComplete="off" />
          {needsOverride ? <OverrideField /> : null}
          <FormServerError />
          <RefundButtons close={close} confirmLabel={t('refund.confirm', { amount })} />
        </Form>
      )}
    </ConfirmSheet>
  );
}

/** The warning and the box that allows a claw-back refund. */
function OverrideField() {
  const { t } = useAdminPlansMessages();
  const { register } = useFormContext();
  const error = useFieldError('override');
  const id = useId();
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p id={`${id}-warning`} className="flex gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{t('refund.overrideWarning')}</span>
      </p>
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input
          type="checkbox"
          className="size-4 accent-red-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-warning`, error && `${id}-error`].filter(Boolean).join(' ')}
          {...register('override')}
        />
        {t('refund.override')}
      </label>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function RefundButtons({ close, confirmLabel }: { close: () => void; confirmLabel: string }) {
  const { t } = useAdminPlansMessages();
  const { formState } = useFormContext();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" disabled={formState.isSubmitting} onClick={close}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant="danger" isBusy={formState.isSubmitting}>
        {confirmLabel}
      </Button>
    </div>
  );
}
