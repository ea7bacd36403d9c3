import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { Page } from '../../components/page';
import { buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { fallbackLang, UntranslatedMark } from '../../components/ui/untranslated';
import { formatDate } from '../../lib/format';
import { plansQueryOptions, type Plan } from './api';
import { limitText, planAvailability } from './logic';
import { usePlansMessages } from './messages';
import { AvailabilityPill, Benefit, CardsSkeleton, PlanBadge, PlanPrice } from './parts';
import { SaleCountdown } from './plan-countdown';
import { QueryLoadError } from '../../components/ui/load-error';

/** Benefits a card lists before "+ N more" (the plan's page lists them all). */
const CARD_BENEFITS = 3;

/** /plan: the plans on sale, each a card leading to its page. */
export function PlansPage() {
  const { t } = usePlansMessages();
  const plans = useQuery(plansQueryOptions());
  return (
    <Page
      title={t('list.title')}
      actions={
        <Link
          to="/plan/log"
          className="flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm font-semibold text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          <ClipboardList className="size-5" aria-hidden="true" />
          {t('list.myPlans')}
        </Link>
      }
    >
      {plans.data ? (
        plans.data.items.length === 0 ? (
          <EmptyState
            title={t('list.emptyTitle')}
            body={t('list.emptyBody')}
            action={
              <Link to="/recharge" className={buttonClass('primary')}>
                {t('list.emptyAction')}
              </Link>
            }
          />
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {plans.data.items.map((plan) => (
              <li key={plan.id} className="flex">
                <PlanCard plan={plan} receivedAt={plans.dataUpdatedAt} />
              </li>
            ))}
          </ul>
        )
      ) : plans.isError ? (
        <QueryLoadError query={plans} fallback={t('errors.loadFailed')} />
      ) : (
        <CardsSkeleton cards={3} height="14rem" />
      )}
    </Page>
  );
}

function PlanCard({ plan, receivedAt }: { plan: Plan; receivedAt: number }) {
  const { t } = usePlansMessages();
  const availability = planAvailability(plan);
  const limit = limitText(plan, t);
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="relative flex w-full flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-gray-200 focus-within:ring-2 focus-within:ring-primary-600 hover:ring-gray-300 dark:bg-gray-900 dark:ring-gray-800 dark:focus-within:ring-primary-500 dark:hover:ring-gray-700"
    >
      <div className="flex items-start justify-between gap-3">
        <CardTitle plan={plan} headingId={headingId} />
        {availability === 'on_sale' ? null : <AvailabilityPill availability={availability} />}
      </div>

      <PlanPrice plan={plan} className="text-2xl" />

      {plan.description ? (
        <p className="line-clamp-2 text-sm text-gray-700 dark:text-gray-300" lang={fallbackLang(plan.untranslated, 'description')}>
          {plan.description}
        </p>
      ) : null}

      <CardBenefits plan={plan} />

      {limit || plan.remainingStock !== null ? (
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs font-medium text-gray-600 tabular-nums dark:text-gray-400">
          {limit ? <span>{limit}</span> : null}
          {plan.remainingStock !== null && plan.remainingStock > 0 ? (
            <span>{t('plan.stockLeft', { count: plan.remainingStock })}</span>
          ) : null}
        </p>
      ) : null}

      {availability === 'upcoming' && plan.saleStartsAt ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">{t('plan.saleStartsAt', { date: formatDate(plan.saleStartsAt) })}</p>
      ) : null}

      <SaleCountdown plan={plan} receivedAt={receivedAt} />

      {/* A button to tap, in words; the whole card stays its target area too (the link's ::after covers it). */}
      <Link
        to="/plan/$id"
        params={{ id: plan.id }}
        aria-label={t('list.open', { name: plan.name })}
        className={buttonClass(
          availability === 'on_sale' ? 'primary' : 'secondary',
          'mt-auto w-full outline-none after:absolute after:inset-0 after:rounded-2xl',
        )}
      >
        {t('list.openShort')}
      </Link>
    </article>
  );
}

/** The plan's badge and name (each marked when shown in English for want of a translation). */
function CardTitle({ plan, headingId }: { plan: Plan; headingId: string }) {
  return (
    <div className="flex min-w-0 flex-col items-start gap-1.5">
      {plan.badge ? <PlanBadge plan={plan} /> : null}
      <h2 id={headingId} className="text-lg font-semibold text-gray-900 dark:text-gray-50">
        <span lang={fallbackLang(plan.untranslated, 'name')}>{plan.name}</span>
      </h2>
      <UntranslatedMark fields={plan.untranslated} />
    </div>
  );
}

/** The first benefits, then how many more the plan's page lists. */
function CardBenefits({ plan }: { plan: Plan }) {
  const { t } = usePlansMessages();
  const shown = plan.benefits.slice(0, CARD_BENEFITS);
  const more = plan.benefits.length - shown.length;
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5" aria-label={t('plan.benefits')} lang={fallbackLang(plan.untranslated, 'benefits')}>
      {shown.map((benefit) => (
        <Benefit key={benefit}>{benefit}</Benefit>
      ))}
      {more > 0 ? <li className="pl-6 text-sm text-gray-600 dark:text-gray-400">{t('plan.moreBenefits', { count: more })}</li> : null}
    </ul>
  );
}
