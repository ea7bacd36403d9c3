import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { supportMessageBodySchema, type SupportMessage } from '@orchard/shared';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { TextAreaField } from '../../components/ui/console-fields';
import { Form, SubmitButton, useZodForm } from '../../components/ui/form';
import { QueryLoadError } from '../../components/ui/load-error';
import { RelativeTime } from '../../components/ui/relative-time';
import { ListSkeleton } from '../../components/ui/skeletons';
import { toast } from '../../components/ui/toast';
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
    <li className={cn('flex flex-col gap-1', mine ? 'items-end ps-8' : 'items-start pe-8')}>
      <span className="px-1 text-xs text-gray-600 dark:text-gray-400">
        <span className="font-medium text-gray-800 dark:text-gray-200">{mine ? t('thread.you') : t('thread.support')}</span> ·{' '}
        <RelativeTime value={message.createdAt} />
      </span>
      <p
        className={cn(
          'max-w-prose rounded-2xl px-4 py-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
          mine
            ? 'bg-primary-50 text-gray-900 dark:bg-primary-950 dark:text-gray-50'
            : 'border border-gray-200 bg-white text-gray-900 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-50',
        )}
      >
        {message.body}
      </p>
    </li>
  );
}

/** The member's reply (a closed request opens again) and, while it is open, the close. */
function ReplyCard({ id, closed }: { id: string; closed: boolean }) {
  const { t } = useSupportMessages();
  const reply = useReplyTicket(id);
  const close = useCloseTicket(id);
  const form = useZodForm(supportMessageBodySchema, { defaultValues: { body: '' } });
  return (
    <Card>
      <Form
        form={form}
        onSubmit={async (values) => {
          await reply.mutateAsync(values);
          form.reset();
          toast(t('thread.sent'));
        }}
      >
        <TextAreaField name="body" label={t('thread.reply')} hint={closed ? t('thread.reopenHint') : t('thread.replyHint')} rows={3} />
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
          <SubmitButton className="sm:w-auto">{t('thread.send')}</SubmitButton>
          {closed ? null : (
            <Button
              variant="secondary"
              isBusy={close.isPending}
              onClick={() =>
                close.mutate(undefined, {
                  onSuccess: () => toast(t('thread.closed')),
                  onError: () => toast(t('thread.closeFailed'), 'error'),
                })
              }
            >
              {t('thread.close')}
            </Button>
          )}
        </div>
      </Form>
    </Card>
  );
}
