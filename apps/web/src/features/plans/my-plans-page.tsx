import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Undo } from 'lucide-react';
import { Page } from '../../components/page';
import { buttonClass } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { SimpleCountdown } from '../../components/ui/countdown';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { myPurchasesQueryOptions, planKeys, type Purchase, type PurchaseStatus } from './api';
import { serverAlignedDeadline } from './logic';
import { usePlansMessages } from './messages';
import { DayGroupedList, LoadMore } from '../../components/ui/day-list';
import { CardsSkeleton, Fact, PurchaseStatusPill } from './parts';
import { QueryLoadError } from '../../components/ui/load-error';

const FILTERS: ReadonlyArray<PurchaseStatus | undefined> = [undefined, 'active', 'expired', 'refunded'];

/** /plan/log: my plans, newest first by the day bought, with "Load more"; a filter by status. */
export function MyPlansPage() {
  const { t } = usePlansMessages();
  const [status, setStatus] = useState<PurchaseStatus | undefined>(undefined);
  const query = useInfiniteQuery(myPurchasesQueryOptions(status));
  const purchases = query.data?.pages.flatMap((page) => page.items) ?? [];
  const hasNothing = status === undefined && query.data !== undefined && purchases.length === 0;

  return (
    <Page title={t('log.title')} backTo="/plan">
      {hasNothing ? null : (
        <div role="group" aria-label={t('log.filter')} className="flex flex-wrap gap-2">
          {FILTERS.map((value) => {
            const selected = value === status;
            return (
              <button
                key={value ?? 'all'}
                type="button"
                aria-pressed={selected}
                onClick={() => setStatus(value)}
                className={cn(
                  'min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ring-inset',
                  selected
                    ? 'bg-primary-700 text-white ring-primary-700 dark:bg-primary-500 dark:text-gray-950 dark:ring-primary-500'
                    : 'bg-white text-gray-900 ring-gray-300 hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700',
                )}
              >
                {t(`log.${value ?? 'all'}`)}
              </button>
            );
          })}
        </div>
      )}

      {query.data ? (
        purchases.length === 0 ? (
          status === undefined ? (
            <EmptyState
              title={t('log.emptyTitle')}
              body={t('log.emptyBody')}
              action={
                <Link to="/plan" className={buttonClass('primary')}>
                  {t('log.choose')}
                </Link>
              }
            />
          ) : (
            <EmptyState title={t('log.emptyFilteredTitle')} body={t('log.emptyFilteredBody')} />
          )
        ) : (
          <>
            <DayGroupedList
              variant="cards"
              items={purchases}
              dateOf={(purchase) => purchase.createdAt}
              keyOf={(purchase) => purchase.id}
              render={(purchase) => <PurchaseCard purchase={purchase} receivedAt={query.dataUpdatedAt} />}
            />
            <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
          </>
        )
      ) : query.isError ? (
        <QueryLoadError query={query} fallback={t('log.failed')} />
      ) : (
        <CardsSkeleton cards={3} height="10rem" />
      )}
    </Page>
  );
}

function PurchaseCard({ purchase, receivedAt }: { purchase: Purchase; receivedAt: number }) {
  const { t } = usePlansMessages();
  const queryClient = useQueryClient();
  const money = (minor: number) => formatMoney(minor, { currency: purchase.currency });
  const headingId = `purchase-${purchase.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold text-gray-900 dark:text-gray-50">
          <Link to="/plan/$id" params={{ id: purchase.plan.id }} className="hover:underline">
            {purchase.plan.name}
          </Link>
        </h3>
        <PurchaseStatusPill status={purchase.status} />
      </div>

      {purchase.status === 'active' ? (
        <p className="flex items-baseline justify-between gap-3 rounded-xl bg-green-50 px-3 py-2 text-sm dark:bg-green-950">
          <span className="text-gray-700 dark:text-gray-300">{t('log.endsIn')}</span>
          <SimpleCountdown
            deadline={serverAlignedDeadline(purchase.endsAt, purchase.serverTime, receivedAt)}
            aria-label={t('log.endsIn')}
            labelText={t('log.timeUp')}
            hideZeroDays
            onTimeElapsed={() => void queryClient.invalidateQueries({ queryKey: planKeys.purchases() })}
            className="font-semibold text-green-800 dark:text-green-300"
          />
        </p>
      ) : null}

      <dl className="flex flex-col divide-y divide-gray-100 dark:divide-gray-800">
        <Fact label={t('log.started')}>{formatDateTime(purchase.startsAt)}</Fact>
        <Fact label={purchase.status === 'active' ? t('log.ends') : t('log.ended')}>
          {formatDateTime(purchase.status === 'refunded' && purchase.refundedAt ? purchase.refundedAt : purchase.endsAt)}
        </Fact>
        <Fact label={t('log.paid')}>
          {purchase.discount > 0 ? t('log.paidOf', { paid: money(purchase.paid), price: money(purchase.price) }) : money(purchase.paid)}
        </Fact>
        <Fact label={t('log.coupon')}>
          {purchase.couponCode ? <span className="font-mono">{purchase.couponCode}</span> : t('log.noCoupon')}
        </Fact>
      </dl>

      {purchase.status === 'refunded' ? (
        <div className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm dark:bg-amber-950">
          <Undo className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
          <div className="flex flex-col gap-0.5 text-gray-800 dark:text-gray-200">
            {purchase.refundedAt ? <p className="font-medium">{t('log.refundedOn', { date: formatDate(purchase.refundedAt) })}</p> : null}
            {purchase.refundReason ? <p>{t('log.refundReason', { reason: purchase.refundReason })}</p> : null}
            <p className="text-gray-600 dark:text-gray-400">{t('log.refundBody')}</p>
          </div>
        </div>
      ) : null}
    </article>
  );
}
