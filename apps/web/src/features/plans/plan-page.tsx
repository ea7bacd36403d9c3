import { useState, type ReactNode } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { BadgeInfo, CircleCheckBig } from 'lucide-react';
import { Page } from '../../components/page';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDate, formatMoney } from '../../lib/format';
import { planQueryOptions, type Plan, type Purchase } from './api';
import { limitText, planAvailability, type Availability } from './logic';
import { fallbackLang, UntranslatedMark } from '../../components/ui/untranslated';
import { usePlansMessages } from './messages';
import { AvailabilityPill, Benefit, CardsSkeleton, PlanBadge, PlanPrice } from './parts';
import { SaleCountdown } from './plan-countdown';
import { Checkout } from './checkout';
import { QueryLoadError } from '../../components/ui/load-error';

/** /plan/{id}: the plan, a coupon with a live quote, and buying it from the wallet. */
export function PlanPage() {
  const { id } = useParams({ from: '/_default/_app/plan/$id' });
  const { t } = usePlansMessages();
  const plan = useQuery(planQueryOptions(id));
  const [bought, setBought] = useState<Purchase | null>(null);
  return (
    <Page title={plan.data?.name ?? t('plan.title')} backTo="/plan">
      {bought ? (
        <PurchaseDone purchase={bought} />
      ) : plan.data ? (
        <PlanDetail plan={plan.data} receivedAt={plan.dataUpdatedAt} onBought={setBought} />
      ) : plan.isError ? (
        <QueryLoadError query={plan} fallback={t('errors.loadFailed')} />
      ) : (
        <CardsSkeleton cards={2} height="12rem" />
      )}
    </Page>
  );
}

function PlanDetail({ plan, receivedAt, onBought }: { plan: Plan; receivedAt: number; onBought: (purchase: Purchase) => void }) {
  const availability = planAvailability(plan);
  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <PlanFacts plan={plan} availability={availability}>
        <SaleCountdown plan={plan} receivedAt={receivedAt} />
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
        {plan.badge ? <PlanBadge plan={plan} /> : <span />}
        <AvailabilityPill availability={availability} />
      </div>
      <UntranslatedMark fields={plan.untranslated} />
      <div className="flex flex-col gap-1">
        <span id="plan-price-label" className="text-sm text-gray-600 dark:text-gray-400">
          {t('plan.price')}
        </span>
        <PlanPrice plan={plan} className="text-3xl" />
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
              <Benefit key={benefit}>{benefit}</Benefit>
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
