import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { BadgeDollarSign, TicketPercent } from 'lucide-react';
import { redeemCouponBodySchema } from '@orchard/shared';
import { Page } from '../../components/page';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { cn } from '../../components/ui/cn';
import { inputClass } from '../../components/ui/field';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { preloadToaster, toast } from '../../components/ui/toast';
import { formatDate, formatMoney } from '../../lib/format';
import { myCouponsQueryOptions, useRedeemCoupon, type MyCoupon } from './api';
import { COUPON_STATES, couponsByState, couponValueText, couponWhen } from './logic';
import { usePlansMessages } from './messages';
import { CardsSkeleton, CouponStatePill } from './parts';
import { QueryLoadError } from '../../components/ui/load-error';

/** /coupon: redeem a code; my coupons by state (available, used, expired). */
export function CouponsPage() {
  const { t } = usePlansMessages();
  const coupons = useQuery(myCouponsQueryOptions());
  const groups = coupons.data ? couponsByState(coupons.data.items) : null;
  return (
    <Page title={t('coupons.title')} backTo="/profile">
      <RedeemForm />
      {groups && coupons.data ? (
        coupons.data.items.length === 0 ? (
          <EmptyState icon={<TicketPercent className="size-6" />} title={t('coupons.emptyTitle')} body={t('coupons.emptyBody')} />
        ) : (
          COUPON_STATES.filter((state) => groups[state].length > 0).map((state) => (
            <section key={state} aria-labelledby={`coupons-${state}`} className="flex flex-col gap-2">
              <h2 id={`coupons-${state}`} className="px-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
                {t(`coupons.${state}`)} <span className="tabular-nums">({groups[state].length})</span>
              </h2>
              <ul className="grid gap-3 lg:grid-cols-2">
                {groups[state].map((coupon) => (
                  <li key={coupon.code} className="flex">
                    <CouponCard coupon={coupon} now={Date.parse(coupons.data.serverTime)} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )
      ) : coupons.isError ? (
        <QueryLoadError query={coupons} fallback={t('coupons.failed')} />
      ) : (
        <CardsSkeleton cards={2} height="8rem" />
      )}
    </Page>
  );
}

/** The code field: a wallet credit is credited at once, a plan coupon is kept for checkout. */
function RedeemForm() {
  const { t } = usePlansMessages();
  const redeem = useRedeemCoupon();
  const form = useZodForm(redeemCouponBodySchema, { defaultValues: { code: '' } });
  useEffect(preloadToaster, []);
  return (
    <Card>
      <Form
        form={form}
        aria-labelledby="redeem-title"
        onSubmit={async ({ code }) => {
          const result = await redeem.mutateAsync(code);
          toast(
            result.outcome === 'credited'
              ? t('coupons.credited', { amount: formatMoney(result.amount, { currency: result.currency }) })
              : t('coupons.saved', { code: result.coupon.code }),
          );
          form.reset({ code: '' });
        }}
      >
        <h2 id="redeem-title" className="text-base font-semibold text-gray-900 dark:text-gray-50">
          {t('coupons.redeemTitle')}
        </h2>
        <TextField
          name="code"
          label={t('coupons.redeemLabel')}
          hint={t('coupons.redeemHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          maxLength={32}
          className={cn(inputClass, 'font-mono uppercase')}
        />
        <SubmitButton>{t('coupons.redeem')}</SubmitButton>
      </Form>
    </Card>
  );
}

function CouponCard({ coupon, now }: { coupon: MyCoupon; now: number }) {
  const { t } = usePlansMessages();
  const when = couponWhen(coupon, now);
  const money = (minor: number) => formatMoney(minor);
  const isCredit = coupon.kind === 'wallet_credit';
  const Icon = isCredit ? BadgeDollarSign : TicketPercent;
  const muted = coupon.state !== 'available';
  return (
    <article
      aria-label={`${coupon.code}: ${couponValueText(coupon, money, t)}`}
      className="flex w-full flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      <div className="flex items-start gap-3">
        <span
          className={
            muted
              ? 'grid size-10 shrink-0 place-items-center rounded-xl bg-gray-100 text-gray-500 dark:bg-gray-800 dark:text-gray-400'
              : 'bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-400 grid size-10 shrink-0 place-items-center rounded-xl'
          }
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p className="text-base font-semibold text-gray-900 tabular-nums dark:text-gray-50">{couponValueText(coupon, money, t)}</p>
          <p className="truncate font-mono text-xs text-gray-600 dark:text-gray-400">{coupon.code}</p>
        </div>
        <CouponStatePill state={coupon.state} />
      </div>

      <ul className="flex flex-col gap-1 text-sm text-gray-700 tabular-nums dark:text-gray-300">
        {coupon.minSpend > 0 ? <li>{t('coupons.minSpend', { amount: money(coupon.minSpend) })}</li> : null}
        {isCredit ? null : coupon.plans.length === 0 ? (
          <li>{t('coupons.everyPlan')}</li>
        ) : (
          <li>
            {t('coupons.forPlans')}{' '}
            {coupon.plans.map((plan, index) => (
              <span key={plan.id}>
                {index > 0 ? ', ' : null}
                <Link
                  to="/plan/$id"
                  params={{ id: plan.id }}
                  className="text-primary-700 dark:text-primary-400 font-medium underline-offset-4 hover:underline"
                >
                  {plan.name}
                </Link>
              </span>
            ))}
          </li>
        )}
        <li className="text-gray-600 dark:text-gray-400">
          {when.at ? t(`coupons.${when.kind}`, { date: formatDate(when.at) }) : t('coupons.noEnd')}
        </li>
        {coupon.state === 'available' && !isCredit && coupon.usesLeft > 0 ? (
          <li className="text-gray-600 dark:text-gray-400">{t('coupons.usesLeft', { count: coupon.usesLeft })}</li>
        ) : null}
      </ul>

      {coupon.state === 'available' && !isCredit ? (
        coupon.plans.length === 1 ? (
          <Link to="/plan/$id" params={{ id: coupon.plans[0]!.id }} className={buttonClass('secondary', 'w-full')}>
            {t('coupons.usePlan', { name: coupon.plans[0]!.name })}
          </Link>
        ) : coupon.plans.length === 0 ? (
          <Link to="/plan" className={buttonClass('secondary', 'w-full')}>
            {t('coupons.choosePlan')}
          </Link>
        ) : null
      ) : null}
    </article>
  );
}
