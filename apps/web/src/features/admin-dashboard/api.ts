import { queryOptions } from '@tanstack/react-query';
import type { Dashboard, DashboardMetric } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

export type { Dashboard, DashboardMetric };

/** getDashboard: queues and totals, refreshed every 30 s while the console is open. */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => apiFetch<Dashboard>('/admin/dashboard', { signal }),
    refetchInterval: 30_000,
  });
