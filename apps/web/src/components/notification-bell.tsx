import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import type { UnreadCount } from '@orchard/shared';
import { useTranslation } from '@/lib/i18n';
import { apiFetch } from '../lib/api-client';
import { useLiveConnected } from '../lib/live-events';

/**
 * The bell in the top bar of every signed-in page (phone and wide): the inbox, with how many are
 * unread. The live stream's `inbox` event reads the count again (lib/live-events.ts); without a
 * stream it is read every minute.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const live = useLiveConnected();
  const { data } = useQuery({
    queryKey: ['notifications', 'unread'],
    queryFn: ({ signal }) => apiFetch<UnreadCount>('/notifications/unread', { signal }),
    staleTime: 30_000,
    refetchInterval: live ? false : 60_000,
  });
  const unread = data?.unread ?? 0;
  return (
    <Link
      to="/inbox"
      className="relative grid size-11 shrink-0 place-items-center rounded-xl text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
      aria-label={unread > 0 ? t('nav.inboxUnread', { count: unread }) : t('nav.inbox')}
    >
      <Bell className="size-6" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="absolute top-1 right-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
