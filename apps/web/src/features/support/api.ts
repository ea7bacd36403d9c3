import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpenSupportTicketBody, SupportMessageBody, SupportThread, SupportTicket, SupportTicketPage } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

/** Contact support, the member's side (operationIds in comments): their own tickets only. */
export type { SupportThread, SupportTicket };

const keys = {
  all: ['support'] as const,
  list: () => ['support', 'list'] as const,
  thread: (id: string) => ['support', 'thread', id] as const,
};

/** listSupportTickets: newest first. */
export const ticketsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: keys.list(),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<SupportTicketPage>(`/support/tickets${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** getSupportTicket: the ticket and its messages, oldest first. */
export const threadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: keys.thread(id),
    queryFn: ({ signal }) => apiFetch<SupportThread>(`/support/tickets/${encodeURIComponent(id)}`, { signal }),
  });

/** A ticket changed: the list (its state) and the inbox (a reply read there) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keys.all });
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
  };
}

/** openSupportTicket */
export function useOpenTicket() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OpenSupportTicketBody) => apiFetch<SupportTicket>('/support/tickets', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** replySupportTicket: the thread as it is now (a closed ticket is open again). */
export function useReplyTicket(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SupportMessageBody) =>
      apiFetch<SupportThread>(`/support/tickets/${encodeURIComponent(id)}/messages`, { method: 'POST', body }),
    onSuccess: (thread) => {
      queryClient.setQueryData(keys.thread(id), thread);
      refresh();
    },
  });
}

/** closeSupportTicket */
export function useCloseTicket(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiFetch<SupportTicket>(`/support/tickets/${encodeURIComponent(id)}/close`, { method: 'POST' }),
    onSettled: refresh,
  });
}
