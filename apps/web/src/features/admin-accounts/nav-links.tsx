import { Link } from '@tanstack/react-router';
import { useAdminAccountsMessages } from './messages';

const linkClass = 'rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation of the member pages. */
export function AdminAccountsNavLinks() {
  const { t } = useAdminAccountsMessages();
  return (
    <>
      <Link to="/admin/members" className={linkClass} activeProps={activeProps}>
        {t('nav.members')}
      </Link>
      <Link to="/admin/outbox" className={linkClass} activeProps={activeProps}>
        {t('nav.outbox')}
      </Link>
      <Link to="/admin/audit" className={linkClass} activeProps={activeProps}>
        {t('nav.audit')}
      </Link>
    </>
  );
}
