import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { SupportMessage } from '@orchard/shared';
import { Page } from '../../components/page';
import { QueryLoadError } from '../../components/ui/load-error';
import { RelativeTime } from '../../components/ui/relative-time';
import { ListSkeleton } from '../../components/ui/skeletons';
import { ThreadMessage } from '../../components/ui/thread-message';
import { ThreadReply } from '../../components/ui/thread-reply';
import { threadQueryOptions, useCloseTicket, useReplyTicket, type SupportThread } from './api';
import { useSupportMessages } from './messages';
import { TicketStatusPill } from './status-pill';

/** `/support/$id`: one of the member's requests, its messages ("Support" for staff), a reply and the close. */
export function SupportThreadPage() {
  const { t } = useSupportMessages();
  const { id } = useParams({ from: '/_default/_app/support/$id' });
  const query = useQuery(threadQueryOptions(id));
  return (
    // The subject can be long: the top bar says "Request", the page says the subject in full.
    <Page title={t('thread.title')} backTo="/support">
      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError ? (
        <QueryLoadError query={query} fallback={t('thread.loadFailed')} />
      ) : (
        <Thread thread={query.data} />
      )}
    </Page>
  );
}

function Thread({ thread }: { thread: SupportThread }) {
  const { t } = useSupportMessages();
  const { ticket, messages } = thread;
  return (
    <>
      <h2 className="px-1 text-lg font-semibold [overflow-wrap:anywhere] text-gray-900 dark:text-gray-50">{ticket.subject}</h2>
      <div className="-mt-2 flex flex-wrap items-center gap-2 px-1 text-xs text-gray-600 dark:text-gray-400">
        <TicketStatusPill status={ticket.status} />
        <span>
          {t('thread.opened')} <RelativeTime value={ticket.createdAt} />
        </span>
      </div>
      <h3 className="sr-only">{t('thread.messages')}</h3>
      <ol className="flex flex-col gap-3">
        {messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </ol>
      <ReplyCard id={ticket.id} closed={ticket.status === 'closed'} />
    </>
  );
}

function Message({ message }: { message: SupportMessage }) {
  const { t } = useSupportMessages();
  const mine = message.author === 'member';
  return (
    <ThreadMessage
      own={mine}
      author={mine ? t('thread.you') : t('thread.support')}
      when={<RelativeTime value={message.createdAt} />}
      body={message.body}
    />
  );
}

/** The member's reply (a closed request opens again) and, while it is open, the close. */
function ReplyCard({ id, closed }: { id: string; closed: boolean }) {
  const { t } = useSupportMessages();
  const reply = useReplyTicket(id);
  const close = useCloseTicket(id);
  return (
    <ThreadReply
      label={t('thread.reply')}
      hint={closed ? t('thread.reopenHint') : t('thread.replyHint')}
      rows={3}
      send={{ label: t('thread.send'), done: t('thread.sent'), run: (body) => reply.mutateAsync(body) }}
      close={
        closed
          ? undefined
          : {
              label: t('thread.close'),
              done: t('thread.closed'),
              failed: t('thread.closeFailed'),
              busy: close.isPending,
              run: (callbacks) => close.mutate(undefined, callbacks),
            }
      }
    />
  );
}
