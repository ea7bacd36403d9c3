import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui/button';
import { StatCard } from '../../components/ui/console';
import { reviewQueueSizeQueryOptions } from './api';
import { useConsoleCan } from '../../lib/console-access';
import { useAdminLedgerMessages } from './messages';

/** The console landing's recharge figure: the review queue's exact size, with both lists one tap away. */
export function RechargeQueueStatCard() {
  const { t } = useAdminLedgerMessages();
  const can = useConsoleCan();
  const size = useQuery({ ...reviewQueueSizeQueryOptions(), enabled: can('recharges') });
  if (!can('recharges')) return null;
  return (
    <StatCard
      label={t('queue.title')}
      value={size.data === undefined ? undefined : t('queue.waiting', { count: size.data })}
      action={
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/recharges" className={buttonClass(size.data ? 'primary' : 'secondary', 'min-h-10')}>
            {t('queue.open')}
          </Link>
          <Link to="/admin/recharges" search={{ status: 'all' }} className={buttonClass('ghost', 'min-h-10')}>
            {t('queue.handled')}
          </Link>
        </div>
      }
    />
  );
}
