import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideReferralHoldBody, MemberTree, ReferralHold, ReferralHoldDecision, ReferralHoldPage } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

/** The console's team data: the referral review queue and a member's tree (operationIds in comments). */
export type { MemberTree, ReferralHold };
export type HoldsView = 'open' | 'decided';

const adminTeamKeys = {
  all: ['admin', 'team'] as const,
  holds: (view: HoldsView) => ['admin', 'team', 'holds', view] as const,
  openCount: () => ['admin', 'team', 'holds', 'count'] as const,
  tree: (memberId: string) => ['admin', 'team', 'tree', memberId] as const,
};

/** listReferralHolds: the open ones oldest first (the queue), or the decided ones. */
export const referralHoldsQueryOptions = (view: HoldsView) =>
  infiniteQueryOptions({
    queryKey: adminTeamKeys.holds(view),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<ReferralHoldPage>(`/admin/referral-holds?status=${view}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 30_000,
  });

/** listReferralHolds' count of open reviews, for the console navigation. */
export const openHoldCountQueryOptions = () =>
  queryOptions({
    queryKey: adminTeamKeys.openCount(),
    queryFn: async ({ signal }) => (await apiFetch<ReferralHoldPage>('/admin/referral-holds?status=open', { signal })).openCount,
    refetchInterval: 30_000,
  });

/** decideReferralHold */
export function useDecideReferralHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ...body }: DecideReferralHoldBody & { memberId: string }) =>
      apiFetch<ReferralHoldDecision>(`/admin/referral-holds/${encodeURIComponent(memberId)}/decision`, { method: 'POST', body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminTeamKeys.all }),
  });
}

/** getMemberTree */
export const memberTreeQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: adminTeamKeys.tree(memberId),
    queryFn: ({ signal }) => apiFetch<MemberTree>(`/admin/members/${encodeURIComponent(memberId)}/tree`, { signal }),
    staleTime: 10_000,
  });
