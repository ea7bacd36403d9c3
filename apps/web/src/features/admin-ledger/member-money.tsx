import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { type Column, DataTable } from '../../components/ui/console';
import { formatMoney } from '../../lib/format';
import { memberWalletQueryOptions, rechargeReviewsQueryOptions, type RechargeReview } from './api';
import { MemberStatement } from './member-statement';
import { MemberBalanceAt } from './member-balance-at';
import { useConsoleCan } from '../../lib/console-access';
import { useAdminLedgerMessages } from './messages';
import { OrderReference, orderAmountColumn, orderStatusColumn, orderWhenColumn } from './order-columns';

/**
 * The money side of a member page (composed by the route, beside the member's details): the
 * balance with "Adjust balance" one tap away, the statement (events, or the ledger's entries) and recharge orders.
 */
export function MemberMoneyPanel({ memberId }: { memberId: string }) {
  const { t } = useAdminLedgerMessages();
  const wallet = useQuery(memberWalletQueryOptions(memberId));
  const can = useConsoleCan();
  const orders = useInfiniteQuery({ ...rechargeReviewsQueryOptions({ status: 'all', member: memberId }, 5), enabled: can('recharges') });
  const currency = wallet.data?.currency;

  const orderColumns: Column<RechargeReview>[] = [
    { key: 'reference', header: t('reviews.reference'), cell: (order) => <OrderReference order={order} /> },
    orderAmountColumn(t),
    orderStatusColumn(t),
    orderWhenColumn(t),
  ];

  return (
    <section aria-labelledby="member-money" className="flex flex-col gap-4">
      <Card className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="member-money" className="text-base font-semibold text-gray-900 dark:text-gray-50">
            {t('money.title')}
          </h2>
          {can('adjustments') ? (
            <Link to="/admin/adjust" search={{ member: memberId }} className={buttonClass('secondary', 'min-h-10')}>
              {t('money.adjust')}
            </Link>
          ) : null}
        </div>
        {wallet.error && !wallet.data ? (
          <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
            {t('money.loadFailed')}
            <Button variant="secondary" className="min-h-10" onClick={() => void wallet.refetch()}>
              {t('money.retry')}
            </Button>
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-3">
            {(
              [
                ['available', t('money.available')],
                ['onHold', t('money.onHold')],
              ] as const
            ).map(([key, label]) => (
              <div key={key} className="rounded-xl bg-gray-50 p-3 dark:bg-gray-800/60">
                <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
                <dd className="text-xl font-semibold text-gray-900 tabular-nums dark:text-gray-50">
                  {wallet.data ? formatMoney(wallet.data[key], { currency }) : '…'}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
      <MemberBalanceAt memberId={memberId} currency={currency} />
      <MemberStatement memberId={memberId} currency={currency} />
      {can('recharges') ? (
        <DataTable
          caption={t('money.orders')}
          showCaption
          columns={orderColumns}
          rows={orders.data?.pages.flatMap((page) => page.items)}
          rowKey={(order) => order.id}
          isPending={orders.isPending}
          error={orders.error}
          onRetry={() => void orders.refetch()}
          empty={{ title: t('money.orders'), body: t('money.noOrders') }}
          skeletonRows={3}
          pager={{
            kind: 'cursor',
            hasMore: orders.hasNextPage,
            isLoadingMore: orders.isFetchingNextPage,
            onMore: () => void orders.fetchNextPage(),
          }}
        />
      ) : null}
    </section>
  );
}
