import { CircleCheckBig, TicketPercent } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { couponCodeSchema } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { Field, inputClass, noteIds } from '../../components/ui/field';
import { Form, useFieldError, useZodForm } from '../../components/ui/form';
import { formatMoney } from '../../lib/format';
import { type MyCoupon, type PurchaseQuote } from './api';
import { couponValueText } from './logic';
import { usePlansMessages } from './messages';

const couponFormSchema = z.object({ code: couponCodeSchema });

/** The coupon field (applied on Apply or Enter) and the member's own coupons as one-tap choices. */
export function CouponBox({
  code,
  quote,
  isChecking,
  offered,
  refusal,
  onApply,
}: {
  code: string | undefined;
  quote: PurchaseQuote | undefined;
  isChecking: boolean;
  offered: MyCoupon[];
  refusal: string | null;
  onApply: (code: string | undefined) => void;
}) {
  const form = useZodForm(couponFormSchema, { defaultValues: { code: '' } });
  const applied = quote?.coupon?.applies ? quote.coupon : null;
  const appliedCoupon = applied ? offered.find((coupon) => coupon.code === applied.code) : undefined;
  const money = (minor: number) => formatMoney(minor, { currency: quote?.currency });
  const choose = (next: string) => {
    form.setValue('code', next);
    form.clearErrors();
    onApply(next);
  };
  return (
    <Card className="flex flex-col gap-4">
      <Form form={form} className="gap-2" onSubmit={({ code: next }) => onApply(next)}>
        <CouponField refusal={refusal} isChecking={isChecking} />
        {applied && quote ? (
          <AppliedCoupon
            code={applied.code}
            quote={quote}
            coupon={appliedCoupon}
            money={money}
            onRemove={() => {
              form.reset({ code: '' });
              onApply(undefined);
            }}
          />
        ) : null}
      </Form>

      {offered.length > 0 ? <MyCoupons offered={offered} code={code} money={money} onChoose={choose} /> : null}
    </Card>
  );
}

/** Label above, the code and Apply side by side, the format error or the refusal (in words) under it. */
function CouponField({ refusal, isChecking }: { refusal: string | null; isChecking: boolean }) {
  const { t } = usePlansMessages();
  const { register } = useFormContext<{ code: string }>();
  const error = useFieldError('code') ?? refusal ?? undefined;
  return (
    <Field
      id="coupon-code"
      label={t('coupon.label')}
      error={error}
      control={
        <div className="flex gap-2">
          <input
            id="coupon-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            maxLength={32}
            aria-invalid={error ? true : undefined}
            aria-describedby={noteIds('coupon-code', error)}
            className={cn(inputClass, 'min-w-0 flex-1 font-mono uppercase placeholder:normal-case')}
            {...register('code')}
          />
          <Button type="submit" variant="secondary" className="shrink-0" isBusy={isChecking}>
            {isChecking ? t('coupon.checking') : t('coupon.apply')}
          </Button>
        </div>
      }
    />
  );
}

/** The coupon in the quote, what it saves, and Remove. */
function AppliedCoupon({
  code,
  quote,
  coupon,
  money,
  onRemove,
}: {
  code: string;
  quote: PurchaseQuote;
  coupon: MyCoupon | undefined;
  money: (minor: number) => string;
  onRemove: () => void;
}) {
  const { t } = usePlansMessages();
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl bg-green-50 p-3 dark:bg-green-950">
      <CircleCheckBig className="size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm text-gray-900 tabular-nums dark:text-gray-100">
        <span className="font-semibold">{t('coupon.applied', { code })}</span>
        {quote.discount > 0 ? (
          <>
            <br />
            {coupon?.kind === 'percent_off'
              ? t('coupon.savesPercent', { value: couponValueText(coupon, money, t), discount: money(quote.discount) })
              : t('coupon.saves', { discount: money(quote.discount) })}
          </>
        ) : null}
      </p>
      <Button variant="ghost" className="shrink-0" onClick={onRemove}>
        {t('coupon.remove')}
      </Button>
    </div>
  );
}

/** The member's coupons that fit this plan, as one-tap choices (the chosen one pressed). */
function MyCoupons({
  offered,
  code,
  money,
  onChoose,
}: {
  offered: MyCoupon[];
  code: string | undefined;
  money: (minor: number) => string;
  onChoose: (code: string) => void;
}) {
  const { t } = usePlansMessages();
  return (
    <div className="flex flex-col gap-2">
      <p id="my-coupons" className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {t('coupon.yours')} <span className="font-normal text-gray-600 dark:text-gray-400">· {t('coupon.yoursHint')}</span>
      </p>
      <div role="group" aria-labelledby="my-coupons" className="flex flex-wrap gap-2">
        {offered.map((coupon) => {
          const selected = coupon.code === code;
          return (
            <button
              key={coupon.code}
              type="button"
              aria-pressed={selected}
              aria-label={t('coupon.useCode', { code: coupon.code })}
              onClick={() => (selected ? undefined : onChoose(coupon.code))}
              className={cn(
                'flex min-h-11 items-center gap-2 rounded-xl px-3 py-1.5 text-left text-sm ring-1 ring-inset',
                selected
                  ? 'bg-primary-50 text-primary-900 ring-primary-600 dark:bg-primary-950 dark:text-primary-100 dark:ring-primary-500'
                  : 'bg-white text-gray-900 ring-gray-300 hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700 dark:hover:bg-gray-800',
              )}
            >
              <TicketPercent className="size-4 shrink-0 text-gray-600 dark:text-gray-400" aria-hidden="true" />
              <span className="flex flex-col">
                <span className="font-mono text-xs font-semibold">{coupon.code}</span>
                <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">{couponValueText(coupon, money, t)}</span>
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
