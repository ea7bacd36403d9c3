import { Link } from '@tanstack/react-router';
import { useConsoleCan } from '../../lib/console-access';
import { useAdminPlansMessages } from './messages';

const linkClass = 'rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const activeProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/** The console navigation of the plan pages: plans, coupons, purchases (refunds), referral settings. */
export function AdminPlansNavLinks() {
  const { t } = useAdminPlansMessages();
  const can = useConsoleCan();
  return (
    <>
      {can('plans') ? (
        <Link to="/admin/plans" className={linkClass} activeProps={activeProps}>
          {t('nav.plans')}
        </Link>
      ) : null}
      {can('coupons') ? (
        <Link to="/admin/coupons" className={linkClass} activeProps={activeProps}>
          {t('nav.coupons')}
        </Link>
      ) : null}
      {can('purchases') ? (
        <Link to="/admin/purchases" className={linkClass} activeProps={activeProps}>
          {t('nav.purchases')}
        </Link>
      ) : null}
      {can('referral_settings') ? (
        <Link to="/admin/referrals" className={linkClass} activeProps={activeProps}>
          {t('nav.referrals')}
        </Link>
      ) : null}
    </>
  );
}
