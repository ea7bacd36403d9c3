import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { buttonClass } from '../../components/ui/controls';
import { formatMoney } from '../../lib/format';
import { reconciliationDayCsvUrl, reconciliationDayQueryOptions, reconciliationDaysQueryOptions } from './api';
import { useAdminReconciliationMessages } from './messages';

/** The latest day with bank lines: the banks' balance against the platform's cash, the lines by state, its CSV. */
export function DaySummary() {
  const { t } = useAdminReconciliationMessages();
  const days = useQuery(reconciliationDaysQueryOptions());
  const latest = days.data?.items[0]?.day;
  const day = useQuery({ ...reconciliationDayQueryOptions(latest ?? ''), enabled: Boolean(latest) });
  if (days.data && !latest) return <p className="text-sm text-gray-600 dark:text-gray-400">{t('page.noDays')}</p>;
  const view = day.data;
  if (!view) return <div className="h-24 animate-pulse rounded-2xl bg-gray-100 dark:bg-gray-800" aria-hidden="true" />;
  const money = (minor: number | null) => (minor === null ? t('page.noBalance') : formatMoney(minor, { currency: view.currency }));
  const figures: [string, string, boolean][] = [
    [t('page.bankBalance'), money(view.bankBalance), false],
    [t('page.platformCash'), money(view.platformCash), false],
    [t('page.difference'), money(view.difference), view.difference !== null && view.difference !== 0],
    [t('page.matched'), String(view.counts.matched), false],
    [t('page.queued'), String(view.counts.queued), view.counts.queued > 0],
    [t('page.suspicious'), String(view.counts.suspicious), view.counts.suspicious > 0],
  ];
  return (
    <section aria-label={t('page.day')} className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-gray-900 dark:text-gray-50">
          {t('page.day')}: <span className="tabular-nums">{view.day}</span>
        </h2>
        <a href={reconciliationDayCsvUrl(view.day)} download className={buttonClass('secondary', 'min-h-10')}>
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          {t('page.download')}
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value, attention]) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className={attention ? 'font-semibold text-amber-800 tabular-nums dark:text-amber-300' : 'font-semibold text-gray-900 tabular-nums dark:text-gray-50'}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
