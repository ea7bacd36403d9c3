import { queryOptions } from '@tanstack/react-query';
import type { AuthOptions, SessionList } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

// Query options that route loaders use. Route files stay in the first bundle (only their
// components are split off), so these live apart from the pages and import nothing heavy.

/** What the forms need to know: invite required?, password lengths, code length, cool-down. */
export function authOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['accounts', 'options'],
    queryFn: ({ signal }) => apiFetch<AuthOptions>('/auth/options', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** My signed-in devices. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: ['accounts', 'sessions'],
    queryFn: ({ signal }) => apiFetch<SessionList>('/me/sessions', { signal }),
  });
}
