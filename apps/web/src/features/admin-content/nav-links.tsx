import { Link } from '@tanstack/react-router';
import { useConsoleCan } from '../../lib/console-access';
import { useAdminContentMessages } from './messages';

const linkClass = 'rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation of the content pages (operator and support). */
export function AdminContentNavLinks() {
  const { t } = useAdminContentMessages();
  const can = useConsoleCan();
  if (!can('content')) return null;
  return (
    <>
      <Link to="/admin/announcements" className={linkClass} activeProps={activeProps}>
        {t('nav.announcements')}
      </Link>
      <Link to="/admin/promotions" className={linkClass} activeProps={activeProps}>
        {t('nav.promotions')}
      </Link>
      <Link to="/admin/help-articles" className={linkClass} activeProps={activeProps}>
        {t('nav.help')}
      </Link>
      <Link to="/admin/legal" className={linkClass} activeProps={activeProps}>
        {t('nav.legal')}
      </Link>
    </>
  );
}
