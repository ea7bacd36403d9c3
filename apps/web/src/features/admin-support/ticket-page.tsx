import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import type { SupportMessage } from '@orchard/shared';
import { ConsolePage } from '../../components/ui/console';
import { QueryLoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeletons';
import { ThreadMessage } from '../../components/ui/thread-message';
import { ThreadReply } from '../../components/ui/thread-reply';
import { formatShortDateTime } from '../../lib/format';
import { supportTicketQueryOptions, useSupportClose, useSupportReply, type AdminSupportThread } from './api';
import { useAdminSupportMessages } from './messages';

/** /admin/support/$id: a member's request, its thread, the reply as "Support" and the close. */
export function SupportTicketPage() {
  const { t } = useAdminSupportMessages();
  const { id } = useParams({ from: '/admin/support/$id' });
  const query = useQuery(supportTicketQueryOptions(id));
  return (
    <ConsolePage
      title={query.data?.ticket.subject ?? t('queue.title')}
      description={
        query.data
          ? `${t('ticket.from', { member: query.data.ticket.memberName, when: formatShortDateTime(query.data.ticket.createdAt) })} · ${t(`status.${query.data.ticket.status}`)}`
          : undefined
      }
      actions={
        <Link to="/admin/support" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-400">
          <ChevronLeft className="size-4" aria-hidden="true" />
          {t('ticket.back')}
        </Link>
      }
    >
      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError ? (
        <QueryLoadError query={query} fallback={t('ticket.loadFailed')} />
      ) : (
        <Thread thread={query.data} />
      )}
    </ConsolePage>
  );
}

function Thread({ thread }: { thread: AdminSupportThread }) {
  const { t } = useAdminSupportMessages();
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <h2 className="sr-only">{t('ticket.messages')}</h2>
      <ol className="flex flex-col gap-3">
        {thread.messages.map((message) => (
          <Message key={message.id} message={message} member={thread.ticket.memberName} />
        ))}
      </ol>
      <ReplyCard id={thread.ticket.id} closed={thread.ticket.status === 'closed'} />
    </div>
  );
}

function Message({ message, member }: { message: SupportMessage; member: string }) {
  const { t } = useAdminSupportMessages();
  const fromSupport = message.author === 'support';
  return (
    <ThreadMessage
      own={fromSupport}
      author={fromSupport ? t('ticket.support') : member || t('ticket.member')}
      when={formatShortDateTime(message.createdAt)}
      body={message.body}
    />
  );
}

/** Support's reply (the member is told) and the close; a closed request takes neither. */
function ReplyCard({ id, closed }: { id: string; closed: boolean }) {
  const { t } = useAdminSupportMessages();
  const reply = useSupportReply(id);
  const close = useSupportClose(id);
  if (closed) return <p className="text-sm text-gray-700 dark:text-gray-300">{t('ticket.closedHint')}</p>;
  return (
    <ThreadReply
      label={t('ticket.reply')}
      hint={t('ticket.replyHint')}
      rows={5}
      send={{ label: t('ticket.send'), done: t('ticket.sent'), run: (body) => reply.mutateAsync(body) }}
      close={{
        label: t('ticket.close'),
        done: t('ticket.closed'),
        failed: t('ticket.closeFailed'),
        busy: close.isPending,
        run: (callbacks) => close.mutate(undefined, callbacks),
      }}
    />
  );
}
