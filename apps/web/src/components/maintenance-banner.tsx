import { useQuery } from '@tanstack/react-query';
import { maintenanceQueryOptions } from '../lib/maintenance';
import { useUiMessages } from './ui/messages';

/**
 * Maintenance mode's banner (the operator's switch or the deploy's key): money does not move,
 * reading does. Shown by the signed-in `Page` and the console; nothing while it is off.
 */
export function MaintenanceBanner() {
  const { t } = useUiMessages();
  const { data } = useQuery(maintenanceQueryOptions());
  if (!data?.on) return null;
  return (
    <div role="status" className="rounded-xl bg-amber-100 px-4 py-3 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50">
      <p className="font-semibold">{t('notice.maintenance')}</p>
      {data.message ? <p>{data.message}</p> : null}
    </div>
  );
}
