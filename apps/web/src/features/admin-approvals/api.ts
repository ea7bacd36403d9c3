import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRequest, ApprovalSettings, SentForApproval, UpdateApprovalSettingsBody } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

/** The console's two-person approval (operationIds in comments). */
export type { ApprovalRequest, ApprovalSettings };
export type ApprovalView = 'waiting' | 'mine' | 'applied' | 'failed' | 'rejected' | 'expired';

const keys = {
  all: ['admin', 'approvals'] as const,
  list: (view: ApprovalView) => ['admin', 'approvals', 'list', view] as const,
  one: (id: string) => ['admin', 'approvals', 'one', id] as const,
  waiting: () => ['admin', 'approvals', 'waiting'] as const,
  settings: () => ['admin', 'approval-settings'] as const,
};

/** listApprovals */
export const approvalsQueryOptions = (view: ApprovalView) =>
  queryOptions({
    queryKey: keys.list(view),
    queryFn: ({ signal }) => apiFetch<{ items: ApprovalRequest[] }>(`/admin/approvals?state=${view}`, { signal }),
  });

/** getApproval */
export const approvalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => apiFetch<ApprovalRequest>(`/admin/approvals/${encodeURIComponent(id)}`, { signal }),
  });

/** countApprovalsWaiting: the console navigation's count. */
export const approvalsWaitingQueryOptions = () =>
  queryOptions({
    queryKey: keys.waiting(),
    queryFn: async ({ signal }) => (await apiFetch<{ count: number }>('/admin/approvals/waiting', { signal })).count,
    refetchInterval: 30_000,
  });

/** getApprovalSettings */
export const approvalSettingsQueryOptions = () =>
  queryOptions({ queryKey: keys.settings(), queryFn: ({ signal }) => apiFetch<ApprovalSettings>('/admin/approval-settings', { signal }) });

/** approveRequest / rejectRequest: the request's new state; every approval view and the member's money may change. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, how, reason }: { id: string; how: 'approve' | 'reject'; reason?: string }) =>
      apiFetch<SentForApproval>(`/admin/approvals/${encodeURIComponent(id)}/${how}`, {
        method: 'POST',
        ...(how === 'reject' ? { body: { reason } } : {}),
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.all });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'member-money'] });
    },
  });
}

/** updateApprovalSettings */
export function useUpdateApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateApprovalSettingsBody) => apiFetch<ApprovalSettings>('/admin/approval-settings', { method: 'PUT', body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.settings() }),
  });
}
