import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, cursorListState, ViewSelect } from '../../components/ui/console-list';
import { formatShortDateTime } from '../../lib/format';
import { supportQueueQueryOptions, type AdminSupportTicket } from './api';
import { useAdminSupportMessages, type AdminSupportT } from './messages';
import { SUPPORT_VIEWS } from './search';

/** /admin/support: members' requests; waiting ones by default, the longest waiting first. */
export function SupportQueuePage() {
  const { t } = useAdminSupportMessages();
  const { view = 'open' } = useSearch({ from: '/admin/support/' });
  const navigate = useNavigate({ from: '/admin/support/' });
  const query = useInfiniteQuery(supportQueueQueryOptions(view));
  return (
    <ConsoleListPage
      title={t('queue.title')}
      description={t('queue.intro')}
      filters={
        <ViewSelect
          label={t('queue.show')}
          value={view}
          options={SUPPORT_VIEWS.map((value) => ({ value, label: t(`queue.views.${value}`) }))}
          onChange={(next) => void navigate({ search: { view: next } })}
        />
      }
      caption={t('queue.caption')}
      columns={columns(t)}
      rowKey={(ticket) => ticket.id}
      {...cursorListState(query)}
      empty={{ title: t('queue.emptyTitle'), body: t('queue.emptyBody') }}
    />
  );
}

function columns(t: AdminSupportT): Column<AdminSupportTicket>[] {
  return [
    {
      key: 'subject',
      header: t('queue.subject'),
      cell: (ticket) => (
        <Link
          to="/admin/support/$id"
          params={{ id: ticket.id }}
          className="font-medium break-words text-primary-700 underline-offset-2 hover:underline dark:text-primary-400"
        >
          {ticket.subject}
        </Link>
      ),
    },
    {
      key: 'member',
      header: t('queue.member'),
      cell: (ticket) => (
        <Link to="/admin/members/$id" params={{ id: ticket.memberId }} className="break-words hover:underline">
          {ticket.memberName}
        </Link>
      ),
    },
    { key: 'status', header: t('queue.status'), cell: (ticket) => t(`status.${ticket.status}`) },
    {
      key: 'changed',
      header: t('queue.changed'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (ticket) => formatShortDateTime(ticket.updatedAt),
    },
  ];
}
