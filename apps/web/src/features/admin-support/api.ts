import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSupportPage, AdminSupportThread, AdminSupportTicket, SupportMessageBody, SupportTicketStatus } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

/** The console's support queue (operationIds in comments); permission `support_tickets`. */
export type { AdminSupportThread, AdminSupportTicket };

const keys = {
  all: ['admin', 'support'] as const,
  list: (status: SupportTicketStatus | 'all') => ['admin', 'support', 'list', status] as const,
  one: (id: string) => ['admin', 'support', 'one', id] as const,
  waiting: () => ['admin', 'support', 'waiting'] as const,
};

/** listSupportQueue: waiting (open) longest-waiting first; the other views latest change first. */
export const supportQueueQueryOptions = (status: SupportTicketStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: keys.list(status),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (status !== 'all') params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return apiFetch<AdminSupportPage>(`/admin/support${query ? `?${query}` : ''}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** listSupportQueue's count of tickets waiting for support: the console navigation's badge. */
export const supportWaitingQueryOptions = () =>
  queryOptions({
    queryKey: keys.waiting(),
    queryFn: async ({ signal }) => (await apiFetch<AdminSupportPage>('/admin/support?status=open&limit=1', { signal })).openCount,
    refetchInterval: 30_000,
  });

/** getSupportQueueTicket */
export const supportTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => apiFetch<AdminSupportThread>(`/admin/support/${encodeURIComponent(id)}`, { signal }),
  });

/** replySupportQueueTicket: the thread as it is now; the queue and its count change. */
export function useSupportReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportMessageBody) =>
      apiFetch<AdminSupportThread>(`/admin/support/${encodeURIComponent(id)}/reply`, { method: 'POST', body }),
    onSuccess: (thread) => queryClient.setQueryData(keys.one(id), thread),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** closeSupportQueueTicket */
export function useSupportClose(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<AdminSupportTicket>(`/admin/support/${encodeURIComponent(id)}/close`, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
