import { queryOptions } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@orchard/shared';
import { apiFetch } from './api-client';

/**
 * Where this session stands with the console's second factor: the console's guard (routes/admin.tsx)
 * asks before any console page loads, so it lives here with the session, light and zod-free.
 */
export const secondFactorQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'second-factor'] as const,
    queryFn: ({ signal }) => apiFetch<SecondFactorStatus>('/me/second-factor', { signal }),
    staleTime: 30_000,
  });
