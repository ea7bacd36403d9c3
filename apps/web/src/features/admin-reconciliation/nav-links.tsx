import { Link } from '@tanstack/react-router';
import { useConsoleCan } from '../../lib/console-access';
import { useAdminReconciliationMessages } from './messages';

const linkClass =
  'relative flex items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation's bank reconciliation, for the roles that may use it. */
export function AdminReconciliationNavLinks() {
  const { t } = useAdminReconciliationMessages();
  const can = useConsoleCan();
  if (!can('reconciliation')) return null;
  return (
    <Link to="/admin/reconciliation" className={linkClass} activeProps={activeProps}>
      {t('nav.reconciliation')}
    </Link>
  );
}
