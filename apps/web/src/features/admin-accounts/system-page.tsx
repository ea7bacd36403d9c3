import { useQuery } from '@tanstack/react-query';
import type { JobStatus, SystemStatus } from '@orchard/shared';
import { queryOptions } from '@tanstack/react-query';
import { Card } from '../../components/ui/card';
import { ConsolePage, DataTable, type Column } from '../../components/ui/console';
import { apiFetch } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useAdminAccountsMessages } from './messages';
import { MaintenanceCard } from './maintenance-card';
import { Pill } from './ui';

/** getSystemStatus: the instance that answers; read again every 30 seconds. */
export const systemQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'system'] as const,
    queryFn: ({ signal }) => apiFetch<SystemStatus>('/admin/system', { signal }),
    refetchInterval: 30_000,
  });

/**
 * `/admin/system`: each periodic job's last run and failures with their reason, the queues and
 * maintenance mode — what /metrics gives, for operators without Grafana.
 */
export function SystemPage() {
  const { t } = useAdminAccountsMessages();
  const { data, error, isPending, refetch } = useQuery(systemQueryOptions());
  const when = (at: string | null) => (at ? formatDateTime(at) : t('common.dash'));
  const columns: Column<JobStatus>[] = [
    { key: 'name', header: t('system.job'), cell: (job) => job.name },
    {
      key: 'state',
      header: t('system.state'),
      cell: (job) =>
        job.pollMs <= 0 ? (
          <Pill tone="gray">{t('system.off')}</Pill>
        ) : job.paused ? (
          <Pill tone="amber">{t('system.paused')}</Pill>
        ) : job.lastFailureAt && (!job.lastSuccessAt || job.lastFailureAt > job.lastSuccessAt) ? (
          <Pill tone="red">{t('system.failing')}</Pill>
        ) : (
          <Pill tone="green">{t('system.ok')}</Pill>
        ),
    },
    { key: 'success', header: t('system.lastSuccess'), cell: (job) => when(job.lastSuccessAt) },
    { key: 'runs', header: t('system.runs'), align: 'end', cell: (job) => job.runs },
    { key: 'failures', header: t('system.failures'), align: 'end', cell: (job) => job.failures },
    {
      key: 'error',
      header: t('system.lastError'),
      cell: (job) => (job.lastError ? `${when(job.lastFailureAt)}: ${job.lastError}` : t('common.dash')),
    },
  ];
  const queues: Array<[string, number | undefined]> = [
    [t('system.rechargesToReview'), data?.queues.rechargesToReview],
    [t('system.payouts'), data?.queues.payouts],
    [t('system.referralHolds'), data?.queues.referralHolds],
  ];
  return (
    <ConsolePage title={t('system.title')} description={t('system.lead')}>
      <DataTable
        caption={t('system.caption')}
        columns={columns}
        rows={data?.jobs}
        rowKey={(job) => job.name}
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={{ title: t('system.noJobs'), body: t('system.noJobsBody') }}
      />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Card className="flex flex-col gap-2">
          <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('system.queues')}</h2>
          <dl>
            {queues.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 border-t border-gray-200 py-2 text-sm dark:border-gray-800">
                <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
                <dd className="font-medium text-gray-900 tabular-nums dark:text-gray-100">{value ?? t('common.dash')}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <MaintenanceCard />
      </div>
    </ConsolePage>
  );
}
