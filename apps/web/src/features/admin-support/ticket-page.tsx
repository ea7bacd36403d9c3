import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import { supportMessageBodySchema, type SupportMessage } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ConsolePage } from '../../components/ui/console';
import { TextAreaField } from '../../components/ui/console-fields';
import { Form, SubmitButton, useZodForm } from '../../components/ui/form';
import { QueryLoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeletons';
import { toast } from '../../components/ui/toast';
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
    <li className={cn('flex flex-col gap-1', fromSupport ? 'items-end ps-8' : 'items-start pe-8')}>
      <span className="px-1 text-xs text-gray-600 dark:text-gray-400">
        <span className="font-medium text-gray-800 dark:text-gray-200">{fromSupport ? t('ticket.support') : member || t('ticket.member')}</span>{' '}
        · {formatShortDateTime(message.createdAt)}
      </span>
      <p
        className={cn(
          'max-w-prose rounded-2xl px-4 py-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
          fromSupport
            ? 'bg-primary-50 text-gray-900 dark:bg-primary-950 dark:text-gray-50'
            : 'border border-gray-200 bg-white text-gray-900 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-50',
        )}
      >
        {message.body}
      </p>
    </li>
  );
}

/** Support's reply (the member is told) and the close; a closed request takes neither. */
function ReplyCard({ id, closed }: { id: string; closed: boolean }) {
  const { t } = useAdminSupportMessages();
  const reply = useSupportReply(id);
  const close = useSupportClose(id);
  const form = useZodForm(supportMessageBodySchema, { defaultValues: { body: '' } });
  if (closed) return <p className="text-sm text-gray-700 dark:text-gray-300">{t('ticket.closedHint')}</p>;
  return (
    <Card>
      <Form
        form={form}
        onSubmit={async (values) => {
          await reply.mutateAsync(values);
          form.reset();
          toast(t('ticket.sent'));
        }}
      >
        <TextAreaField name="body" label={t('ticket.reply')} hint={t('ticket.replyHint')} rows={5} />
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
          <SubmitButton className="sm:w-auto">{t('ticket.send')}</SubmitButton>
          <Button
            variant="secondary"
            isBusy={close.isPending}
            onClick={() =>
              close.mutate(undefined, {
                onSuccess: () => toast(t('ticket.closed')),
                onError: () => toast(t('ticket.closeFailed'), 'error'),
              })
            }
          >
            {t('ticket.close')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
