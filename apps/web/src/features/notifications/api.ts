import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationPreferences, UnreadCount, UpdateNotificationPreferencesBody } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

/** The inbox and the email preferences (listNotifications, readNotification, readAllNotifications, …). */
const keys = {
  list: () => ['notifications', 'list'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
};

export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: keys.list(),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<NotificationList>(`/notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: keys.preferences(),
    queryFn: ({ signal }) => apiFetch<NotificationPreferences>('/notifications/preferences', { signal }),
  });

/** Everything under ['notifications'] (the list and the bell's count) is read again. */
function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
}

export function useMarkRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: (id: string) => apiFetch<UnreadCount>(`/notifications/${id}/read`, { method: 'POST' }),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: () => apiFetch<UnreadCount>('/notifications/read-all', { method: 'POST' }),
    onSettled: refresh,
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesBody) =>
      apiFetch<NotificationPreferences>('/notifications/preferences', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(keys.preferences(), saved),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<{ kind: string }>(`/notifications/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', body: {} }),
  });
}
