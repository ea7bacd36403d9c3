import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeInfo, Check, CircleAlert, CircleCheckBig, TicketPercent, Wallet } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { couponCodeSchema } from '@orchard/shared';
import { Page } from '../../components/page';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ConfirmActions, ConfirmSheet, preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { Field, FormAlert, inputClass, noteIds } from '../../components/ui/field';
import { Form, useFieldError, useZodForm } from '../../components/ui/form';
import { failureMessage } from '../../components/ui/form-errors';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import {
  myCouponsQueryOptions,
  planKeys,
  planQueryOptions,
  quoteQueryOptions,
  usePurchasePlan,
  type MyCoupon,
  type Plan,
  type Purchase,
  type PurchaseQuote,
} from './api';
import {
  couponsForPlan,
  couponToSend,
  couponValueText,
  endIfBoughtNow,
  limitText,
  planAvailability,
  quoteView,
  refusalText,
  type Availability,
} from './logic';
import { fallbackLang, UntranslatedMark } from '../../components/ui/untranslated';
import { usePlansMessages } from './messages';
import { AvailabilityPill, CardsSkeleton, LoadError, Skeleton } from './parts';
import { SaleCountdown } from './plan-countdown';

/** /plan/{id}: the plan, a coupon with a live quote, and buying it from the wallet. */
export function PlanPage() {
  const { id } = useParams({ from: '/_default/_app/plan/$id' });
  const { t, locale } = usePlansMessages();
  const plan = useQuery(planQueryOptions(id));
  const [bought, setBought] = useState<Purchase | null>(null);
  return (
    <Page title={plan.data?.name ?? t('plan.title')} backTo="/plan">
      {bought ? (
        <PurchaseDone purchase={bought} />
      ) : plan.data ? (
        <PlanDetail plan={plan.data} receivedAt={plan.dataUpdatedAt} onBought={setBought} />
      ) : plan.isError ? (
        <LoadError
          message={failureMessage(plan.error, t('errors.loadFailed'), locale)}
          onRetry={() => void plan.refetch()}
          isRetrying={plan.isFetching}
        />
      ) : (
        <CardsSkeleton cards={2} height="12rem" />
      )}
    </Page>
  );
}

function PlanDetail({ plan, receivedAt, onBought }: { plan: Plan; receivedAt: number; onBought: (purchase: Purchase) => void }) {
  const queryClient = useQueryClient();
  const availability = planAvailability(plan);
  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <PlanFacts plan={plan} availability={availability}>
        {availability === 'on_sale' && plan.saleEndsAt ? (
          <SaleCountdown
            endsAt={plan.saleEndsAt}
            serverTime={plan.serverTime}
            receivedAt={receivedAt}
            onElapsed={() => void queryClient.invalidateQueries({ queryKey: planKeys.all })}
          />
        ) : null}
      </PlanFacts>
      <div className="flex flex-col gap-4">
        {availability === 'on_sale' ? <Checkout plan={plan} onBought={onBought} /> : <Blocked plan={plan} availability={availability} />}
      </div>
    </div>
  );
}

/** The plan as it is sold: badge, state, price and length, description, benefits, limits; `children` is the sale's countdown. */
function PlanFacts({ plan, availability, children }: { plan: Plan; availability: Availability; children?: ReactNode }) {
  const { t } = usePlansMessages();
  const limit = limitText(plan, t);
  return (
    <Card className="flex flex-col gap-4" role="region" aria-labelledby="plan-price-label">
      <div className="flex items-start justify-between gap-3">
        {plan.badge ? (
          <span
            className="bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300 rounded-full px-2.5 py-0.5 text-xs font-semibold"
            lang={fallbackLang(plan.untranslated, 'badge')}
          >
            {plan.badge}
          </span>
        ) : (
          <span />
        )}
        <AvailabilityPill availability={availability} />
      </div>
      <UntranslatedMark fields={plan.untranslated} />
      <div className="flex flex-col gap-1">
        <span id="plan-price-label" className="text-sm text-gray-600 dark:text-gray-400">
          {t('plan.price')}
        </span>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-bold text-gray-900 tabular-nums dark:text-gray-50">
            {formatMoney(plan.price, { currency: plan.currency })}
          </span>
          <span className="text-sm text-gray-600 dark:text-gray-400">
            {t('plan.perDuration', { duration: t('plan.duration', { count: plan.durationDays }) })}
          </span>
        </p>
      </div>
      {plan.description ? (
        <p className="text-sm whitespace-pre-line text-gray-700 dark:text-gray-300" lang={fallbackLang(plan.untranslated, 'description')}>
          {plan.description}
        </p>
      ) : null}
      <section aria-labelledby="plan-benefits" className="flex flex-col gap-2">
        <h2 id="plan-benefits" className="text-sm font-semibold text-gray-900 dark:text-gray-100">
          {t('plan.benefits')}
        </h2>
        {plan.benefits.length > 0 ? (
          <ul className="flex flex-col gap-2" lang={fallbackLang(plan.untranslated, 'benefits')}>
            {plan.benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2 text-sm text-gray-800 dark:text-gray-200">
                <Check className="text-primary-700 dark:text-primary-400 mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {benefit}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('plan.noBenefits')}</p>
        )}
      </section>
      {limit || plan.remainingStock !== null || plan.saleEndsAt ? (
        <p className="flex flex-wrap gap-x-3 gap-y-1 border-t border-gray-200 pt-3 text-xs font-medium text-gray-600 tabular-nums dark:border-gray-800 dark:text-gray-400">
          {limit ? <span>{limit}</span> : null}
          {plan.remainingStock !== null && plan.remainingStock > 0 ? (
            <span>{t('plan.stockLeft', { count: plan.remainingStock })}</span>
          ) : null}
          {plan.saleEndsAt && availability === 'on_sale' ? (
            <span>{t('plan.saleEndsAt', { date: formatDate(plan.saleEndsAt) })}</span>
          ) : null}
        </p>
      ) : null}
      {children}
    </Card>
  );
}

/** Why the plan cannot be bought, said plainly, with the buy button shown but closed. */
function Blocked({ plan, availability }: { plan: Plan; availability: Exclude<Availability, 'on_sale'> }) {
  const { t } = usePlansMessages();
  const text =
    availability === 'upcoming' && plan.saleStartsAt
      ? t('blocked.upcoming', { date: formatDate(plan.saleStartsAt) })
      : availability === 'sold_out'
        ? t('blocked.sold_out')
        : availability === 'limit_reached'
          ? t('blocked.limit_reached', { limit: plan.perMemberLimit ?? 0 })
          : availability === 'ended'
            ? t('blocked.ended')
            : t('blocked.not_on_sale');
  return (
    <Card className="flex flex-col gap-4">
      <div role="status" className="flex items-start gap-3">
        <BadgeInfo className="mt-0.5 size-5 shrink-0 text-gray-600 dark:text-gray-400" aria-hidden="true" />
        <p className="text-sm text-gray-800 dark:text-gray-200">{text}</p>
      </div>
      <Button variant="secondary" className="w-full" disabled>
        {t('buy.button', { amount: formatMoney(plan.price, { currency: plan.currency }) })}
      </Button>
      <Link to="/plan" className={buttonClass('secondary', 'w-full')}>
        {t('blocked.seeOthers')}
      </Link>
    </Card>
  );
}

/** The coupon, the quote it gives, the buy button and its confirm sheet. */
function Checkout({ plan, onBought }: { plan: Plan; onBought: (purchase: Purchase) => void }) {
  const { t, locale } = usePlansMessages();
  const [code, setCode] = useState<string | undefined>(undefined);
  const quote = useQuery(quoteQueryOptions(plan.id, code));
  const coupons = useQuery(myCouponsQueryOptions());
  const offered = useMemo(() => couponsForPlan(coupons.data?.items ?? [], plan), [coupons.data, plan]);
  const [confirming, setConfirming] = useState<PurchaseQuote | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const purchase = usePurchasePlan(plan.id);
  useEffect(preloadConfirmSheet, []);

  const current = quote.data;
  // The quote of the previous code stays on screen while the new one loads.
  const isStale = quote.isPlaceholderData;
  const view = current ? quoteView(current) : null;
  const money = (minor: number) => formatMoney(minor, { currency: current?.currency ?? plan.currency });
  const mine = code ? coupons.data?.items.find((coupon) => coupon.code === code) : undefined;

  const apply = (next: string | undefined) => {
    setNotice(null);
    purchase.reset();
    setCode(next);
  };

  const buy = (snapshot: PurchaseQuote) =>
    purchase.mutate(
      { coupon: couponToSend(snapshot), expectedToPay: snapshot.toPay },
      {
        onSuccess: (result) => {
          setConfirming(null);
          onBought(result);
          window.scrollTo({ top: 0 });
        },
        onError: (error) => {
          setConfirming(null);
          if (error instanceof ApiError && error.code === 'PRICE_CHANGED') setNotice(t('buy.priceChanged'));
          else if (error instanceof ApiError && error.code === 'COUPON_NOT_APPLICABLE')
            setNotice(error.fields.coupon ?? failureMessage(error, t('buy.couponGone'), locale));
          else setNotice(failureMessage(error, t('errors.generic'), locale));
        },
      },
    );

  return (
    <>
      <CouponBox
        code={code}
        quote={isStale ? undefined : current}
        isChecking={quote.isFetching && isStale}
        offered={offered}
        refusal={
          current?.coupon && !current.coupon.applies && !isStale
            ? refusalText(current.coupon, t, { locale, minSpend: mine?.minSpend, money })
            : null
        }
        onApply={apply}
      />

      <Card className="flex flex-col gap-4" role="region" aria-labelledby="quote-title">
        <h2 id="quote-title" className="text-base font-semibold text-gray-900 dark:text-gray-50">
          {t('quote.title')}
        </h2>
        {current && view ? (
          <>
            <dl
              aria-busy={isStale || undefined}
              className={cn('flex flex-col divide-y divide-gray-200 dark:divide-gray-800', isStale && 'opacity-60')}
            >
              <QuoteLine label={t('quote.price')} value={money(current.price)} />
              {current.discount > 0 && view.coupon.state === 'applied' ? (
                <QuoteLine
                  label={t('quote.discount', { code: view.coupon.code })}
                  value={`−${money(current.discount)}`}
                  className="text-green-700 dark:text-green-400"
                />
              ) : null}
              <QuoteLine label={t('quote.toPay')} value={money(current.toPay)} emphasis />
              <QuoteLine label={t('quote.balance')} value={money(current.available)} />
              {view.shortfall === 0 ? <QuoteLine label={t('quote.balanceAfter')} value={money(view.balanceAfter)} /> : null}
            </dl>
            <p aria-live="polite" className="sr-only">
              {isStale ? t('quote.updating') : ''}
            </p>

            {view.blocked ? (
              <QuoteBlocked block={view.blocked} plan={plan} />
            ) : view.shortfall > 0 ? (
              <Shortfall amount={view.shortfall} money={money} />
            ) : null}

            <FormAlert>{notice}</FormAlert>

            <Button
              // Short of money, Recharge above is the way on; Buy stays in view, closed.
              variant={view.shortfall > 0 ? 'secondary' : 'primary'}
              className="w-full"
              disabled={!view.canBuy || isStale}
              onClick={() => {
                setNotice(null);
                setConfirming(current);
              }}
            >
              <Wallet className="size-4" aria-hidden="true" />
              {t('buy.button', { amount: money(current.toPay) })}
            </Button>
          </>
        ) : quote.isError ? (
          <LoadError
            message={failureMessage(quote.error, t('quote.failed'), locale)}
            onRetry={() => void quote.refetch()}
            isRetrying={quote.isFetching}
          />
        ) : (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton style={{ height: '1rem', width: '100%' }} />
            <Skeleton style={{ height: '1.5rem', width: '100%' }} />
            <Skeleton style={{ height: '1rem', width: '100%' }} />
            <Skeleton className="rounded-xl" style={{ height: '2.75rem', width: '100%' }} />
          </div>
        )}
      </Card>

      <ConfirmSheet
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !purchase.isPending) setConfirming(null);
        }}
        title={t('buy.sheetTitle', { name: plan.name })}
        summary={
          confirming
            ? [
                { label: t('buy.sheetPlan'), value: plan.name },
                { label: t('buy.sheetPrice'), value: money(confirming.price) },
                ...(confirming.discount > 0
                  ? [{ label: t('buy.sheetDiscount', { code: confirming.coupon?.code ?? '' }), value: `−${money(confirming.discount)}` }]
                  : []),
                { label: t('buy.sheetToPay'), value: money(confirming.toPay), emphasis: true },
                { label: t('buy.sheetBalanceAfter'), value: money(Math.max(0, confirming.available - confirming.toPay)) },
              ]
            : undefined
        }
        description={
          confirming
            ? t('buy.sheetBody', {
                duration: t('plan.duration', { count: plan.durationDays }),
                date: formatDate(endIfBoughtNow(plan.durationDays)),
              })
            : null
        }
      >
        {(close) => (
          <ConfirmActions
            confirmLabel={t('buy.confirm', { amount: confirming ? money(confirming.toPay) : '' })}
            cancelLabel={t('buy.back')}
            isBusy={purchase.isPending}
            onConfirm={() => confirming && buy(confirming)}
            close={close}
          />
        )}
      </ConfirmSheet>
    </>
  );
}

function QuoteLine({ label, value, emphasis, className }: { label: string; value: string; emphasis?: boolean; className?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className={cn('text-sm text-gray-600 dark:text-gray-400', emphasis && 'font-medium text-gray-900 dark:text-gray-100')}>
        {label}
      </dt>
      <dd
        className={cn(
          'text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums dark:text-gray-50',
          emphasis ? 'text-2xl' : 'text-sm',
          className,
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** The quote says the plan cannot be bought now (it changed since the page loaded). */
function QuoteBlocked({ block, plan }: { block: NonNullable<PurchaseQuote['blocked']>; plan: Plan }) {
  const { t } = usePlansMessages();
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl bg-gray-50 p-3 dark:bg-gray-950">
      <BadgeInfo className="mt-0.5 size-5 shrink-0 text-gray-600 dark:text-gray-400" aria-hidden="true" />
      <p className="text-sm text-gray-800 dark:text-gray-200">
        {block === 'limit_reached' ? t('blocked.limit_reached', { limit: plan.perMemberLimit ?? 0 }) : t(`blocked.${block}`)}
      </p>
    </div>
  );
}

/** Not enough in the wallet: what is missing, and a recharge of that amount. */
function Shortfall({ amount, money }: { amount: number; money: (minor: number) => string }) {
  const { t } = usePlansMessages();
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-950 dark:ring-amber-900"
    >
      <div className="flex items-start gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
        <div className="flex flex-col gap-0.5">
          <p className="text-sm font-semibold text-gray-900 dark:text-gray-50">{t('quote.shortTitle')}</p>
          <p className="text-sm text-gray-800 tabular-nums dark:text-gray-200">{t('quote.shortBody', { amount: money(amount) })}</p>
        </div>
      </div>
      <Link to="/recharge" search={{ amount }} className={buttonClass('primary', 'w-full')}>
        {t('quote.recharge', { amount: money(amount) })}
      </Link>
    </div>
  );
}

const couponFormSchema = z.object({ code: couponCodeSchema });

/** The coupon field (applied on Apply or Enter) and the member's own coupons as one-tap choices. */
function CouponBox({
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
  const { t } = usePlansMessages();
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
          <div role="status" className="flex items-center gap-3 rounded-xl bg-green-50 p-3 dark:bg-green-950">
            <CircleCheckBig className="size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
            <p className="min-w-0 flex-1 text-sm text-gray-900 tabular-nums dark:text-gray-100">
              <span className="font-semibold">{t('coupon.applied', { code: applied.code })}</span>
              {quote.discount > 0 ? (
                <>
                  <br />
                  {appliedCoupon?.kind === 'percent_off'
                    ? t('coupon.savesPercent', { value: couponValueText(appliedCoupon, money, t), discount: money(quote.discount) })
                    : t('coupon.saves', { discount: money(quote.discount) })}
                </>
              ) : null}
            </p>
            <Button
              variant="ghost"
              className="shrink-0"
              onClick={() => {
                form.reset({ code: '' });
                onApply(undefined);
              }}
            >
              {t('coupon.remove')}
            </Button>
          </div>
        ) : null}
      </Form>

      {offered.length > 0 ? (
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
                  onClick={() => (selected ? undefined : choose(coupon.code))}
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
      ) : null}
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

/** After a purchase: what happened and what comes next. */
function PurchaseDone({ purchase }: { purchase: Purchase }) {
  const { t } = usePlansMessages();
  const money = (minor: number) => formatMoney(minor, { currency: purchase.currency });
  return (
    <section
      role="status"
      aria-labelledby="bought-title"
      className="flex flex-col gap-4 rounded-2xl bg-green-50 p-5 ring-1 ring-green-200 dark:bg-green-950 dark:ring-green-900"
    >
      <div className="flex items-start gap-3">
        <CircleCheckBig className="mt-0.5 size-7 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h2 id="bought-title" className="text-lg font-semibold text-gray-900 dark:text-gray-50">
            {t('buy.doneTitle')}
          </h2>
          <p className="text-sm text-gray-800 dark:text-gray-200">
            {t('buy.doneBody', { name: purchase.plan.name, date: formatDate(purchase.endsAt) })}
          </p>
          <p className="text-sm text-gray-800 tabular-nums dark:text-gray-200">{t('buy.donePaid', { amount: money(purchase.paid) })}</p>
        </div>
      </div>
      <Link to="/plan/log" className={buttonClass('primary', 'w-full')}>
        {t('buy.toMyPlans')}
      </Link>
      <Link to="/home" className={buttonClass('secondary', 'w-full')}>
        {t('buy.toHome')}
      </Link>
    </section>
  );
}
