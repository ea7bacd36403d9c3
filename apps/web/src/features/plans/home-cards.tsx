import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, ChevronRight, HandCoins, LayoutGrid } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDate, formatMoney } from '../../lib/format';
import { activePurchasesQueryOptions, commissionSummaryQueryOptions, planKeys } from './api';
import { pickActivePurchase } from './logic';
import { usePlansMessages } from './messages';
import { PurchaseStatusPill, Skeleton } from './parts';
import { PlanCountdown } from './plan-countdown';

/** The plans the member holds active now (undefined while not known): /home promotes none of them. */
export function useHeldPlanIds(): string[] | undefined {
  const active = useQuery(activePurchasesQueryOptions());
  return active.data?.items.filter((item) => item.status === 'active').map((item) => item.plan.id);
}

/**
 * /home: the active plan with a countdown to its end, or a way to choose one. Nothing at all when
 * the member's plans could not be loaded: home stays about the wallet.
 */
export function ActivePlanCard() {
  const { t } = usePlansMessages();
  const queryClient = useQueryClient();
  const active = useQuery(activePurchasesQueryOptions());
  if (active.isError && !active.data) return null;
  if (!active.data) return <Skeleton className="rounded-2xl" style={{ height: '11rem', width: '100%' }} />;
  const purchase = pickActivePurchase(active.data.items);
  const others = active.data.items.filter((item) => item.status === 'active').length - 1;

  if (!purchase) {
    return (
      <Card className="flex flex-col gap-3" role="region" aria-labelledby="no-plan-title">
        <div className="flex items-start gap-3">
          <span
            className="bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-400 grid size-10 shrink-0 place-items-center rounded-xl"
            aria-hidden="true"
          >
            <LayoutGrid className="size-5" />
          </span>
          <div className="flex flex-col gap-0.5">
            <h2 id="no-plan-title" className="text-base font-semibold text-gray-900 dark:text-gray-50">
              {t('home.noPlanTitle')}
            </h2>
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('home.noPlanBody')}</p>
          </div>
        </div>
        <Link to="/plan" className={buttonClass('primary', 'w-full')}>
          {t('home.noPlanAction')}
        </Link>
      </Card>
    );
  }

  return (
    <Card className="flex flex-col gap-3" role="region" aria-labelledby="active-plan-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="active-plan-title" className="text-sm font-medium text-gray-600 dark:text-gray-400">
          {t('home.planTitle')}
        </h2>
        <PurchaseStatusPill status="active" />
      </div>
      <div className="flex flex-col gap-0.5">
        <p className="text-lg font-semibold text-gray-900 dark:text-gray-50">{purchase.plan.name}</p>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('home.activeUntil', { date: formatDate(purchase.endsAt) })}</p>
      </div>
      <PlanCountdown
        at={purchase.endsAt}
        serverTime={purchase.serverTime}
        receivedAt={active.dataUpdatedAt}
        label={t('home.endsIn')}
        timeUpText={t('home.timeUp')}
        onElapsed={() => void queryClient.invalidateQueries({ queryKey: planKeys.purchases() })}
      />
      <Link
        to="/plan/log"
        className="text-primary-700 dark:text-primary-400 flex min-h-11 items-center justify-between gap-2 rounded-xl text-sm font-semibold hover:underline"
      >
        <span>
          {t('home.myPlans')}
          {others > 0 ? <span className="font-normal text-gray-600 dark:text-gray-400"> · {t('home.more', { count: others })}</span> : null}
        </span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </Card>
  );
}

/**
 * /home: commissions from the team's plan purchases, pending and already added to the balance,
 * each on its own, smaller than the balance above. Shown once there is anything to show.
 */
export function CommissionsCard() {
  const { t } = usePlansMessages();
  const summary = useQuery(commissionSummaryQueryOptions());
  const data = summary.data;
  if (!data || (data.pending === 0 && data.released === 0 && data.debt === 0)) return null;
  const money = (minor: number) => formatMoney(minor, { currency: data.currency });
  return (
    <Card className="flex flex-col gap-3 py-4" role="region" aria-labelledby="commissions-title">
      <h2 id="commissions-title" className="flex items-center gap-2 text-sm font-medium text-gray-600 dark:text-gray-400">
        <HandCoins className="size-4" aria-hidden="true" />
        {t('home.commissions')}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-0.5">
          <dt className="flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
            <CalendarClock className="size-3.5" aria-hidden="true" />
            {t('home.pending')}
          </dt>
          <dd className="flex flex-col">
            <span className="text-lg font-semibold text-gray-900 tabular-nums dark:text-gray-50">{money(data.pending)}</span>
            {data.pending > 0 && data.nextReleaseAt ? (
              <span className="text-xs text-gray-600 dark:text-gray-400">
                {t('home.pendingFrom', { date: formatDate(data.nextReleaseAt) })}
              </span>
            ) : null}
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs font-medium text-gray-600 dark:text-gray-400">{t('home.released')}</dt>
          <dd className="flex flex-col">
            <span className="text-lg font-semibold text-gray-900 tabular-nums dark:text-gray-50">{money(data.released)}</span>
            <span className="text-xs text-gray-600 dark:text-gray-400">{t('home.releasedHint')}</span>
          </dd>
        </div>
      </dl>
      {data.debt > 0 ? (
        <p className="text-xs text-gray-700 tabular-nums dark:text-gray-300">{t('home.debt', { amount: money(data.debt) })}</p>
      ) : null}
    </Card>
  );
}
