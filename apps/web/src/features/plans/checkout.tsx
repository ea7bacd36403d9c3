import { useEffect, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { BadgeInfo, CircleAlert, Wallet } from 'lucide-react';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ConfirmActions, ConfirmSheet, preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { FormAlert } from '../../components/ui/field';
import { failureMessage } from '../../components/ui/form-errors';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { myCouponsQueryOptions, quoteQueryOptions, usePurchasePlan, type Plan, type Purchase, type PurchaseQuote } from './api';
import { couponsForPlan, couponToSend, endIfBoughtNow, quoteView, refusalText } from './logic';
import { usePlansMessages, type PlansT } from './messages';
import { Skeleton } from './parts';
import { CouponBox } from './coupon-box';
import { QueryLoadError } from '../../components/ui/load-error';
import { useUiMessages } from '../../components/ui/messages';

/** Buying the plan on /plan/{id}: a coupon, the live quote, and the confirm sheet. */
export function Checkout({ plan, onBought }: { plan: Plan; onBought: (purchase: Purchase) => void }) {
  const { t, locale } = usePlansMessages();
  const genericError = useUiMessages().t('form.genericError');
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
          setNotice(purchaseRefusal(error, t, genericError, locale));
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

      <QuoteCard
        plan={plan}
        quote={quote}
        isStale={isStale}
        notice={notice}
        money={money}
        onBuy={(current) => {
          setNotice(null);
          setConfirming(current);
        }}
      />

      <PurchaseConfirmSheet
        plan={plan}
        confirming={confirming}
        money={money}
        isBusy={purchase.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && buy(confirming)}
      />
    </>
  );
}

/** The quote for the plan with the chosen coupon: price, discount, to pay, balance; then Buy. */
/** What the checkout says of a refused purchase: a changed price, a coupon gone, or the error's own words. */
function purchaseRefusal(error: Error, t: PlansT, genericError: string, locale: string): string {
  if (error instanceof ApiError && error.code === 'PRICE_CHANGED') return t('buy.priceChanged');
  if (error instanceof ApiError && error.code === 'COUPON_NOT_APPLICABLE')
    return error.fields.coupon ?? failureMessage(error, t('buy.couponGone'), locale);
  return failureMessage(error, genericError, locale);
}

function QuoteCard({
  plan,
  quote,
  isStale,
  notice,
  money,
  onBuy,
}: {
  plan: Plan;
  quote: UseQueryResult<PurchaseQuote>;
  isStale: boolean;
  notice: string | null;
  money: (minor: number) => string;
  onBuy: (quote: PurchaseQuote) => void;
}) {
  const { t } = usePlansMessages();
  const current = quote.data;
  const view = current ? quoteView(current) : null;
  return (
    <Card className="flex flex-col gap-4" role="region" aria-labelledby="quote-title">
      <h2 id="quote-title" className="text-base font-semibold text-gray-900 dark:text-gray-50">
        {t('quote.title')}
      </h2>
      {current && view ? (
        <>
          <QuoteLines quote={current} view={view} isStale={isStale} money={money} />
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
            onClick={() => onBuy(current)}
          >
            <Wallet className="size-4" aria-hidden="true" />
            {t('buy.button', { amount: money(current.toPay) })}
          </Button>
        </>
      ) : quote.isError ? (
        <QueryLoadError query={quote} fallback={t('quote.failed')} />
      ) : (
        <QuoteSkeleton />
      )}
    </Card>
  );
}

/** "Buy this plan?": what it costs, what is left, until when it runs. */
function PurchaseConfirmSheet({
  plan,
  confirming,
  money,
  isBusy,
  onClose,
  onConfirm,
}: {
  plan: Plan;
  confirming: PurchaseQuote | null;
  money: (minor: number) => string;
  isBusy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = usePlansMessages();
  return (
    <ConfirmSheet
      open={confirming !== null}
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
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
          isBusy={isBusy}
          onConfirm={onConfirm}
          close={close}
        />
      )}
    </ConfirmSheet>
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

/** The quote's lines: price, the coupon's discount, to pay, the balance and what is left after. */
function QuoteLines({
  quote,
  view,
  isStale,
  money,
}: {
  quote: PurchaseQuote;
  view: ReturnType<typeof quoteView>;
  isStale: boolean;
  money: (minor: number) => string;
}) {
  const { t } = usePlansMessages();
  const current = quote;
  return (
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
  );
}

function QuoteSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <Skeleton style={{ height: '1rem', width: '100%' }} />
      <Skeleton style={{ height: '1.5rem', width: '100%' }} />
      <Skeleton style={{ height: '1rem', width: '100%' }} />
      <Skeleton className="rounded-xl" style={{ height: '2.75rem', width: '100%' }} />
    </div>
  );
}
