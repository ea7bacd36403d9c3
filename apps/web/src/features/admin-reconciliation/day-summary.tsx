import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { FileSpreadsheet } from 'lucide-react';
import { ViewSelect } from '../../components/ui/console-list';
import { buttonClass } from '../../components/ui/controls';
import { formatMoney } from '../../lib/format';
import { reconciliationDayCsvUrl, reconciliationDayQueryOptions, reconciliationDaysQueryOptions } from './api';
import { useAdminReconciliationMessages } from './messages';

// Typed by route id; useSearch({ from }) rather than getRouteApi, whose class would join the first load.
const from = '/admin/reconciliation' as const;

/**
 * One day with bank lines (the latest, or `?day=` when it is one of them): the banks' balance
 * against the platform's cash, the lines by state, its CSV; a picker moves between the days.
 */
export function DaySummary() {
  const { t } = useAdminReconciliationMessages();
  const navigate = useNavigate({ from });
  const asked = useSearch({ from }).day;
  const days = useQuery(reconciliationDaysQueryOptions());
  const items = days.data?.items ?? [];
  const latest = items[0]?.day;
  const chosen = typeof asked === 'string' && items.some((item) => item.day === asked) ? asked : latest;
  const day = useQuery({ ...reconciliationDayQueryOptions(chosen ?? ''), enabled: Boolean(chosen) });
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
    <section
      aria-label={t('page.daySummary')}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      <div className="flex flex-wrap items-end justify-between gap-2">
        <ViewSelect
          label={t('page.day')}
          value={view.day}
          options={items.map((item) => ({
            value: item.day,
            label:
              item.queued + item.suspicious > 0 ? t('page.dayWaiting', { day: item.day, count: item.queued + item.suspicious }) : item.day,
          }))}
          onChange={(next) => void navigate({ search: next === latest ? {} : { day: next } })}
        />
        <a href={reconciliationDayCsvUrl(view.day)} download className={buttonClass('secondary', 'min-h-11')}>
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          {t('page.download')}
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value, attention]) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
            <dd
              className={
                attention
                  ? 'font-semibold text-amber-800 tabular-nums dark:text-amber-300'
                  : 'font-semibold text-gray-900 tabular-nums dark:text-gray-50'
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
