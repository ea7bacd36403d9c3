import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client';

/** The signed-in member as the app needs it for guards and navigation. */
export interface Me {
  id: string;
  displayName: string;
  role: 'member' | 'operator';
}

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
