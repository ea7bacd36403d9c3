import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronRight, LifeBuoy } from 'lucide-react';
import { openSupportTicketBodySchema, SUPPORT_SUBJECT_MAX } from '@orchard/shared';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextAreaField } from '../../components/ui/console-fields';
import { EmptyState } from '../../components/ui/empty-state';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { QueryLoadError } from '../../components/ui/load-error';
import { RelativeTime } from '../../components/ui/relative-time';
import { ListSkeleton } from '../../components/ui/skeletons';
import { toast } from '../../components/ui/toast';
import { ticketsQueryOptions, useOpenTicket, type SupportTicket } from './api';
import { useSupportMessages } from './messages';
import { TicketStatusPill } from './status-pill';

/** `/support`: the member's requests to support with their state, and a new one (the form kit). */
export function SupportPage() {
  const { t } = useSupportMessages();
  const query = useInfiniteQuery(ticketsQueryOptions());
  const tickets = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={t('list.title')} backTo="/profile">
      <p className="px-1 text-sm text-gray-700 dark:text-gray-300">{t('list.lead')}</p>
      <NewRequestCard />
      <section aria-labelledby="support-mine" className="flex flex-col gap-2">
        <h2 id="support-mine" className="px-1 font-semibold text-gray-900 dark:text-gray-50">
          {t('list.mine')}
        </h2>
        {query.isPending ? (
          <ListSkeleton rows={3} />
        ) : query.isError ? (
          <QueryLoadError query={query} fallback={t('list.loadFailed')} />
        ) : tickets.length === 0 ? (
          <EmptyState title={t('list.emptyTitle')} body={t('list.emptyBody')} icon={<LifeBuoy className="size-6" />} />
        ) : (
          <Card className="py-1">
            <ul>
              {tickets.map((ticket) => (
                <TicketRow key={ticket.id} ticket={ticket} />
              ))}
            </ul>
          </Card>
        )}
        {query.hasNextPage && (
          <Button variant="secondary" isBusy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} className="w-full">
            {t('list.more')}
          </Button>
        )}
      </section>
    </Page>
  );
}

function TicketRow({ ticket }: { ticket: SupportTicket }) {
  const { t } = useSupportMessages();
  return (
    <li className="border-t border-gray-200 first:border-t-0 dark:border-gray-800">
      <Link to="/support/$id" params={{ id: ticket.id }} className="flex min-h-14 items-center gap-3 py-3 hover:underline">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-medium [overflow-wrap:anywhere] text-gray-900 dark:text-gray-50">{ticket.subject}</span>
          <span className="flex flex-wrap items-center gap-2 text-xs text-gray-600 dark:text-gray-400">
            <TicketStatusPill status={ticket.status} />
            <span>
              {t('list.updated')} <RelativeTime value={ticket.updatedAt} />
            </span>
          </span>
        </div>
        <ChevronRight className="size-5 shrink-0 text-gray-500" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** "New request": a subject and a first message; the thread opens once it is sent. */
function NewRequestCard() {
  const { t } = useSupportMessages();
  const navigate = useNavigate();
  const open = useOpenTicket();
  const form = useZodForm(openSupportTicketBodySchema, { defaultValues: { subject: '', body: '' } });
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-gray-900 dark:text-gray-50">{t('form.title')}</h2>
      <Form
        form={form}
        onSubmit={async (values) => {
          const ticket = await open.mutateAsync(values);
          toast(t('form.sent'));
          form.reset();
          await navigate({ to: '/support/$id', params: { id: ticket.id } });
        }}
      >
        <TextField name="subject" label={t('form.subject')} hint={t('form.subjectHint')} maxLength={SUPPORT_SUBJECT_MAX} autoComplete="off" />
        <TextAreaField name="body" label={t('form.body')} hint={t('form.bodyHint')} rows={4} />
        <SubmitButton>{t('form.submit')}</SubmitButton>
      </Form>
    </Card>
  );
}
