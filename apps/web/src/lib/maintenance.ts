import { queryOptions } from '@tanstack/react-query';
import type { MaintenanceStatus } from '@orchard/shared';
import { apiFetch } from './api-client';

/** Whether money moves now (maintenance mode): the app's and the console's banner read it. */
export const maintenanceQueryOptions = () =>
  queryOptions({
    queryKey: ['maintenance'] as const,
    queryFn: ({ signal }) => apiFetch<MaintenanceStatus>('/maintenance', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
