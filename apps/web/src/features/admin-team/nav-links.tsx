import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { openHoldCountQueryOptions } from './api';
import { useConsoleCan } from '../../lib/console-access';
import { useAdminTeamMessages } from './messages';

const linkClass =
  'relative flex items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation's referral review queue, with how many wait (exact). */
export function AdminTeamNavLinks() {
  const { t } = useAdminTeamMessages();
  const can = useConsoleCan();
  const { data: waiting } = useQuery({ ...openHoldCountQueryOptions(), enabled: can('referral_reviews') });
  if (!can('referral_reviews')) return null;
  return (
    <Link to="/admin/referral-reviews" className={linkClass} activeProps={activeProps}>
      {t('nav.reviews')}
      {waiting ? (
        <>
          <span
            aria-hidden="true"
            className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 tabular-nums dark:bg-amber-900 dark:text-amber-100"
          >
            {waiting}
          </span>
          <span className="sr-only">{t('nav.waiting', { count: waiting })}</span>
        </>
      ) : null}
    </Link>
  );
}
