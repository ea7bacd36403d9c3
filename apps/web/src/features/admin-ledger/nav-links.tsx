import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { payoutQueueSizeQueryOptions, reviewQueueSizeQueryOptions } from './api';
import { useConsoleCan } from '../../lib/console-access';
import { useAdminLedgerMessages } from './messages';
import { QueueCount } from '../../components/ui/queue-count';

// relative: the spoken count is absolutely positioned and must stay inside the navigation's scroller.
const linkClass =
  'relative flex items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation of the money pages; the recharge and payout queues show how many wait. */
export function AdminLedgerNavLinks() {
  const { t } = useAdminLedgerMessages();
  const can = useConsoleCan();
  const { data: waiting } = useQuery({ ...reviewQueueSizeQueryOptions(), enabled: can('recharges') });
  const { data: payoutsWaiting } = useQuery({ ...payoutQueueSizeQueryOptions(), enabled: can('withdrawals') });
  return (
    <>
      {can('recharges') ? (
        <Link to="/admin/recharges" className={linkClass} activeProps={activeProps}>
          {t('nav.reviews')}
          <QueueCount count={waiting} spoken={(count) => t('nav.waiting', { count })} />
        </Link>
      ) : null}
      {can('withdrawals') ? (
        <Link to="/admin/payouts" className={linkClass} activeProps={activeProps}>
          {t('nav.payouts')}
          <QueueCount count={payoutsWaiting} spoken={(count) => t('nav.payoutsWaiting', { count })} />
        </Link>
      ) : null}
      {can('adjustments') ? (
        <Link to="/admin/adjust" className={linkClass} activeProps={activeProps}>
          {t('nav.adjust')}
        </Link>
      ) : null}
      {can('ledger') ? (
        <Link to="/admin/ledger" className={linkClass} activeProps={activeProps}>
          {t('nav.ledger')}
        </Link>
      ) : null}
      {can('payment_channels') ? (
        <Link to="/admin/channels" className={linkClass} activeProps={activeProps}>
          {t('nav.channels')}
        </Link>
      ) : null}
    </>
  );
}
