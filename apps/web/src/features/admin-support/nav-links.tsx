import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { QueueCount } from '../../components/ui/queue-count';
import { useConsoleCan } from '../../lib/console-access';
import { supportWaitingQueryOptions } from './api';
import { useAdminSupportMessages } from './messages';

const linkClass =
  'relative flex items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation's support queue, with how many requests wait for an answer. */
export function AdminSupportNavLinks() {
  const { t } = useAdminSupportMessages();
  const can = useConsoleCan();
  const { data: waiting } = useQuery({ ...supportWaitingQueryOptions(), enabled: can('support_tickets') });
  if (!can('support_tickets')) return null;
  return (
    <Link to="/admin/support" className={linkClass} activeProps={activeProps}>
      {t('nav.support')}
      <QueueCount count={waiting} spoken={(count) => t('nav.waiting', { count })} />
    </Link>
  );
}
