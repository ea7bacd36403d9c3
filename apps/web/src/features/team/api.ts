import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { MyCommissionPage, TeamLevel, TeamMemberPage, TeamSummary } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

/**
 * Team data (operationIds in comments). Route loaders import this file, so it stays small and
 * zod-free: types only from the shared contracts.
 */
export type { TeamLevel, TeamSummary };

const teamKeys = {
  all: ['team'] as const,
  summary: () => ['team', 'summary'] as const,
  members: (level: TeamLevel) => ['team', 'members', level] as const,
  commissions: () => ['team', 'commissions'] as const,
};

/** getTeamSummary */
export const teamSummaryQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.summary(), queryFn: ({ signal }) => apiFetch<TeamSummary>('/team', { signal }), staleTime: 30_000 });

/** listTeamMembers, newest first, "Load more" passes nextCursor. */
export const teamMembersQueryOptions = (level: TeamLevel) =>
  infiniteQueryOptions({
    queryKey: teamKeys.members(level),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<TeamMemberPage>(`/team/members?level=${level}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

/** listMyCommissions, newest first. */
export const myCommissionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: teamKeys.commissions(),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<MyCommissionPage>(`/team/commissions${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });
