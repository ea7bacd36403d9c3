import { Link } from '@tanstack/react-router';
import { useConsoleCan } from '../../lib/console-access';
import { useAdminAccountsMessages } from './messages';

const linkClass = 'rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation of the member pages. */
export function AdminAccountsNavLinks() {
  const { t } = useAdminAccountsMessages();
  const can = useConsoleCan();
  return (
    <>
      {can('members') ? (
        <Link to="/admin/members" className={linkClass} activeProps={activeProps}>
          {t('nav.members')}
        </Link>
      ) : null}
      {can('members') ? (
        <Link to="/admin/closures" className={linkClass} activeProps={activeProps}>
          {t('nav.closures')}
        </Link>
      ) : null}
      {can('roles') ? (
        <Link to="/admin/console-sessions" className={linkClass} activeProps={activeProps}>
          {t('nav.consoleSessions')}
        </Link>
      ) : null}
      {can('outbox') ? (
        <Link to="/admin/outbox" className={linkClass} activeProps={activeProps}>
          {t('nav.outbox')}
        </Link>
      ) : null}
      {can('maintenance') ? (
        <Link to="/admin/system" className={linkClass} activeProps={activeProps}>
          {t('nav.system')}
        </Link>
      ) : null}
      {can('audit_log') ? (
        <Link to="/admin/audit" className={linkClass} activeProps={activeProps}>
          {t('nav.audit')}
        </Link>
      ) : null}
    </>
  );
}
