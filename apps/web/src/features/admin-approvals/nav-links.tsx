import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { QueueCount } from '../../components/ui/queue-count';
import { useConsoleCan } from '../../lib/console-access';
import { approvalsWaitingQueryOptions } from './api';
import { useAdminApprovalsMessages } from './messages';

const linkClass =
  'relative flex items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation's approvals, with how many wait for the signed-in person's approval. */
export function AdminApprovalsNavLinks() {
  const { t } = useAdminApprovalsMessages();
  const can = useConsoleCan();
  const { data: waiting } = useQuery({ ...approvalsWaitingQueryOptions(), enabled: can('approvals') });
  if (!can('approvals')) return null;
  return (
    <Link to="/admin/approvals" className={linkClass} activeProps={activeProps}>
      {t('nav.approvals')}
      <QueueCount count={waiting} spoken={(count) => t('nav.waiting', { count })} />
    </Link>
  );
}
