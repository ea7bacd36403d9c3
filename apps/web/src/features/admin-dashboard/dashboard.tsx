import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { formatDateTime, formatMoney } from '../../lib/format';
import { dashboardQueryOptions, type Dashboard, type DashboardMetric } from './api';
import { DailyChart } from './chart';
import { useDashboardMessages } from './messages';
import { QueryLoadError } from '../../components/ui/load-error';

const MONEY_METRICS: DashboardMetric[] = ['deposits', 'purchases', 'refunds', 'commissions_earned', 'commissions_released', 'payouts'];
const COLORS: Record<DashboardMetric, string> = {
  members: '#15803d',
  deposits: '#2563eb',
  purchases: '#16a34a',
  refunds: '#dc2626',
  commissions_earned: '#d97706',
  commissions_released: '#9333ea',
  payouts: '#0891b2',
};
/** Phone width: a figure's line in its metric's card, its period beside it (data-label). */
const periodCardClass =
  'max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:py-1 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-gray-600 max-sm:before:uppercase max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-gray-400';
const QUEUE_LINKS = { recharges: '/admin/recharges', withdrawals: '/admin/payouts', referralReviews: '/admin/referral-reviews' } as const;
type Queue = keyof Dashboard['queues'];
const QUEUES: Queue[] = ['recharges', 'withdrawals', 'referralReviews', 'failedReleases'];

/** The console dashboard (operator and finance): what waits, the totals of three periods, 30 days of charts. */
export function ConsoleDashboard() {
  const { t } = useDashboardMessages();
  const query = useQuery(dashboardQueryOptions());
  if (!query.data) {
    return query.isError ? (
      <QueryLoadError query={query} fallback={t('failed')} />
    ) : (
      <div className="h-72 animate-pulse rounded-2xl bg-gray-100 motion-reduce:animate-none dark:bg-gray-800" aria-hidden="true" />
    );
  }
  return <DashboardView data={query.data} />;
}

function DashboardView({ data }: { data: Dashboard }) {
  const { t } = useDashboardMessages();
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-title" className="text-lg font-semibold text-gray-900 dark:text-gray-50">
          {t('title')}
        </h2>
        <p className="text-xs text-gray-600 dark:text-gray-400">{t('asOf', { time: formatDateTime(data.asOf) })}</p>
      </div>
      <QueueCards data={data} />
      <TotalsTable data={data} />
      <DailyCharts data={data} />
    </section>
  );
}

/** What waits for the console: one card per queue, with its count and a way to it. */
function QueueCards({ data }: { data: Dashboard }) {
  const { t } = useDashboardMessages();
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label={t('queues')} role="group">
      {QUEUES.map((queue) => (
        <Card key={queue} className="flex items-center justify-between gap-3">
          <div className="flex flex-col">
            <span className="text-sm text-gray-600 dark:text-gray-400">{t(`queueNames.${queue}`)}</span>
            <span className="text-2xl font-bold text-gray-900 tabular-nums dark:text-gray-50" data-testid={`queue-${queue}`}>
              {data.queues[queue]}
            </span>
          </div>
          {queue === 'failedReleases' ? (
            // Purchases whose commission failed to be released: the reason and the next try are on each.
            <Link
              to="/admin/purchases"
              search={{ commission: 'release_failed' }}
              className={buttonClass(data.queues[queue] > 0 ? 'danger' : 'secondary', 'min-h-10')}
            >
              {t('open')}
            </Link>
          ) : (
            <Link to={QUEUE_LINKS[queue]} className={buttonClass(data.queues[queue] > 0 ? 'primary' : 'secondary', 'min-h-10')}>
              {t('open')}
            </Link>
          )}
        </Card>
      ))}
    </div>
  );
}

/** Each metric's totals of today, the last 7 and the last 30 days (a card per metric on a phone). */
function TotalsTable({ data }: { data: Dashboard }) {
  const { t } = useDashboardMessages();
  const money = (minor: number) => formatMoney(minor, { currency: data.currency });
  return (
    <>
      {/* Below 640 px each metric is a card of "period  figure" lines (the period from data-label): nothing to scroll sideways. */}
      <Card className="p-0">
        <table className="w-full text-sm max-sm:block">
          <caption className="sr-only">{t('tableCaption')}</caption>
          <thead className="max-sm:sr-only">
            <tr className="border-b border-gray-200 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase dark:border-gray-800 dark:text-gray-400">
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('tableCaption')}</span>
              </th>
              {(['today', 'last7Days', 'last30Days'] as const).map((period) => (
                <th key={period} scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                  {t(`periods.${period}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="tabular-nums max-sm:block">
            {(['members', ...MONEY_METRICS] as DashboardMetric[]).map((metric) => (
              <tr key={metric} className="border-t border-gray-100 first:border-0 max-sm:block max-sm:py-2 dark:border-gray-800">
                <th
                  scope="row"
                  className="px-3 py-2 text-left font-medium whitespace-nowrap text-gray-900 max-sm:block max-sm:pb-1 dark:text-gray-100"
                >
                  {t(`metrics.${metric}`)}
                </th>
                {(['today', 'last7Days', 'last30Days'] as const).map((period) => {
                  const figure = data.totals[period][metric];
                  return (
                    <td
                      key={period}
                      data-label={t(`periods.${period}`)}
                      className={cn('px-3 py-2 text-right whitespace-nowrap', periodCardClass)}
                    >
                      {/* One box, so the figure and its count stay one column beside the period on a phone. */}
                      <div>
                        {metric === 'members' ? figure.count : money(figure.amount)}
                        {metric === 'members' ? null : (
                          <div className="text-xs text-gray-500 dark:text-gray-400">{t('count', { count: figure.count })}</div>
                        )}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}

/** 30 days of money movements and of new members, a chart each. */
function DailyCharts({ data }: { data: Dashboard }) {
  const { t } = useDashboardMessages();
  const days = useMemo(() => data.daily.map((point) => point.day), [data]);
  const moneySeries = useMemo(
    () =>
      MONEY_METRICS.map((metric) => ({
        label: t(`metrics.${metric}`),
        color: COLORS[metric],
        values: data.daily.map((point) => point.values[metric] / 100),
      })),
    [data, t],
  );
  const memberSeries = useMemo(
    () => [{ label: t('metrics.members'), color: COLORS.members, values: data.daily.map((point) => point.values.members) }],
    [data, t],
  );
  const currency = data.currency;
  const formatMajor = useMemo(() => (value: number) => formatMoney(Math.round(value * 100), { currency }), [currency]);
  const formatCount = useMemo(() => (value: number) => (Number.isInteger(value) ? String(value) : ''), []);
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Card className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-gray-900 dark:text-gray-50">{t('chartMoney')}</h3>
        <DailyChart days={days} series={moneySeries} label={t('chartMoney')} dayLabel={t('day')} format={formatMajor} />
      </Card>
      <Card className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-gray-900 dark:text-gray-50">{t('chartMembers')}</h3>
        <DailyChart days={days} series={memberSeries} label={t('chartMembers')} dayLabel={t('day')} format={formatCount} />
      </Card>
    </div>
  );
}
