import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { reviewQueueSizeQueryOptions } from './api';
import { useAdminLedgerMessages } from './messages';

// relative: the spoken count is absolutely positioned and must stay inside the navigation's scroller.
const linkClass =
  'relative flex items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation of the money pages; the review queue shows how many orders wait. */
export function AdminLedgerNavLinks() {
  const { t } = useAdminLedgerMessages();
  const { data: waiting } = useQuery(reviewQueueSizeQueryOptions());
  return (
    <>
      <Link to="/admin/recharges" className={linkClass} activeProps={activeProps}>
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
      <Link to="/admin/adjust" className={linkClass} activeProps={activeProps}>
        {t('nav.adjust')}
      </Link>
      <Link to="/admin/ledger" className={linkClass} activeProps={activeProps}>
        {t('nav.ledger')}
      </Link>
      <Link to="/admin/channels" className={linkClass} activeProps={activeProps}>
        {t('nav.channels')}
      </Link>
    </>
  );
}
