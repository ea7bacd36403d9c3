import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell, Megaphone } from 'lucide-react';
import type { Notification } from '@orchard/shared';
import { formatMoney } from '../../lib/format';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { QueryLoadError } from '../../components/ui/load-error';
import { RelativeTime } from '../../components/ui/relative-time';
import { ListSkeleton } from '../../components/ui/skeletons';
import { cn } from '../../components/ui/cn';
import { inboxQueryOptions, useMarkAllRead, useMarkRead } from './api';
import { useNotificationsMessages } from './messages';

type NotificationsT = ReturnType<typeof useNotificationsMessages>['t'];

/** What a notification says, in the app's language, money through Intl. */
function lineOf(t: NotificationsT, item: Notification): string {
  const amount = item.amount !== null && item.currency ? formatMoney(item.amount, { currency: item.currency }) : '';
  return t(`kind.${item.kind}`, { amount, detail: item.detail ?? '' });
}

/** A support reply opens its request's thread (`link` is `/support/<id>`). */
function LineText({ item, text }: { item: Notification; text: string }) {
  const ticket = item.kind === 'support_reply' ? item.link?.match(/^\/support\/([0-9a-f-]{36})$/)?.[1] : undefined;
  if (!ticket) return text;
  return (
    <Link to="/support/$id" params={{ id: ticket }} className="underline-offset-2 hover:underline">
      {text}
    </Link>
  );
}

function Row({ item }: { item: Notification }) {
  const { t } = useNotificationsMessages();
  const markRead = useMarkRead();
  const Icon = item.kind === 'announcement' ? Megaphone : Bell;
  return (
    <li className={cn('flex items-start gap-3 border-t border-gray-200 py-3 first:border-t-0 dark:border-gray-800')}>
      <Icon
        className={cn('mt-0.5 size-5 shrink-0', item.read ? 'text-gray-400' : 'text-primary-600 dark:text-primary-400')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p
          className={cn(
            'text-sm [overflow-wrap:anywhere]',
            item.read ? 'text-gray-700 dark:text-gray-300' : 'font-semibold text-gray-900 dark:text-gray-50',
          )}
        >
          {!item.read && <span className="sr-only">{t('inbox.unread')}: </span>}
          <LineText item={item} text={lineOf(t, item)} />
        </p>
        <p className="text-xs text-gray-600 dark:text-gray-400">
          {t(`label.${item.kind}`)} · <RelativeTime value={item.createdAt} />
        </p>
      </div>
      {!item.read && (
        <Button
          variant="secondary"
          className="min-h-9 shrink-0 px-3 text-xs"
          isBusy={markRead.isPending}
          onClick={() => markRead.mutate(item.id)}
        >
          {t('inbox.markRead')}
        </Button>
      )}
    </li>
  );
}

/** /inbox: what happened to the member's money, and the important announcements, newest first. */
export function InboxPage() {
  const { t } = useNotificationsMessages();
  const query = useInfiniteQuery(inboxQueryOptions());
  const markAll = useMarkAllRead();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;
  return (
    <Page
      title={t('inbox.title')}
      actions={
        unread > 0 ? (
          <Button variant="secondary" className="min-h-10 px-3 text-sm" isBusy={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('inbox.markAllRead')}
          </Button>
        ) : null
      }
    >
      {query.isPending ? (
        <ListSkeleton rows={6} />
      ) : query.isError ? (
        <QueryLoadError query={query} fallback={t('inbox.loadFailed')} />
      ) : items.length === 0 ? (
        <EmptyState title={t('inbox.emptyTitle')} body={t('inbox.emptyBody')} />
      ) : (
        <>
          {unread === 0 && <p className="px-1 text-sm text-gray-600 dark:text-gray-400">{t('inbox.allRead')}</p>}
          <Card className="py-1">
            <ul aria-label={t('inbox.title')}>
              {items.map((item) => (
                <Row key={item.id} item={item} />
              ))}
            </ul>
          </Card>
          {query.hasNextPage && (
            <Button variant="secondary" isBusy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} className="w-full">
              {t('inbox.more')}
            </Button>
          )}
        </>
      )}
    </Page>
  );
}
