import { type Column, StatusText } from '../../components/ui/console';
import { RelativeTime } from '../../components/ui/relative-time';
import { formatMoney } from '../../lib/format';
import { useUiMessages } from '../../components/ui/messages';
import type { RechargeReview } from './api';
import type { useAdminLedgerMessages } from './messages';

type Translate = ReturnType<typeof useAdminLedgerMessages>['t'];

const STATUS_TONE = { credited: 'good', rejected: 'bad' } as const;

/**
 * The columns every console list of recharge orders shows the same way (the review page and a
 * member's money panel), so an order reads alike wherever an operator meets it.
 */
export function orderAmountColumn(t: Translate): Column<RechargeReview> {
  return {
    key: 'amount',
    header: t('reviews.amount'),
    align: 'end',
    className: 'font-semibold whitespace-nowrap tabular-nums',
    cell: (order) => formatMoney(order.amount, { currency: order.currency }),
  };
}

/** An order's status in the words its member reads too (the common catalogue). */
function OrderStatusWord({ status }: { status: RechargeReview['status'] }) {
  return useUiMessages().t(`money.orderStates.${status}`);
}

/** Status as a word with its tone; the review page also shows why an order was rejected. */
export function orderStatusColumn(t: Translate, options: { withRejectReason?: boolean } = {}): Column<RechargeReview> {
  return {
    key: 'status',
    header: t('orders.status'),
    cell: (order) => (
      <>
        <StatusText tone={order.status in STATUS_TONE ? STATUS_TONE[order.status as keyof typeof STATUS_TONE] : 'off'}>
          <OrderStatusWord status={order.status} />
        </StatusText>
        {options.withRejectReason && order.rejectReason ? (
          <div className="mt-1 text-xs text-gray-600 dark:text-gray-400">{order.rejectReason}</div>
        ) : null}
      </>
    ),
  };
}

/** When the order last moved: handled, submitted or created. */
export function orderWhenColumn(t: Translate): Column<RechargeReview> {
  return {
    key: 'when',
    header: t('orders.when'),
    className: 'whitespace-nowrap text-gray-700 dark:text-gray-300',
    cell: (order) => <RelativeTime value={order.resolvedAt ?? order.submittedAt ?? order.createdAt} />,
  };
}

/** The order's reference and channel, the first lines of its reference cell. */
export function OrderReference({ order }: { order: RechargeReview }) {
  return (
    <>
      <div className="font-mono font-semibold">{order.reference}</div>
      <div className="text-xs text-gray-600 dark:text-gray-400">{order.channel.name}</div>
    </>
  );
}
