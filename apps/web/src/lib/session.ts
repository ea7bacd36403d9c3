import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@orchard/shared';
import { ApiError, apiFetch } from './api-client';

/** The signed-in member (the shared contract; a type-only import costs no bytes). */
export type { Me };

export const meQueryKey = ['session', 'me'] as const;

/** The signed-in member, or null when nobody is signed in (the API answers 401). */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: async ({ signal }): Promise<Me | null> => {
      try {
        return await apiFetch<Me>('/me', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/**
 * A new member is signed in (or nobody, with null): nothing cached for the previous one may
 * show, so the cache is emptied before the member is put in.
 */
export function setSignedIn(queryClient: QueryClient, me: Me | null) {
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, me);
}
